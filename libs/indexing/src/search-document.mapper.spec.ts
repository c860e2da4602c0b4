import type { ProjectRecord, ProfileRecord } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { projectSearchDocument, profileSearchDocument } from './search-document.mapper';

const project: ProjectRecord = {
  _id: 'a'.repeat(24),
  ownerId: 'b'.repeat(24),
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-02T10:00:00.000Z',
  projectName: 'Farm app',
  description: 'Helps farmers plan crops',
  projectGoal: 'Launch in spring',
  toolsExperience: [
    { tool: 'Flutter', mep: 0 },
    { tool: 'Firebase', mep: 4 },
  ],
  projectType: ['Start Up'],
  productType: ['Mobile Application'],
  offeredGratification: ['Equity Grant'],
  forGratification: ['Milestone'],
  areaOfExpertise: ['Agriculture'],
  locations: ['Poland'],
  workingTypeRemote: true,
  bizRole: 30,
  techRole: 70,
  deadline: '2027-01-31',
  availability: 20,
};

describe('search documents', () => {
  it('maps a project: tags per facet, industry from the area of expertise, numbers, text and labels as text', () => {
    const doc = projectSearchDocument(project);
    expect(doc).toMatchObject({
      id: project._id,
      kind: 'project',
      ownerId: project.ownerId,
      createdAt: project.createdAt,
      text:
        'Farm app\nHelps farmers plan crops\nLaunch in spring\n' +
        'Flutter, Firebase, Agriculture, Mobile Application, Start Up, Equity Grant, Milestone, Poland, Remote',
      workingTypeRemote: true,
      workingTypeOffice: false,
      numbers: { availability: 20, bizRole: 30, techRole: 70, deadline: '2027-01-31' },
    });
    expect(doc.tags).toEqual({
      tools: ['Flutter', 'Firebase'],
      projectType: ['Start Up'],
      productType: ['Mobile Application'],
      offeredGratification: ['Equity Grant'],
      forGratification: ['Milestone'],
      softSkills: [],
      hardSkills: [],
      industry: ['Agriculture'],
      usedLanguages: [],
      locations: ['Poland'],
    });
  });

  it('indexes an unstated tool level (0) as the lowest searched level', () => {
    expect(projectSearchDocument(project).toolLevels).toEqual({ Flutter: 1, Firebase: 4 });
  });

  it('maps a profile: nickname and labels as text, collaboration months as duration', () => {
    const profile: ProfileRecord = {
      _id: 'c'.repeat(24),
      ownerId: 'd'.repeat(24),
      createdAt: '2026-05-01T10:00:00.000Z',
      updatedAt: '2026-05-01T10:00:00.000Z',
      nickname: 'pixel-pusher',
      toolsExperience: [{ tool: 'Figma', mep: 5 }],
      projectType: ['Freelancing'],
      offeredGratification: ['Salary'],
      forGratification: ['Time'],
      softSkills: ['Empathy'],
      bizRole: 50,
      techRole: 50,
      deadline: 12,
    };
    const doc = profileSearchDocument(profile);
    expect(doc).toMatchObject({
      kind: 'teammate',
      text: 'pixel-pusher\nFigma, Freelancing, Salary, Time, Empathy',
      numbers: { durationMonths: 12 },
    });
    expect(doc.numbers.deadline).toBeUndefined();
    expect(doc.tags.softSkills).toEqual(['Empathy']);
    expect(doc.tags.productType).toEqual([]);
    expect(doc.wantedHours).toBeUndefined();
  });

  it('keeps the hours per week a profile asks for, its monthly range as weeks, for matches', () => {
    const profile: ProfileRecord = {
      _id: 'c'.repeat(24),
      ownerId: 'd'.repeat(24),
      createdAt: '2026-05-01T10:00:00.000Z',
      updatedAt: '2026-05-01T10:00:00.000Z',
      nickname: 'hours',
      bizRole: 50,
      techRole: 50,
      toolsExperience: [],
      projectType: [],
      offeredGratification: [],
      forGratification: [],
    };
    const ranged = { ...profile, availabilityFrom: 40, availabilityTo: 100, availabilityType: 'Monthly' };
    expect(profileSearchDocument(ranged).wantedHours).toEqual({ from: 10, to: 25 });
    expect(profileSearchDocument({ ...profile, availability: 20 }).wantedHours).toEqual({ from: 0, to: 20 });
    expect(profileSearchDocument({ ...profile, availabilityFrom: 30 }).wantedHours).toEqual({ from: 30 });
  });

  it('copies lists, so later changes to the record never reach the document', () => {
    const doc = projectSearchDocument(project);
    doc.tags.projectType.push('Business');
    expect(project.projectType).toEqual(['Start Up']);
  });
});

describe('freshness in search documents', () => {
  it('carries the last activity and when the record stops being open', () => {
    const doc = projectSearchDocument({
      ...project,
      lastActiveAt: '2026-06-01T00:00:00.000Z',
      openToCollaborate: true,
      openConfirmedAt: '2026-05-20T00:00:00.000Z',
    });
    expect(doc.lastActiveAt).toBe('2026-06-01T00:00:00.000Z');
    expect(doc.openUntil).toBe('2026-07-19T00:00:00.000Z');
  });

  it('leaves openUntil out for a closed record, and dates a record stored before the fields by its last edit', () => {
    expect(projectSearchDocument({ ...project, openToCollaborate: false }).openUntil).toBeUndefined();
    const old = projectSearchDocument(project);
    expect(old.lastActiveAt).toBe(project.updatedAt);
    expect(old.openUntil).toBe('2026-07-01T10:00:00.000Z');
  });

  it("versions the document by the record's last change, so an older state never replaces a newer one", () => {
    expect(projectSearchDocument(project).version).toBe(Date.parse(project.updatedAt));
    expect(projectSearchDocument({ ...project, updatedAt: 'not a time' })).not.toHaveProperty('version');
  });
});

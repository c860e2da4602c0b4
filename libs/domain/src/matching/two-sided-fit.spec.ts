import { describe, expect, it } from 'vitest';
import {
  type FitProfile,
  type FitProject,
  needsOf,
  reciprocalScore,
  twoSidedFit,
  wantsOf,
} from './two-sided-fit';

const project: FitProject = {
  toolsExperience: [
    { tool: 'Rust', mep: 3 },
    { tool: 'Go', mep: 2 },
  ],
  hardSkills: ['Backend Developer'],
  softSkills: ['Teamwork'],
  usedLanguages: ['English'],
  areaOfExpertise: [],
  offeredGratification: ['Equity', 'Paid Monthly'],
  forGratification: ['Per Milestone'],
  workingTypeRemote: true,
  workingTypeOffice: false,
  availability: 20,
  locations: ['Spain'],
};

const profile: FitProfile = {
  toolsExperience: [
    { tool: 'rust', mep: 4 },
    { tool: 'Go', mep: 1 },
  ],
  hardSkills: ['Backend Developer', 'DevOps Engineer'],
  softSkills: [],
  usedLanguages: ['English', 'Spanish'],
  offeredGratification: ['Equity', 'Revenue Share'],
  forGratification: ['Hourly'],
  workingTypeRemote: true,
  workingTypeOffice: true,
  availabilityFrom: 40,
  availabilityTo: 100,
  availabilityType: 'Monthly',
  locations: ['Portugal'],
};

describe('two-sided fit', () => {
  it('counts what the project asks that the profile holds, tools at the asked level, case aside', () => {
    const needs = needsOf(project, profile);
    expect(needs.matched).toEqual(['Rust', 'Backend Developer', 'English']);
    expect(needs.missing).toEqual(['Go', 'Teamwork']);
    expect(needs.share).toBeCloseTo(3 / 5);
    // Rarer labels weigh more: the missing ones weighing 3 each leave 3 of 9.
    const weighted = needsOf(project, profile, (_field, label) =>
      ['Go', 'Teamwork'].includes(label) ? 3 : 1,
    );
    expect(weighted.share).toBeCloseTo(3 / 9);
  });

  it('meets what the profile asks group by group: rewards, basis, working type, weekly hours, place', () => {
    const wants = wantsOf(project, profile);
    // Rewards met (Equity), basis not (Hourly), remote both, 20 h/week within 10-25 (a month is four weeks);
    // the place does not matter to a pair that both work remotely.
    expect(wants.matched).toEqual(['Equity', 'Remote', '20 h/week']);
    expect(wants.missing).toEqual(['Hourly']);
    expect(wants.share).toBeCloseTo(3 / 4);
    const onSite = wantsOf({ ...project, workingTypeRemote: false, workingTypeOffice: true }, profile);
    expect(onSite.missing).toEqual(['Hourly', 'Portugal']);
    expect(onSite.share).toBeCloseTo(3 / 5);
    const tooMany = wantsOf({ ...project, availability: 30 }, profile);
    expect(tooMany.missing).toContain('30 h/week');
  });

  it('scores high only when both sides get what they ask', () => {
    const fit = twoSidedFit(project, profile);
    expect(fit.score).toBeCloseTo(Math.sqrt((3 / 5) * (3 / 4)));
    expect(reciprocalScore(1, 0)).toBe(0);
    expect(reciprocalScore(0.5, 0.5)).toBeGreaterThan(reciprocalScore(0.9, 0.1));
    // A profile asking nothing of the project wants nothing it lacks, yet shows no fit either.
    const asksNothing = twoSidedFit(project, {
      ...profile,
      offeredGratification: [],
      forGratification: [],
      workingTypeRemote: false,
      workingTypeOffice: false,
      availabilityFrom: undefined,
      availabilityTo: undefined,
      locations: [],
    });
    expect(asksNothing.wants).toEqual({ matched: [], missing: [], share: 0 });
    expect(asksNothing.score).toBe(0);
  });
});

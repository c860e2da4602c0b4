import {
  lastActiveAtOf,
  openUntilOf,
  type ProjectRecord,
  type SearchDocument,
  type SearchKind,
  type TeammateRecord,
  type ToolExperience,
} from '@skillers/domain';

/**
 * A stated level of 0 means "not stated" (the forms' default); search counts it as the lowest level,
 * 1, so a plain filter on a tool (level 1 by default) finds everyone who lists it.
 */
const LOWEST_SEARCHED_LEVEL = 1;

const toolLevels = (tools: readonly ToolExperience[]): Record<string, number> =>
  Object.fromEntries(tools.map(({ tool, mep }) => [tool, Math.max(mep, LOWEST_SEARCHED_LEVEL)]));

const joinText = (...parts: (string | undefined)[]): string => parts.filter(Boolean).join('\n');

/**
 * The labels a record carries, as words for the text ranking: its tools, roles, industries, product and
 * project types, rewards, places and languages, and its working types, so that a search text meets a record
 * by what it is tagged with as well as by what its owner wrote.
 */
const labelText = (record: ProjectRecord | TeammateRecord): string =>
  [
    record.toolsExperience.map(({ tool }) => tool),
    record.hardSkills ?? [],
    record.areaOfExpertise ?? [],
    record.productType ?? [],
    record.projectType,
    record.offeredGratification,
    record.forGratification,
    record.softSkills ?? [],
    record.locations ?? [],
    record.usedLanguages ?? [],
    record.workingTypeRemote === true ? ['Remote'] : [],
    record.workingTypeOffice === true ? ['Office'] : [],
  ]
    .flat()
    .join(', ');

const sharedTags = (record: ProjectRecord | TeammateRecord) => ({
  tools: record.toolsExperience.map(({ tool }) => tool),
  projectType: [...record.projectType],
  productType: [...(record.productType ?? [])],
  offeredGratification: [...record.offeredGratification],
  forGratification: [...record.forGratification],
  softSkills: [...(record.softSkills ?? [])],
  hardSkills: [...(record.hardSkills ?? [])],
  industry: [...(record.areaOfExpertise ?? [])],
  usedLanguages: [...(record.usedLanguages ?? [])],
  locations: [...(record.locations ?? [])],
});

const freshness = (record: ProjectRecord | TeammateRecord) => {
  const openUntil = openUntilOf(record);
  return { lastActiveAt: lastActiveAtOf(record), ...(openUntil !== undefined && { openUntil }) };
};

/** The record's `updatedAt` as the document's version; absent when it is not a valid time. */
const versionOf = (record: ProjectRecord | TeammateRecord) => {
  const version = Date.parse(record.updatedAt);
  return Number.isFinite(version) ? { version } : {};
};

const sharedFields = (kind: SearchKind, record: ProjectRecord | TeammateRecord) => ({
  id: record._id,
  kind,
  ownerId: record.ownerId,
  createdAt: record.createdAt,
  ...freshness(record),
  tags: sharedTags(record),
  toolLevels: toolLevels(record.toolsExperience),
  workingTypeRemote: record.workingTypeRemote === true,
  workingTypeOffice: record.workingTypeOffice === true,
  ...versionOf(record),
});

export const projectSearchDocument = (project: ProjectRecord): SearchDocument => ({
  ...sharedFields('project', project),
  text: joinText(project.projectName, project.description, project.projectGoal, labelText(project)),
  numbers: {
    availability: project.availability,
    bizRole: project.bizRole,
    techRole: project.techRole,
    deadline: project.deadline,
  },
});

export const teammateSearchDocument = (teammate: TeammateRecord): SearchDocument => ({
  ...sharedFields('teammate', teammate),
  text: joinText(teammate.nickname, teammate.description, labelText(teammate)),
  numbers: {
    availability: teammate.availability,
    bizRole: teammate.bizRole,
    techRole: teammate.techRole,
    durationMonths: teammate.deadline,
  },
});

export const searchDocumentFor = (
  kind: SearchKind,
  record: ProjectRecord | TeammateRecord,
): SearchDocument =>
  kind === 'project'
    ? projectSearchDocument(record as ProjectRecord)
    : teammateSearchDocument(record as TeammateRecord);

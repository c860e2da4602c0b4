import {
  lastActiveAtOf,
  searchedToolLevel,
  weeklyHours,
  openUntilOf,
  type ProjectRecord,
  type SearchDocument,
  type SearchKind,
  type ProfileRecord,
  type ToolExperience,
} from '@skillers/domain';

/** A plain filter on a tool (level 1 by default) finds everyone who lists it (`searchedToolLevel`). */
const toolLevels = (tools: readonly ToolExperience[]): Record<string, number> =>
  Object.fromEntries(tools.map(({ tool, mep }) => [tool, searchedToolLevel(mep)]));

const joinText = (...parts: (string | undefined)[]): string => parts.filter(Boolean).join('\n');

/**
 * The labels a record carries, as words for the text ranking: its tools, roles, industries, product and
 * project types, rewards, places and languages, and its working types, so that a search text meets a record
 * by what it is tagged with as well as by what its owner wrote.
 */
const labelText = (record: ProjectRecord | ProfileRecord): string =>
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

const sharedTags = (record: ProjectRecord | ProfileRecord) => ({
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

const freshness = (record: ProjectRecord | ProfileRecord) => {
  const openUntil = openUntilOf(record);
  return { lastActiveAt: lastActiveAtOf(record), ...(openUntil !== undefined && { openUntil }) };
};

/** The record's `updatedAt` as the document's version; absent when it is not a valid time. */
const versionOf = (record: ProjectRecord | ProfileRecord) => {
  const version = Date.parse(record.updatedAt);
  return Number.isFinite(version) ? { version } : {};
};

const sharedFields = (kind: SearchKind, record: ProjectRecord | ProfileRecord) => ({
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

const wantedHoursOf = (profile: ProfileRecord) => {
  const wantedHours = weeklyHours(profile);
  return wantedHours ? { wantedHours } : {};
};

export const profileSearchDocument = (profile: ProfileRecord): SearchDocument => ({
  ...sharedFields('teammate', profile),
  ...wantedHoursOf(profile),
  text: joinText(profile.nickname, profile.description, labelText(profile)),
  numbers: {
    availability: profile.availability,
    bizRole: profile.bizRole,
    techRole: profile.techRole,
    durationMonths: profile.deadline,
  },
});

export const searchDocumentFor = (kind: SearchKind, record: ProjectRecord | ProfileRecord): SearchDocument =>
  kind === 'project'
    ? projectSearchDocument(record as ProjectRecord)
    : profileSearchDocument(record as ProfileRecord);

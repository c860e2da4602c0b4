/**
 * How well a project and a profile suit each other, both ways (docs/matching.md):
 *
 * - needs: how much of what the project asks for the profile has: each asked tool (at the asked level or
 *   above), role, soft skill, language and area counts by its rarity weight among profiles, and `needs` is the
 *   weight of those held over the weight of all asked.
 * - wants: how much of what the profile asks for the project offers, by group: a reward the profile wants
 *   among the project's, a compensation basis among the project's, a working type both take, the project's
 *   hours within the profile's availability, a place in common (or both remote). `wants` is the share of the
 *   groups the profile asks that the project meets.
 * - score: `reciprocalScore` of the two, high only when both are.
 */
import type { ProfileFields } from '../profile';
import type { ProjectFields } from '../project';

/** What one side asks and the other has, and what it asks and the other lacks, as labels. */
export interface FitSide {
  matched: string[];
  missing: string[];
  /** 0-1. */
  share: number;
}

export interface TwoSidedFit {
  needs: FitSide;
  wants: FitSide;
  score: number;
}

/** The lists a project asks of a profile, by the fields both kinds keep. */
const NEED_FIELDS = ['hardSkills', 'softSkills', 'usedLanguages', 'areaOfExpertise'] as const;
export type NeedField = 'tools' | (typeof NEED_FIELDS)[number];

/** An asked label's weight: rarer labels weigh more (`optionWeight` over profiles); 1 each by default. */
export type NeedWeight = (field: NeedField, label: string) => number;

/** The fields both kinds keep that the fit reads. */
type SharedFitField =
  | 'toolsExperience'
  | 'hardSkills'
  | 'softSkills'
  | 'usedLanguages'
  | 'areaOfExpertise'
  | 'offeredGratification'
  | 'forGratification'
  | 'workingTypeRemote'
  | 'workingTypeOffice'
  | 'availability'
  | 'locations';
export type FitProject = Pick<ProjectFields, SharedFitField>;
export type FitProfile = Pick<
  ProfileFields,
  SharedFitField | 'availabilityFrom' | 'availabilityTo' | 'availabilityType'
>;

/**
 * The geometric mean of the two shares: 0 when either is 0, so a pair where one side gets everything and the
 * other nothing never leads. Chosen by `bench/quality/matches.mjs` over the harmonic mean and the minimum
 * (which lean harder on the weaker side and lost about 0.06 and 0.15 precision@5 of mutual fits on the held-out
 * corpora; the product ranks as this does), docs/matching.md.
 */
export const reciprocalScore = (needs: number, wants: number): number => Math.sqrt(needs * wants);

const folded = (label: string) => label.trim().toLowerCase();
const holds = (list: readonly string[] | undefined) => new Set((list ?? []).map(folded));

/**
 * A tool's level as the search reads it: a stated level of 0 means "not stated" (the forms' default) and
 * counts as the lowest level, 1, on both sides.
 */
export const searchedToolLevel = (mep: number): number => Math.max(mep, 1);

/** One label a project asks, with its weight; a tool with the level it asks. */
export interface AskedLabel {
  field: NeedField;
  label: string;
  weight: number;
  /** Tools only: the searched level asked. */
  level?: number;
}

/** The labels a profile holds, by need field; tools with their searched level. */
export interface HeldLabels {
  tools: Record<string, number>;
  hardSkills: string[];
  softSkills: string[];
  usedLanguages: string[];
  areaOfExpertise: string[];
}

/** What a project offers, against which a profile's wants are met. */
export interface ProjectOffers {
  offeredGratification: string[];
  forGratification: string[];
  workingTypeRemote: boolean;
  workingTypeOffice: boolean;
  /** Hours per week. */
  availability?: number;
  locations: string[];
}

/** What a profile asks of a project, group by group (an empty list asks nothing). */
export interface ProfileWants {
  offeredGratification: string[];
  forGratification: string[];
  workingTypeRemote: boolean;
  workingTypeOffice: boolean;
  hours?: WeeklyHours;
  locations: string[];
}

/** The hours per week a profile offers, `to` absent: no upper bound. */
export interface WeeklyHours {
  from: number;
  to?: number;
}

/** The project's asked labels in the order `needs` counts them: tools, roles, soft skills, languages, areas. */
export const projectAsks = (project: FitProject, weightOf: NeedWeight = () => 1): AskedLabel[] => [
  ...project.toolsExperience.map(({ tool, mep }) => ({
    field: 'tools' as const,
    label: tool,
    weight: weightOf('tools', tool),
    level: searchedToolLevel(mep),
  })),
  ...NEED_FIELDS.flatMap((field) =>
    (project[field] ?? []).map((label) => ({ field, label, weight: weightOf(field, label) })),
  ),
];

export const profileHolds = (profile: FitProfile): HeldLabels => ({
  tools: Object.fromEntries(profile.toolsExperience.map(({ tool, mep }) => [tool, searchedToolLevel(mep)])),
  hardSkills: [...(profile.hardSkills ?? [])],
  softSkills: [...(profile.softSkills ?? [])],
  usedLanguages: [...(profile.usedLanguages ?? [])],
  areaOfExpertise: [...(profile.areaOfExpertise ?? [])],
});

export const projectOffers = (project: FitProject): ProjectOffers => ({
  offeredGratification: [...project.offeredGratification],
  forGratification: [...project.forGratification],
  workingTypeRemote: project.workingTypeRemote === true,
  workingTypeOffice: project.workingTypeOffice === true,
  ...(project.availability !== undefined && { availability: project.availability }),
  locations: [...(project.locations ?? [])],
});

export const profileWants = (profile: FitProfile): ProfileWants => {
  const hours = weeklyHours(profile);
  return {
    offeredGratification: [...profile.offeredGratification],
    forGratification: [...profile.forGratification],
    workingTypeRemote: profile.workingTypeRemote === true,
    workingTypeOffice: profile.workingTypeOffice === true,
    ...(hours && { hours }),
    locations: [...(profile.locations ?? [])],
  };
};

/** How much of what the project asks the profile holds, weighted as asked. */
export const meetNeeds = (asks: readonly AskedLabel[], held: HeldLabels): FitSide => {
  const matched: string[] = [];
  const missing: string[] = [];
  let heldWeight = 0;
  let asked = 0;
  const levels = new Map(Object.entries(held.tools).map(([tool, level]) => [folded(tool), level]));
  const sets = Object.fromEntries(NEED_FIELDS.map((field) => [field, holds(held[field])])) as Record<
    (typeof NEED_FIELDS)[number],
    Set<string>
  >;
  for (const { field, label, weight, level } of asks) {
    const has =
      field === 'tools' ? (levels.get(folded(label)) ?? -1) >= (level ?? 0) : sets[field].has(folded(label));
    asked += weight;
    if (has) heldWeight += weight;
    (has ? matched : missing).push(label);
  }
  return { matched, missing, share: asked > 0 ? heldWeight / asked : 0 };
};

/** How much of what the profile asks the project offers, group by group. */
export const meetWants = (offers: ProjectOffers, wants: ProfileWants): FitSide => {
  const matched: string[] = [];
  const missing: string[] = [];
  let met = 0;
  let groups = 0;
  const group = (wanted: readonly string[], offered: readonly string[]) => {
    if (wanted.length === 0) return;
    groups++;
    const offersSet = holds(offered);
    const common = wanted.filter((label) => offersSet.has(folded(label)));
    if (common.length > 0) met++;
    matched.push(...common);
    if (common.length === 0) missing.push(...wanted);
  };
  group(wants.offeredGratification, offers.offeredGratification);
  group(wants.forGratification, offers.forGratification);
  const types = (side: ProjectOffers | ProfileWants) => [
    ...(side.workingTypeRemote ? ['Remote'] : []),
    ...(side.workingTypeOffice ? ['Office'] : []),
  ];
  const bothRemote = wants.workingTypeRemote && offers.workingTypeRemote;
  group(types(wants), types(offers));
  const { hours } = wants;
  if (hours && offers.availability !== undefined) {
    groups++;
    const asked = `${offers.availability} h/week`;
    const within = hoursWithin(offers.availability, hours);
    if (within) met++;
    (within ? matched : missing).push(asked);
  }
  // A place matters to a profile that can work on site; a remote pair meets anywhere.
  if (wants.locations.length > 0 && !bothRemote) group(wants.locations, offers.locations);
  return { matched, missing, share: groups > 0 ? met / groups : 0 };
};

/** Whether a project's hours per week lie within a profile's range. */
export const hoursWithin = (availability: number, { from, to }: WeeklyHours): boolean =>
  availability >= from && availability <= (to ?? Infinity);

/** What the project asks for the profile has, weighted by `weightOf`. */
export const needsOf = (project: FitProject, profile: FitProfile, weightOf?: NeedWeight): FitSide =>
  meetNeeds(projectAsks(project, weightOf), profileHolds(profile));

/** What the profile asks for the project offers, group by group. */
export const wantsOf = (project: FitProject, profile: FitProfile): FitSide =>
  meetWants(projectOffers(project), profileWants(profile));

/**
 * The hours per week a profile offers: its range (kept per week or per month, a month counted as four weeks),
 * or up to its hours per week.
 */
export const weeklyHours = (
  profile: Pick<FitProfile, 'availabilityFrom' | 'availabilityTo' | 'availabilityType' | 'availability'>,
): WeeklyHours | undefined => {
  const { availabilityFrom: from, availabilityTo: to, availabilityType, availability } = profile;
  if (from !== undefined || to !== undefined) {
    const weeks = availabilityType === 'Monthly' ? 4 : 1;
    return { from: (from ?? 0) / weeks, ...(to !== undefined && { to: to / weeks }) };
  }
  return availability === undefined ? undefined : { from: 0, to: availability };
};

export const twoSidedFit = (project: FitProject, profile: FitProfile, weightOf?: NeedWeight): TwoSidedFit => {
  const needs = needsOf(project, profile, weightOf);
  const wants = wantsOf(project, profile);
  return { needs, wants, score: reciprocalScore(needs.share, wants.share) };
};

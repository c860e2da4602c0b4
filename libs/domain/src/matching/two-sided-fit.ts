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

/** What the project asks for the profile has, weighted by `weightOf`. */
export const needsOf = (
  project: FitProject,
  profile: FitProfile,
  weightOf: NeedWeight = () => 1,
): FitSide => {
  const matched: string[] = [];
  const missing: string[] = [];
  let held = 0;
  let asked = 0;
  const count = (field: NeedField, label: string, has: boolean) => {
    const weight = weightOf(field, label);
    asked += weight;
    if (has) held += weight;
    (has ? matched : missing).push(label);
  };
  const levels = new Map(profile.toolsExperience.map(({ tool, mep }) => [folded(tool), mep]));
  for (const { tool, mep } of project.toolsExperience)
    count('tools', tool, (levels.get(folded(tool)) ?? -1) >= mep);
  for (const field of NEED_FIELDS) {
    const has = holds(profile[field]);
    for (const label of project[field] ?? []) count(field, label, has.has(folded(label)));
  }
  return { matched, missing, share: asked > 0 ? held / asked : 0 };
};

/** What the profile asks for the project offers, group by group. */
export const wantsOf = (project: FitProject, profile: FitProfile): FitSide => {
  const matched: string[] = [];
  const missing: string[] = [];
  let met = 0;
  let groups = 0;
  const group = (wanted: readonly string[], offered: readonly string[]) => {
    if (wanted.length === 0) return;
    groups++;
    const offers = holds(offered);
    const common = wanted.filter((label) => offers.has(folded(label)));
    if (common.length > 0) met++;
    matched.push(...common);
    if (common.length === 0) missing.push(...wanted);
  };
  group(profile.offeredGratification, project.offeredGratification);
  group(profile.forGratification, project.forGratification);
  const types = (side: FitProject | FitProfile) => [
    ...(side.workingTypeRemote ? ['Remote'] : []),
    ...(side.workingTypeOffice ? ['Office'] : []),
  ];
  const bothRemote = Boolean(profile.workingTypeRemote && project.workingTypeRemote);
  group(types(profile), types(project));
  const hours = weeklyHours(profile);
  if (hours && project.availability !== undefined) {
    groups++;
    const asked = `${project.availability} h/week`;
    const within = project.availability >= hours.from && project.availability <= hours.to;
    if (within) met++;
    (within ? matched : missing).push(asked);
  }
  // A place matters to a profile that can work on site; a remote pair meets anywhere.
  if ((profile.locations ?? []).length > 0 && !bothRemote)
    group(profile.locations ?? [], project.locations ?? []);
  return { matched, missing, share: groups > 0 ? met / groups : 0 };
};

/**
 * The hours per week a profile offers: its range (kept per week or per month, a month counted as four weeks),
 * or up to its hours per week.
 */
const weeklyHours = (profile: FitProfile): { from: number; to: number } | undefined => {
  const { availabilityFrom: from, availabilityTo: to, availabilityType, availability } = profile;
  if (from !== undefined || to !== undefined) {
    const weeks = availabilityType === 'Monthly' ? 4 : 1;
    return { from: (from ?? 0) / weeks, to: (to ?? Infinity) / weeks };
  }
  return availability === undefined ? undefined : { from: 0, to: availability };
};

export const twoSidedFit = (project: FitProject, profile: FitProfile, weightOf?: NeedWeight): TwoSidedFit => {
  const needs = needsOf(project, profile, weightOf);
  const wants = wantsOf(project, profile);
  return { needs, wants, score: reciprocalScore(needs.share, wants.share) };
};

/**
 * What a search index is asked for "matches for you" (`SearchIndex.matches`): one side of a pair as
 * `two-sided-fit.ts` reads it, so that the index and `twoSidedFit` score from one definition.
 */
import type { FacetCounts } from '../search/reference-filter';
import { optionWeight } from '../search/hybrid-ranking';
import type { SearchDocument } from '../search/search-document';
import {
  meetNeeds,
  meetWants,
  reciprocalScore,
  type AskedLabel,
  type FitProfile,
  type FitProject,
  type HeldLabels,
  type NeedField,
  type NeedWeight,
  type ProfileWants,
  type ProjectOffers,
  profileHolds,
  profileWants,
  projectAsks,
  projectOffers,
} from './two-sided-fit';

/** The index facet each asked list is counted in, for its rarity among profiles. */
const FACET_OF_NEED: Record<NeedField, keyof FacetCounts> = {
  tools: 'tools',
  hardSkills: 'hardSkills',
  softSkills: 'softSkills',
  usedLanguages: 'usedLanguages',
  areaOfExpertise: 'industry',
};

/** The weight of every label profiles carry, by need field; `unlisted` for a label none carries. */
export interface NeedWeightTable {
  byField: Record<NeedField, Record<string, number>>;
  unlisted: number;
}

/** An asked label weighs its rarity among `profiles` (`optionWeight`), as a picked option does in the search. */
export const needWeightTable = (profiles: number, counts: FacetCounts): NeedWeightTable => {
  const byField = {} as Record<NeedField, Record<string, number>>;
  for (const [field, facet] of Object.entries(FACET_OF_NEED) as [NeedField, keyof FacetCounts][])
    byField[field] = Object.fromEntries(
      Object.entries(counts[facet] ?? {}).map(([label, count]) => [label, optionWeight(profiles, count)]),
    );
  return { byField, unlisted: optionWeight(profiles, 0) };
};

export const needWeightOf =
  ({ byField, unlisted }: NeedWeightTable): NeedWeight =>
  (field, label) =>
    byField[field][label] ?? unlisted;

/**
 * Profiles for a project: the project's asked labels with their weights (each profile's needs) and what it
 * offers (each profile's wants are met against it).
 */
export interface ProfilesMatchQuery {
  kind: 'teammate';
  asks: AskedLabel[];
  offers: ProjectOffers;
}

/**
 * Projects for a profile: what the profile holds (each project's asks are met by it, weighted by `weights`)
 * and what it wants.
 */
export interface ProjectsMatchQuery {
  kind: 'project';
  holds: HeldLabels;
  wants: ProfileWants;
  weights: NeedWeightTable;
}

export type MatchQuery = ProfilesMatchQuery | ProjectsMatchQuery;

export const profilesMatchQuery = (project: FitProject, weights: NeedWeightTable): ProfilesMatchQuery => ({
  kind: 'teammate',
  asks: projectAsks(project, needWeightOf(weights)),
  offers: projectOffers(project),
});

export const projectsMatchQuery = (profile: FitProfile, weights: NeedWeightTable): ProjectsMatchQuery => ({
  kind: 'project',
  holds: profileHolds(profile),
  wants: profileWants(profile),
  weights,
});

/** A project's document read as the fit reads a project (tool levels as the search keeps them). */
export const documentAsProject = (doc: SearchDocument): FitProject => ({
  toolsExperience: Object.entries(doc.toolLevels).map(([tool, mep]) => ({ tool, mep })),
  hardSkills: doc.tags.hardSkills,
  softSkills: doc.tags.softSkills,
  usedLanguages: doc.tags.usedLanguages,
  areaOfExpertise: doc.tags.industry,
  offeredGratification: doc.tags.offeredGratification,
  forGratification: doc.tags.forGratification,
  workingTypeRemote: doc.workingTypeRemote,
  workingTypeOffice: doc.workingTypeOffice,
  availability: doc.numbers.availability,
  locations: doc.tags.locations,
});

/**
 * A profile's document read as the fit reads a profile: its wanted hours per week (`weeklyHours` of the
 * record, kept by the indexer) as its range, and no hours asked without them.
 */
export const documentAsProfile = (doc: SearchDocument): FitProfile => ({
  ...documentAsProject(doc),
  availability: undefined,
  availabilityFrom: doc.wantedHours?.from,
  availabilityTo: doc.wantedHours?.to,
});

/** The shares and score of the query's side with one document of the other kind, as `twoSidedFit` gives them. */
export const matchFitOf = (
  query: MatchQuery,
  doc: SearchDocument,
): { needs: number; wants: number; score: number } => {
  const [needs, wants] =
    query.kind === 'teammate'
      ? [
          meetNeeds(query.asks, profileHolds(documentAsProfile(doc))).share,
          meetWants(query.offers, profileWants(documentAsProfile(doc))).share,
        ]
      : [
          meetNeeds(projectAsks(documentAsProject(doc), needWeightOf(query.weights)), query.holds).share,
          meetWants(projectOffers(documentAsProject(doc)), query.wants).share,
        ];
  return { needs, wants, score: reciprocalScore(needs, wants) };
};

import type { estypes } from '@elastic/elasticsearch';
import {
  compareIdsDescending,
  createdAtMs,
  type MatchQuery,
  matchFitOf,
  type NeedField,
  type ProfilesMatchQuery,
  type ProjectsMatchQuery,
} from '@skillers/domain';
import type { MatchesAnswer, MatchOptions } from '../search-index.port';
import { totalHits } from './elasticsearch-answers';
import { fromSource, type IndexedSource } from './elasticsearch-mapping';
import { toolLevelToken } from '../tool-level-tokens';
import { RANKED_SORT } from './elasticsearch-query';

/** The tag field each asked list is kept in. */
const TAG_OF_FIELD: Record<Exclude<NeedField, 'tools'>, string> = {
  hardSkills: 'tags.hardSkills',
  softSkills: 'tags.softSkills',
  usedLanguages: 'tags.usedLanguages',
  areaOfExpertise: 'tags.industry',
};
/** The tag lists a project's asks are weighed from, after its tools. */
const ASKED_TAG_FIELDS = ['hardSkills', 'softSkills', 'usedLanguages', 'areaOfExpertise'] as const;
/** A hit needs more than this score: a record with no fit (0) never comes back. */
const MIN_MATCH_SCORE = 1e-9;
/** Elasticsearch pages no further than its result window by default. */
const MAX_MATCHES = 10_000;

/** Adds `met` for a group of labels the record holds (`doc` field) when any is in `params` list. */
const anyOf = (field: string, param: string) =>
  `for (def label : doc['${field}']) { if (params.${param}.contains(label)) { met++; break; } }`;

/** The wants a profile asks of the project in `params`, met group by group (as `meetWants`). */
const PROFILE_WANTS = `
  boolean remote = doc['workingTypeRemote'].size() > 0 && doc['workingTypeRemote'].value;
  boolean office = doc['workingTypeOffice'].size() > 0 && doc['workingTypeOffice'].value;
  if (doc['tags.offeredGratification'].size() > 0) { groups++; ${anyOf('tags.offeredGratification', 'offered')} }
  if (doc['tags.forGratification'].size() > 0) { groups++; ${anyOf('tags.forGratification', 'basis')} }
  if (remote || office) { groups++; if ((remote && params.remote) || (office && params.office)) met++; }
  if (params.availability != null && doc['wantedHours.from'].size() > 0) {
    groups++;
    double to = doc['wantedHours.to'].size() > 0 ? doc['wantedHours.to'].value : Double.POSITIVE_INFINITY;
    if (params.availability >= doc['wantedHours.from'].value && params.availability <= to) met++;
  }
  if (doc['tags.locations'].size() > 0 && !(remote && params.remote)) { groups++; ${anyOf('tags.locations', 'places')} }`;

/**
 * Profiles for a project: the query's score is the weight of the asked labels the profile holds (one
 * constant-score clause per ask), over the weight of all asked; the script meets the profile's wants.
 */
const PROFILES_SCRIPT = `
  int groups = 0; int met = 0;
  ${PROFILE_WANTS}
  double wants = groups > 0 ? (double) met / groups : 0;
  return Math.sqrt(_score / params.asked * wants);`;

/** The project's wants in `params` met by the project document (as `meetWants`). */
const PROJECT_OFFERS = `
  boolean remote = doc['workingTypeRemote'].size() > 0 && doc['workingTypeRemote'].value;
  boolean office = doc['workingTypeOffice'].size() > 0 && doc['workingTypeOffice'].value;
  if (params.offered.size() > 0) { groups++; ${anyOf('tags.offeredGratification', 'offered')} }
  if (params.basis.size() > 0) { groups++; ${anyOf('tags.forGratification', 'basis')} }
  if (params.remote || params.office) { groups++; if ((params.remote && remote) || (params.office && office)) met++; }
  if (params.hoursFrom != null && doc['numbers.availability'].size() > 0) {
    groups++;
    double hours = doc['numbers.availability'].value;
    if (hours >= params.hoursFrom && (params.hoursTo == null || hours <= params.hoursTo)) met++;
  }
  if (params.places.size() > 0 && !(params.remote && remote)) { groups++; ${anyOf('tags.locations', 'places')} }`;

/**
 * Projects for a profile: the query's score is the weight of the project's asks the profile holds (one
 * constant-score clause per held label); the script weighs all the project asks from `params.weights`.
 */
const PROJECTS_SCRIPT = `
  double asked = 0;
  for (def token : doc['toolTokens']) {
    if (token.startsWith(params.toolPrefix)) {
      def weight = params.weights.tools.get(token.substring(params.toolPrefix.length()));
      asked += weight == null ? params.unlisted : weight;
    }
  }
  for (def field : params.askedFields) {
    for (def label : doc[field.tag]) {
      def weight = params.weights[field.name].get(label);
      asked += weight == null ? params.unlisted : weight;
    }
  }
  int groups = 0; int met = 0;
  ${PROJECT_OFFERS}
  double wants = groups > 0 ? (double) met / groups : 0;
  return asked > 0 ? Math.sqrt(_score / asked * wants) : 0;`;

const weighted = (filter: estypes.QueryDslQueryContainer, boost: number): estypes.QueryDslQueryContainer => ({
  constant_score: { filter, boost },
});

const profilesClauses = ({ asks }: ProfilesMatchQuery): estypes.QueryDslQueryContainer[] =>
  asks.map(({ field, label, weight, level }) =>
    weighted(
      field === 'tools'
        ? { term: { toolTokens: toolLevelToken(label, level ?? 0) } }
        : { term: { [TAG_OF_FIELD[field]]: label } },
      weight,
    ),
  );

const projectsClauses = ({ holds, weights }: ProjectsMatchQuery): estypes.QueryDslQueryContainer[] => {
  const weightOf = (field: NeedField, label: string) => weights.byField[field][label] ?? weights.unlisted;
  // A project asking a tool at a level up to the one held: it has the tool's level-0 token, not the next.
  const tools = Object.entries(holds.tools).map(([tool, level]) =>
    weighted(
      {
        bool: {
          filter: [{ term: { toolTokens: toolLevelToken(tool, 0) } }],
          must_not: [{ term: { toolTokens: toolLevelToken(tool, level + 1) } }],
        },
      },
      weightOf('tools', tool),
    ),
  );
  const tags = ASKED_TAG_FIELDS.flatMap((field) =>
    [...new Set(holds[field])].map((label) =>
      weighted({ term: { [TAG_OF_FIELD[field]]: label } }, weightOf(field, label)),
    ),
  );
  return [...tools, ...tags];
};

const scriptOf = (query: MatchQuery): estypes.Script => {
  if (query.kind === 'teammate') {
    const { asks, offers } = query;
    return {
      source: PROFILES_SCRIPT,
      params: {
        asked: asks.reduce((sum, { weight }) => sum + weight, 0),
        offered: offers.offeredGratification,
        basis: offers.forGratification,
        places: offers.locations,
        remote: offers.workingTypeRemote,
        office: offers.workingTypeOffice,
        availability: offers.availability ?? null,
      },
    };
  }
  const { wants, weights } = query;
  return {
    source: PROJECTS_SCRIPT,
    params: {
      toolPrefix: toolLevelToken('', 0),
      weights: weights.byField,
      unlisted: weights.unlisted,
      askedFields: ASKED_TAG_FIELDS.map((name) => ({ name, tag: TAG_OF_FIELD[name] })),
      offered: wants.offeredGratification,
      basis: wants.forGratification,
      places: wants.locations,
      remote: wants.workingTypeRemote,
      office: wants.workingTypeOffice,
      hoursFrom: wants.hours?.from ?? null,
      hoursTo: wants.hours?.to ?? null,
    },
  };
};

/**
 * "Matches for you" in one request: `should` clauses on the needs (a record holding none is no candidate),
 * a `script_score` meeting the wants and giving the reciprocal score, records of left-out owners and with
 * no fit left out, best `k` first in the search's order (score, then newest, then greater id), with how many
 * have any fit.
 */
export const matchSearchRequest = (
  index: string,
  query: MatchQuery,
  { k, excludeOwners = [] }: MatchOptions,
): estypes.SearchRequest => ({
  index,
  size: Math.min(Math.max(0, Math.floor(k)), MAX_MATCHES),
  query: {
    script_score: {
      query: {
        bool: {
          should: query.kind === 'teammate' ? profilesClauses(query) : projectsClauses(query),
          minimum_should_match: 1,
          ...(excludeOwners.length > 0 && { must_not: [{ terms: { ownerId: [...excludeOwners] } }] }),
        },
      },
      script: scriptOf(query),
      min_score: MIN_MATCH_SCORE,
    },
  },
  sort: RANKED_SORT,
  track_total_hits: true,
  _source: { excludes: ['vector'] },
});

/**
 * The answer to `matchSearchRequest`: the hits' shares and score computed again from their documents with
 * `matchFitOf`, in doubles (Elasticsearch scores are 32-bit), and put in that order.
 */
export const readMatches = (
  query: MatchQuery,
  response: estypes.SearchResponse<IndexedSource>,
): MatchesAnswer => {
  const hits = response.hits.hits
    .flatMap((hit) => (hit._source ? [fromSource(hit._source)] : []))
    .map((doc) => ({ doc, hit: { id: doc.id, ownerId: doc.ownerId, ...matchFitOf(query, doc) } }))
    .filter(({ hit }) => hit.score > 0)
    .sort(
      (a, b) =>
        b.hit.score - a.hit.score ||
        createdAtMs(b.doc) - createdAtMs(a.doc) ||
        compareIdsDescending(a.doc.id, b.doc.id),
    )
    .map(({ hit }) => hit);
  return { hits, total: totalHits(response.hits.total) };
};

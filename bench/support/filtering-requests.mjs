// The filtering requests the API benchmarks send: 1, 3 or 6 active filters drawn from real records (one or two
// of a sample record's tags per active key, so they hit), timed end to end over HTTP.
import { performance } from 'node:perf_hooks';

// activeFilters keys and the stored list each one filters on.
export const LIST_FILTERS = {
  toolsExperience: (record) => record.toolsExperience.map((entry) => entry.tool),
  projectType: (record) => record.projectType,
  productType: (record) => record.productType ?? [],
  offeredGratification: (record) => record.offeredGratification,
  forGratification: (record) => record.forGratification,
  softSkills: (record) => record.softSkills ?? [],
  hardSkills: (record) => record.hardSkills ?? [],
  requiredAreaOfExpertise: (record) => record.areaOfExpertise ?? [],
  usedLanguages: (record) => record.usedLanguages ?? [],
  locations: (record) => record.locations ?? [],
};

export const FILTER_COUNTS = [1, 3, 6];

/** A seeded generator, so every run sends the same requests for the same sample. */
const generator = (seed = 20260202) => {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 4294967296;
  };
};

/** `filterCount` keys in random order, each asking for one or two tags of the given records. */
export const filtersFrom = (random, records, filterCount) => {
  const keys = Object.keys(LIST_FILTERS)
    .map((key) => [key, random()])
    .sort((a, b) => a[1] - b[1])
    .map(([key]) => key);
  const filters = {};
  for (const key of keys) {
    if (Object.keys(filters).length === filterCount) break;
    const options = [...new Set(records.flatMap((record) => LIST_FILTERS[key](record)))];
    if (options.length > 0) filters[key] = options.slice(0, 2);
  }
  return filters;
};

const queryFrom = (random, records, filterCount) => ({
  activeFilters: filtersFrom(random, records, filterCount),
  filtering_restriction: 'min_1_match',
});

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * Times `queries` POST /api/teammate/traditional_filtering calls after `warmUp` untimed ones, with filters
 * taken from two random records of `sample` each; every answer must be a 200 (with `facets` when asked).
 */
export const timeFiltering = async (
  baseUrl,
  sample,
  { filterCount, facets, queries, warmUp, random = generator() },
) => {
  const pick = () => sample[Math.floor(random() * sample.length)];
  const times = [];
  let hits = 0;
  for (let n = 0; n < warmUp + queries; n++) {
    const query = queryFrom(random, [pick(), pick()], filterCount);
    const body = JSON.stringify(facets ? { ...query, facets: true } : query);
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/teammate/traditional_filtering`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const answer = await response.json();
    const elapsed = performance.now() - started;
    if (response.status !== 200)
      throw new Error(`search failed: ${response.status} ${JSON.stringify(answer)}`);
    if (facets && !answer.facets) throw new Error('a search with facets: true answered no facets');
    if (n >= warmUp) {
      times.push(elapsed);
      hits += answer.total;
    }
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), meanHits: hits / queries };
};

export { generator as requestGenerator };

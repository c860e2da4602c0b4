// Synthetic skiller profiles and the filter queries people set on them, drawn from the real option lists with
// Zipf-like popularity and a seeded generator, so that every run (and every benchmark using it) measures the
// same records and queries. bench/search-filtering.mjs and bench/peer-compare.mjs share it.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { LIST_PAGE_SIZE, TAG_FACETS, VOCABULARIES } = require('@skillers/domain');

/** The vocabulary each tag facet draws its options from. */
export const FACET_VOCABULARY = {
  tools: 'tool',
  projectType: 'projectType',
  productType: 'productType',
  offeredGratification: 'reward',
  forGratification: 'compensationBasis',
  softSkills: 'softSkill',
  hardSkills: 'role',
  industry: 'industry',
  usedLanguages: 'language',
  locations: 'country',
};
/** How many options a profile carries per facet, least and most. */
const FACET_COUNTS = {
  tools: [2, 8],
  projectType: [1, 3],
  productType: [1, 3],
  offeredGratification: [1, 4],
  forGratification: [1, 2],
  softSkills: [2, 5],
  hardSkills: [1, 3],
  industry: [1, 3],
  usedLanguages: [1, 3],
  locations: [1, 2],
};
export const AVAILABILITY_OPTIONS = [3, 5, 10, 20, 40, 60, 80, 100];
export const DURATION_OPTIONS = [1, 3, 6, 12, 18, 24, 36, 48, 60];
const START = Date.UTC(2024, 0, 1);
const TWO_YEARS = 2 * 365 * 86_400_000;
/** The shared model's length; values are random, as only the cost of comparing them is measured. */
const VECTOR_DIMS = 100;

/** A deterministic generator of numbers in [0, 1). */
export const mulberry32 = (seed) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

export const hexId = (n) => n.toString(16).padStart(24, '0');

/**
 * Profiles and queries from one seeded stream: `profile(n)` is the n-th record (with a 100-number random
 * vector unless `withVector` is false), `makeQuery` a filter query with that many active filters.
 */
export const syntheticProfiles = (seed = 20260101) => {
  const random = mulberry32(seed);
  const between = (low, high) => low + Math.floor(random() * (high - low + 1));
  const shuffled = (list) => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  };

  /** Zipf-like popularity (exponent 1): the k-th most popular label is picked about 1/k as often as the first. */
  const zipf = (labels) => {
    const order = shuffled(labels);
    const cumulative = [];
    let sum = 0;
    for (let rank = 1; rank <= order.length; rank++) cumulative.push((sum += 1 / rank));
    return () => {
      const target = random() * sum;
      let low = 0;
      let high = cumulative.length - 1;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (cumulative[middle] < target) low = middle + 1;
        else high = middle;
      }
      return order[low];
    };
  };
  const several = (pick, low, high) => [...new Set(Array.from({ length: between(low, high) }, pick))];

  const pickers = Object.fromEntries(
    TAG_FACETS.map((facet) => [facet, zipf(VOCABULARIES[FACET_VOCABULARY[facet]])]),
  );
  const randomVector = () => Array.from({ length: VECTOR_DIMS }, () => random() * 2 - 1);

  const profile = (n, { withVector = true } = {}) => {
    const tags = Object.fromEntries(
      TAG_FACETS.map((facet) => [facet, several(pickers[facet], ...FACET_COUNTS[facet])]),
    );
    const bizRole = between(0, 10) * 10;
    const remote = random() < 0.6;
    return {
      id: hexId(n),
      kind: 'teammate',
      ownerId: hexId(1_000_000_000 + n),
      createdAt: new Date(START + Math.floor(random() * TWO_YEARS)).toISOString(),
      text: `Skiller ${n} ${tags.hardSkills.join(' ')} ${tags.industry.join(' ')}`,
      ...(withVector && { vector: randomVector() }),
      tags,
      toolLevels: Object.fromEntries(tags.tools.map((tool) => [tool, between(0, 5)])),
      numbers: {
        availability: random() < 0.9 ? AVAILABILITY_OPTIONS[between(0, 7)] : undefined,
        bizRole,
        techRole: 100 - bizRole,
        durationMonths: random() < 0.8 ? DURATION_OPTIONS[between(0, 8)] : undefined,
      },
      workingTypeRemote: remote,
      workingTypeOffice: !remote || random() < 0.3,
    };
  };

  // The filters a person sets on the skiller list; tag options are picked by the same popularity.
  const filterSetters = [
    ...TAG_FACETS.filter((facet) => facet !== 'tools').map((facet) => (query) => {
      query.tags[facet] = several(pickers[facet], 1, 3);
    }),
    (query) => {
      query.minToolLevels = Object.fromEntries(
        several(pickers.tools, 1, 3).map((tool) => [tool, between(1, 3)]),
      );
    },
    (query) => {
      query.workingTypes = random() < 0.5 ? ['Remote'] : ['Remote', 'Office'];
    },
    (query) => {
      query.availability = {
        mode: random() < 0.5 ? 'upTo' : 'atLeast',
        hours: AVAILABILITY_OPTIONS[between(0, 7)],
      };
    },
    (query) => {
      query.durationMonths = DURATION_OPTIONS[between(0, 8)];
    },
    (query) => {
      query.bizRole = between(1, 10) * 10;
    },
  ];

  const makeQuery = (filterCount, restriction) => {
    const query = { kind: 'teammate', restriction, tags: {}, page: 1, pageSize: LIST_PAGE_SIZE };
    for (const setFilter of shuffled(filterSetters).slice(0, filterCount)) setFilter(query);
    return query;
  };

  return { random, pickers, randomVector, profile, makeQuery };
};

import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  FILTERING_RESTRICTIONS,
  type FacetCounts,
  type SearchKind,
  type SearchQuery,
  TAG_FACETS,
  type TagFacet,
} from '@skillers/domain';
import type { SearchIndex } from './search-index.port';

/** Synthetic queries per kind: enough for V8 to compile the filtering, ranking, facet and kNN paths. */
export const WARM_UP_QUERIES_PER_KIND = 150;
const KINDS: readonly SearchKind[] = ['teammate', 'project'];
const PAGE_SIZE = 12;

/** A small seeded generator (mulberry32), so that every start warms with the same queries. */
const seeded = (seed: number) => {
  let state = seed >>> 0;
  return (below: number): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed);
    return Math.floor((((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296) * below);
  };
};

/** The labels each tag facet's records carry, most carried first (the picks people make most). */
const labelsByFacet = (counts: FacetCounts): [TagFacet, string[]][] =>
  TAG_FACETS.map((facet): [TagFacet, string[]] => [
    facet,
    Object.entries(counts[facet] ?? {})
      .sort((a, b) => b[1] - a[1])
      .slice(0, 40)
      .map(([label]) => label),
  ]).filter(([, labels]) => labels.length > 0);

/**
 * The `n`-th synthetic query of a kind: one to three facets picked, either restriction, half of them with
 * facets counted, a third with free text made of labels (which the text index also holds), some with a
 * record's vector, and some past the first page.
 */
const syntheticQuery = (
  kind: SearchKind,
  n: number,
  pick: (below: number) => number,
  labels: [TagFacet, string[]][],
  vectors: number[][],
): SearchQuery => {
  const tags: Partial<Record<TagFacet, string[]>> = {};
  const words: string[] = [];
  for (let picked = 0, count = 1 + pick(3); picked < count && labels.length > 0; picked++) {
    const [facet, options] = labels[pick(labels.length)];
    const label = options[pick(Math.min(options.length, 1 + pick(40)))];
    if (tags[facet]?.includes(label)) continue;
    tags[facet] = [...(tags[facet] ?? []), label];
    words.push(label);
  }
  const withText = n % 3 === 0;
  const vector = n % 4 === 1 && vectors.length > 0 ? vectors[pick(vectors.length)] : undefined;
  return {
    kind,
    restriction: FILTERING_RESTRICTIONS[n % 2],
    tags: withText ? {} : tags,
    ...(withText && { text: words.join(' ') }),
    ...(vector && { queryVector: vector }),
    rankedAt: new Date().toISOString(),
    page: 1 + (n % 5 === 4 ? pick(3) : 0),
    pageSize: PAGE_SIZE,
    facets: n % 2 === 0,
  };
};

/**
 * Runs synthetic searches and kNN queries against the loaded index, so that the first people to search after
 * a start do not pay for V8 compiling the query path (the first few hundred queries otherwise run several
 * times slower). It reads only: nothing it asks is recorded. Stops early when `signal` aborts. Resolves to
 * how many queries it ran.
 */
export const warmQueryPath = async (
  index: SearchIndex,
  {
    queriesPerKind = WARM_UP_QUERIES_PER_KIND,
    signal,
  }: { queriesPerKind?: number; signal?: AbortSignal } = {},
): Promise<number> => {
  let ran = 0;
  // Each step ends its turn: an embedded index answers at once, and requests that come meanwhile (the server
  // listens while it warms) wait for one step, not for the whole warm-up.
  for (const [at, kind] of KINDS.entries()) {
    if ((await index.count(kind)) === 0) continue;
    const pick = seeded(20261128 + at);
    const labels = labelsByFacet(await index.labelCounts(kind));
    await nextTurn();
    const first = await index.search({
      kind,
      restriction: 'min_1_match',
      tags: {},
      page: 1,
      pageSize: PAGE_SIZE,
    });
    await nextTurn();
    const docs = await index.getMany(first.ids);
    const vectors = docs.flatMap((doc) => (doc?.vector ? [doc.vector] : []));
    for (let n = 0; n < queriesPerKind && !signal?.aborted; n++) {
      const query = syntheticQuery(kind, n, pick, labels, vectors);
      if (query.queryVector && n % 8 === 1) await index.knn(kind, query.queryVector, 20);
      else await index.search(query);
      ran++;
      await nextTurn();
    }
  }
  return ran;
};

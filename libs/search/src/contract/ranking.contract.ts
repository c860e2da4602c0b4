import { referenceSearch } from '@skillers/domain';
import { beforeEach, expect, it } from 'vitest';
import type { SearchIndex } from '../search-index.port';
import {
  type ContractSubject,
  day,
  nextId,
  plain,
  searchDocument,
  searchQuery,
} from './search-fixtures.contract';

/** Ranking: option weights, free text, query vectors, paging, freshness, understood labels and scores. */
export const describeRankingContract = (subject: ContractSubject): void => {
  let index: SearchIndex;
  const { ids, options } = subject;
  beforeEach(() => {
    index = subject.index;
  });

  it('ranks by the weight of the picked options present, then newest first, then greater id', async () => {
    const [low, high] = [nextId(), nextId()];
    // Banking and Mining are each carried by three records, so they weigh the same.
    const docs = [
      searchDocument({ createdAt: day(1), tags: { industry: ['Banking', 'Mining'] } }),
      searchDocument({ id: low, createdAt: day(5), tags: { industry: ['Banking'] } }),
      searchDocument({ id: high, createdAt: day(5), tags: { industry: ['Mining'] } }),
      searchDocument({ createdAt: day(9), tags: { industry: ['Banking'] } }),
      searchDocument({ createdAt: day(2), tags: { industry: ['Mining'] } }),
    ];
    await index.upsert(docs);
    const result = await index.search(searchQuery({ tags: { industry: ['Banking', 'Mining'] } }));
    expect(result.ids).toEqual([docs[0].id, docs[3].id, high, low, docs[4].id]);
    expect(result.scores).toEqual([2, 1, 1, 1, 1]);
    expect(result.signals?.map((signals) => signals.facet)).toEqual([1, 0.5, 0.5, 0.5, 0.5]);
    expect(await ids({})).toEqual([docs[3].id, high, low, docs[4].id, docs[0].id]);
  });

  it('ranks a rare picked option above a common one', async () => {
    const common = Array.from({ length: 6 }, (_, n) =>
      searchDocument({ createdAt: day(10 + n), toolLevels: { JavaScript: 3 } }),
    );
    const rare = searchDocument({ createdAt: day(1), toolLevels: { Rust: 2 } });
    await index.upsert([...common, rare]);
    const result = await index.search(searchQuery({ minToolLevels: { JavaScript: 1, Rust: 1 } }));
    expect(result.ids[0]).toBe(rare.id);
    expect(result.ids.slice(1)).toEqual(common.map((doc) => doc.id).reverse());
    const [rareShare, commonShare] = [result.signals?.[0].facet ?? 0, result.signals?.[1].facet ?? 1];
    expect(rareShare).toBeGreaterThan(commonShare);
    expect(rareShare + commonShare).toBeCloseTo(1, 10);
  });

  it('ranks by the free text without narrowing the matches, and reports the words found', async () => {
    const rust = searchDocument({ createdAt: day(1), text: 'Rust developer building compilers' });
    const both = searchDocument({ createdAt: day(2), text: 'Rust and Go services, compilers too' });
    const other = searchDocument({ createdAt: day(3), text: 'Illustrator of children books' });
    await index.upsert([rust, both, other]);
    const result = await index.search(searchQuery({ text: 'rust compilers' }));
    expect(result.total).toBe(3);
    expect(result.ids[2]).toBe(other.id);
    expect(result.signals?.[2]).toMatchObject({ facet: 0, text: 0, textTerms: [] });
    expect(result.signals?.[0].textTerms).toEqual(['rust', 'compilers']);
    expect(result.signals?.[0].text).toBeGreaterThan(0);
    const filtered = await index.search(
      searchQuery({ text: 'children books', tags: { industry: ['Banking'] } }),
    );
    expect(filtered.total).toBe(0);
  });

  it('ranks by similarity to the query vector, records without a vector last by recency', async () => {
    const pad = (head: number[]) => Array.from({ length: options.vectorDims }, (_, i) => head[i] ?? 0);
    const close = searchDocument({ createdAt: day(1), vector: pad([1, 0]) });
    const far = searchDocument({ createdAt: day(2), vector: pad([0, 1]) });
    const older = searchDocument({ createdAt: day(3) });
    const newer = searchDocument({ createdAt: day(4) });
    await index.upsert([close, far, older, newer]);
    const result = await index.search(searchQuery({ queryVector: pad([0.9, 0.1]) }));
    expect(result.ids).toEqual([close.id, far.id, newer.id, older.id]);
    expect(result.signals?.[0].vector).toBeCloseTo(0.9 / Math.sqrt(0.82), 5);
    expect(result.signals?.[3].vector).toBeUndefined();
  });

  it('pages through the ranked matches with the total on every page', async () => {
    const docs = Array.from({ length: 7 }, (_, n) => searchDocument({ createdAt: day(n + 1) }));
    await index.upsert(docs);
    const newestFirst = docs.map((doc) => doc.id).reverse();
    const page = (n: number) => index.search(searchQuery({ page: n, pageSize: 3 }));
    expect(plain(await page(1))).toEqual({ ids: newestFirst.slice(0, 3), scores: [0, 0, 0], total: 7 });
    expect(plain(await page(3))).toEqual({ ids: newestFirst.slice(6), scores: [0], total: 7 });
    expect(plain(await page(4))).toEqual({ ids: [], scores: [], total: 7 });
  });

  it('ranks a large batch exactly as the reference does', async () => {
    const docs = Array.from({ length: 150 }, (_, n) =>
      searchDocument({
        createdAt: day(1 + (n % 9)),
        tags: { industry: [['Banking', 'Mining', 'Farming'][n % 3], ['Banking', 'Mining'][n % 2]] },
        numbers: { availability: (n % 5) * 10 },
      }),
    );
    await index.upsert(docs);
    await index.remove(docs.slice(0, 10).map((doc) => doc.id));
    const query = searchQuery({
      tags: { industry: ['Banking', 'Mining'] },
      availability: { mode: 'atLeast', hours: 10 },
      pageSize: 200,
    });
    const { ids: expected, scores, total } = referenceSearch(docs.slice(10), query);
    expect(plain(await index.search(query))).toEqual({ ids: expected, scores, total });
    expect(total).toBeGreaterThan(50);
  });

  it('with rankedAt, prefers records active lately and open, by a small weight', async () => {
    const rankedAt = '2026-03-01T00:00:00.000Z';
    const stale = searchDocument({ createdAt: '2026-02-01T00:00:00.000Z', tags: { locations: ['Spain'] } });
    const active = searchDocument({
      lastActiveAt: '2026-02-20T00:00:00.000Z',
      tags: { locations: ['Spain'] },
    });
    const fresh = searchDocument({
      lastActiveAt: '2026-02-20T00:00:00.000Z',
      openUntil: '2026-04-01T00:00:00.000Z',
      tags: { locations: ['Spain'] },
    });
    // Carries both picks: more evidence outweighs freshness.
    const better = searchDocument({ tags: { locations: ['Spain', 'Chile'] } });
    await index.upsert([stale, active, fresh, better]);
    const result = await index.search(searchQuery({ tags: { locations: ['Spain', 'Chile'] }, rankedAt }));
    expect(result.ids).toEqual([better.id, fresh.id, active.id, stale.id]);
    expect(result.signals?.map((signal) => signal.fresh)).toEqual([0, 1, 0.5, 0]);
    const unranked = await index.search(searchQuery({ tags: { locations: ['Spain', 'Chile'] } }));
    // Without it the newest of equals comes first and no freshness signal is reported.
    expect(unranked.ids[1]).toBe(stale.id);
    expect(unranked.signals?.some((signal) => signal.fresh !== undefined)).toBe(false);
  });

  it('ranks by the labels understood from the text and demotes ruled-out ones, never narrowing', async () => {
    const madridRust = searchDocument({
      createdAt: '2026-01-01T00:00:00.000Z',
      tags: { locations: ['Spain'], tools: ['Rust'] },
      toolLevels: { Rust: 3 },
    });
    const madrid = searchDocument({
      createdAt: '2026-01-02T00:00:00.000Z',
      tags: { locations: ['Spain'] },
    });
    const fullStack = searchDocument({
      createdAt: '2026-01-03T00:00:00.000Z',
      tags: { locations: ['Spain'], hardSkills: ['Full Stack Developer'] },
    });
    const elsewhere = searchDocument({ createdAt: '2026-01-04T00:00:00.000Z' });
    await index.upsert([madridRust, madrid, fullStack, elsewhere]);
    const result = await index.search(
      searchQuery({
        understood: {
          options: { tags: { locations: ['Spain'] }, minToolLevels: { Rust: 1 } },
          not: { tags: { hardSkills: ['Full Stack Developer'] } },
        },
      }),
    );
    expect(result.total).toBe(4);
    // Both understood labels, then one, then none; the ruled-out label sinks below every clean record.
    expect(result.ids).toEqual([madridRust.id, madrid.id, elsewhere.id, fullStack.id]);
    expect(result.signals?.map((signal) => signal.clean)).toEqual([1, 1, 1, 0]);
    expect(result.signals?.[0].understood).toBe(1);
    expect(result.signals?.[3].understood).toBeGreaterThan(0);
  });

  it('adds one to the score per active number filter', async () => {
    const doc = searchDocument({
      tags: { locations: ['Spain'] },
      numbers: { availability: 10, durationMonths: 12, bizRole: 40 },
    });
    await index.upsert([doc]);
    const result = await index.search(
      searchQuery({
        tags: { locations: ['Spain', 'Chile'] },
        availability: { mode: 'upTo', hours: 10 },
        durationMonths: 6,
        bizRole: 50,
      }),
    );
    expect(plain(result)).toEqual({ ids: [doc.id], scores: [4], total: 1 });
  });
};

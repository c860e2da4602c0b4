import {
  referenceFacets,
  referenceRelax,
  referenceSearch,
  type SearchDocument,
  type SearchQuery,
  TAG_FACETS,
} from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { searchDocument, searchQuery } from '../../search-index.contract';
import { copySections, sectionReader } from '../structures/binary-sections';
import { FacetIndex } from './facet-index';
import { EmbeddedSearchIndex } from '../embedded.search-index';

let state = 4242;
const random = () => {
  state = (state * 1664525 + 1013904223) >>> 0;
  return state / 4294967296;
};
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
/** Options early in the list are far more common, as real labels are. */
const skewed = <T>(values: readonly T[]): T => values[Math.floor(random() * random() * values.length)];
const some = <T>(values: readonly T[], most: number): T[] => [
  ...new Set(Array.from({ length: 1 + Math.floor(random() * most) }, () => skewed(values))),
];

const TOOLS = ['Go', 'Rust', 'React', 'SQL', 'Figma', 'Excel'];
const WORDS = ['rust', 'design', 'data', 'mobile', 'games', 'climate', 'finance', 'health'];
const DIMS = 32;

const document = (OPTIONS: readonly string[], n: number): SearchDocument =>
  searchDocument({
    id: (n + 1).toString(16).padStart(24, '0'),
    createdAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(random() * 40))).toISOString(),
    text: `${pick(WORDS)} ${pick(WORDS)} skiller`,
    tags: Object.fromEntries(TAG_FACETS.map((facet) => [facet, random() < 0.8 ? some(OPTIONS, 3) : []])),
    toolLevels: Object.fromEntries(some(TOOLS, 3).map((tool) => [tool, Math.floor(random() * 6)])),
    numbers: {
      availability: random() < 0.9 ? pick([5, 10, 20, 40]) : undefined,
      bizRole: pick([0, 30, 50, 70, 100]),
      durationMonths: random() < 0.8 ? pick([1, 6, 12]) : undefined,
    },
    workingTypeRemote: random() < 0.6,
    workingTypeOffice: random() < 0.5,
    vector: random() < 0.9 ? Array.from({ length: DIMS }, () => Math.fround(random() - 0.5)) : undefined,
  });

const query = (OPTIONS: readonly string[], filters: number): SearchQuery => {
  const result = searchQuery({
    restriction: random() < 0.7 ? 'min_1_match' : 'all_match',
    pageSize: pick([5, 12, 40]),
    page: pick([1, 1, 2, 7]),
  });
  const setters = [
    () => (result.tags[pick(TAG_FACETS)] = some(OPTIONS, 3)),
    () => (result.minToolLevels = Object.fromEntries(some(TOOLS, 2).map((tool) => [tool, pick([1, 3])]))),
    () => (result.workingTypes = random() < 0.5 ? ['Remote'] : ['Remote', 'Office']),
    () => (result.availability = { mode: pick(['upTo', 'atLeast'] as const), hours: pick([10, 20]) }),
    () => (result.durationMonths = pick([1, 6])),
    () => (result.bizRole = pick([30, 70])),
    () => (result.mustHave = { industry: [skewed(OPTIONS)], tools: random() < 0.5 ? [pick(TOOLS)] : [] }),
    // Common and rare options alike, so must-nots AND out dense and sparse postings.
    () =>
      (result.mustNot = { [pick(TAG_FACETS)]: some(OPTIONS, 2), tools: random() < 0.5 ? [pick(TOOLS)] : [] }),
    () => (result.mustNotWorkingTypes = [pick(['Remote', 'Office'] as const)]),
  ];
  for (let n = 0; n < filters; n++) pick(setters)();
  return result;
};

/*
 * Thousands of records, so that matches run into thousands: every way the bitset index pages (heap or
 * walking the kept order) and counts facets (label bitsets, the matches' labels, the documents outside
 * them) is taken, and must agree with the reference scan. Few options per filter make label bitsets the
 * cheapest count, many make the matches' own labels or the documents outside them cheaper.
 */
describe.each([12, 200])(
  'EmbeddedSearchIndex at scale, %i options per filter, against the reference scan',
  (options) => {
    const OPTIONS = Array.from({ length: options }, (_, n) => `option ${n}`);
    const docs = Array.from({ length: 5000 }, (_, n) => document(OPTIONS, n));
    const build = async () => {
      const index = EmbeddedSearchIndex.create();
      await index.upsert(docs);
      // Replaced and removed records free slots that later records reuse.
      const replaced = docs.slice(0, 300).map((doc, n) => ({ ...document(OPTIONS, n), id: doc.id }));
      await index.remove(docs.slice(300, 600).map((doc) => doc.id));
      await index.upsert(replaced);
      const live = [...replaced, ...docs.slice(600)];
      return { index, live };
    };

    it('returns the reference pages, facets and relaxations for plain filters', async () => {
      const { index, live } = await build();
      for (let round = 0; round < 40; round++) {
        const asked = query(OPTIONS, round % 5);
        const result = await index.search({ ...asked, facets: true });
        const expected = referenceSearch(live, asked);
        expect({ ids: result.ids, scores: result.scores, total: result.total }).toEqual({
          ids: expected.ids,
          scores: expected.scores,
          total: expected.total,
        });
        expect(result.signals).toEqual(expected.signals);
        expect(result.facets).toEqual(referenceFacets(live, asked));
        expect(result.relax).toEqual(expected.total === 0 ? referenceRelax(live, asked) : undefined);
      }
    });

    it('returns the reference pages with free text and a query vector', async () => {
      const { index, live } = await build();
      for (let round = 0; round < 20; round++) {
        const asked: SearchQuery = {
          ...query(OPTIONS, round % 3),
          text: `${pick(WORDS)} ${pick(WORDS)}`,
          queryVector: Array.from({ length: DIMS }, () => random() - 0.5),
        };
        // BM25 is the index's own; the reference computes every other signal and the order itself.
        const everything = await index.search({ ...asked, page: 1, pageSize: live.length });
        const textScores = new Map(everything.ids.map((id, at) => [id, everything.signals?.[at]?.text ?? 0]));
        const result = await index.search(asked);
        const expected = referenceSearch(live, asked, textScores);
        expect(result.ids).toEqual(expected.ids);
        expect(result.total).toBe(expected.total);
        expect(result.signals).toEqual(expected.signals);
      }
    });
  },
);

describe('FacetIndex number ranges', () => {
  it('agree with the reference scan over fields with few values (postings) and many (the column)', async () => {
    const OPTIONS = Array.from({ length: 12 }, (_, n) => `option ${n}`);
    // Hours of every value from 1 to 120: too many values to keep postings for, so ranges read the column.
    const docs = Array.from({ length: 3000 }, (_, n) => {
      const doc = document(OPTIONS, n);
      const availability = random() < 0.9 ? 1 + Math.floor(random() * 120) : undefined;
      return { ...doc, numbers: { ...doc.numbers, availability } };
    });
    const index = EmbeddedSearchIndex.create();
    await index.upsert(docs);
    // Changed numbers move records between the value postings.
    const replaced = docs.slice(0, 400).map((doc, n) => ({ ...document(OPTIONS, n + 5000), id: doc.id }));
    await index.upsert(replaced);
    const live = [...replaced, ...docs.slice(400)];
    for (let round = 0; round < 60; round++) {
      const asked = query(OPTIONS, round % 4);
      if (round % 2 === 0)
        asked.availability = { mode: pick(['upTo', 'atLeast'] as const), hours: pick([10, 60]) };
      if (round % 3 === 0) asked.durationMonths = pick([1, 6, 12]);
      const result = await index.search(asked);
      const expected = referenceSearch(live, asked);
      expect({ ids: result.ids, total: result.total }).toEqual({ ids: expected.ids, total: expected.total });
    }
  });
});

describe('FacetIndex facet others', () => {
  it('keep the reference order of ties as labels come and go between counts', () => {
    // Every label held by as many records: the ten kept are the first in label order, code unit by code
    // unit (capitals before small letters, accents after both).
    const labels = ['zeta', 'Zeta', 'émile', 'Émile', 'alpha', 'Alpha', 'beta', 'b', 'B', 'Ω', 'a b', 'a-b'];
    const held = (label: string, n: number) =>
      searchDocument({
        id: `${n.toString(16).padStart(20, '0')}${label.length.toString(16).padStart(4, '0')}`,
        tags: { industry: [label], locations: n % 2 === 0 ? ['Spain'] : ['Peru'] },
      });
    let live = labels.flatMap((label, at) => [held(label, 2 * at), held(label, 2 * at + 1)]);
    const index = new FacetIndex();
    index.upsertMany(live);
    const asked = [
      searchQuery({}),
      searchQuery({ tags: { locations: ['Spain'] } }),
      searchQuery({ tags: { industry: ['beta', 'Ω'] } }),
      searchQuery({ tags: { industry: ['beta'], locations: ['Peru'] }, restriction: 'all_match' }),
    ];
    const expectReference = () => {
      // In the same order too: the answer's bytes are its JSON.
      for (const query of asked)
        expect(JSON.stringify(index.facets(query))).toBe(JSON.stringify(referenceFacets(live, query)));
    };
    expectReference();
    // A label sorting first comes, one kept goes.
    const added = [held('AAA', 100), held('AAA', 101)];
    index.upsertMany(added);
    index.deleteMany(live.filter((doc) => doc.tags.industry[0] === 'B').map((doc) => doc.id));
    live = [...live.filter((doc) => doc.tags.industry[0] !== 'B'), ...added];
    expectReference();
    expect(Object.keys(index.facets(asked[0]).industry ?? {})).toEqual([
      'AAA',
      'Alpha',
      'Zeta',
      'a b',
      'a-b',
      'alpha',
      'b',
      'beta',
      'zeta',
      'Émile',
    ]);
  });
});

describe('FacetIndex facets after a search', () => {
  it('start from the matches of the same filter, and match again for another filter or after a write', () => {
    const OPTIONS = Array.from({ length: 30 }, (_, n) => `option ${n}`);
    let live = Array.from({ length: 1500 }, (_, n) => document(OPTIONS, n));
    const index = new FacetIndex();
    index.upsertMany(live);
    for (let round = 0; round < 30; round++) {
      const asked = query(OPTIONS, 1 + (round % 4));
      const other = query(OPTIONS, 1 + ((round + 1) % 4));
      if (round % 3 === 0) index.search(asked, asked.page, asked.pageSize);
      else index.matches(asked);
      if (round % 3 === 1) index.matches(other);
      if (round % 3 === 2) {
        // The matches change under the same filter object.
        const removed = live.slice(0, 40).map((doc) => doc.id);
        const added = Array.from({ length: 40 }, (_, n) => document(OPTIONS, 2000 + 40 * round + n));
        index.deleteMany(removed);
        index.upsertMany(added);
        live = [...live.slice(40), ...added];
      }
      expect(index.facets(asked)).toEqual(referenceFacets(live, asked));
    }
  });
});

describe('FacetIndex facets of the whole kind', () => {
  it('are those of every document, as each write leaves them', () => {
    const OPTIONS = Array.from({ length: 30 }, (_, n) => `option ${n}`);
    let live = Array.from({ length: 300 }, (_, n) => document(OPTIONS, n));
    const index = new FacetIndex();
    index.upsertMany(live);
    // A text search's filter picks nothing: a new object each time.
    const whole = () => searchQuery({ text: 'anything' });
    expect(index.facets(whole())).toEqual(referenceFacets(live, whole()));
    const added = document(OPTIONS, 1000);
    index.upsertMany([added]);
    live = [...live, added];
    expect(index.facets(whole())).toEqual(referenceFacets(live, whole()));
    index.deleteMany([live[0].id]);
    live = live.slice(1);
    expect(index.facets(whole())).toEqual(referenceFacets(live, whole()));
    index.reserve(2000);
    expect(index.facets(whole())).toEqual(referenceFacets(live, whole()));
  });
});

describe('FacetIndex binary sections', () => {
  const OPTIONS = Array.from({ length: 40 }, (_, n) => `option ${n}`);

  /** Both indexes answer every kind of query alike, and as the reference scan over `live` does. */
  const expectSameAnswers = (restored: FacetIndex, original: FacetIndex, live: SearchDocument[]) => {
    expect(restored.size).toBe(original.size);
    for (let round = 0; round < 30; round++) {
      const asked = query(OPTIONS, round % 5);
      const page = restored.search(asked, asked.page, asked.pageSize);
      expect(page).toEqual(original.search(asked, asked.page, asked.pageSize));
      const expected = referenceSearch(live, asked);
      expect({ ids: page.ids, scores: page.scores, total: page.total }).toEqual({
        ids: expected.ids,
        scores: expected.scores,
        total: expected.total,
      });
      expect(restored.facets(asked)).toEqual(referenceFacets(live, asked));
      expect(restored.relax(asked)).toEqual(original.relax(asked));
      expect(restored.count(asked)).toBe(original.count(asked));
    }
    for (const doc of live) {
      const slot = restored.slotOf(doc.id) as number;
      expect(restored.idOf(slot)).toBe(doc.id);
      expect(restored.numberColumn('availability')[slot]).toEqual(
        original.numberColumn('availability')[slot],
      );
    }
  };

  it.each([
    ['kept order', 10],
    ['order to rebuild', 100],
  ])('load what they saved and keep working after more writes (%s)', (_, lastBatch) => {
    const docs = Array.from({ length: 3000 }, (_, n) => document(OPTIONS, n));
    const original = new FacetIndex();
    original.upsertMany(docs);
    original.deleteMany(docs.slice(100, 400).map((doc) => doc.id));
    // Rare options stay sparse, common ones dense; a batch past 64 leaves the order to rebuild.
    const replaced = docs
      .slice(0, lastBatch)
      .map((doc, n) => ({ ...document(OPTIONS, n + 5000), id: doc.id }));
    original.upsertMany(replaced);
    let live = [...replaced, ...docs.slice(lastBatch, 100), ...docs.slice(400)];
    const sections = copySections(original.toSections());
    const read = sectionReader(sections);
    expect(read('posting-sparse').length).toBeGreaterThan(0);
    expect(read('posting-dense').length).toBeGreaterThan(0);
    const restored = FacetIndex.fromSections(read);
    expectSameAnswers(restored, original, live);

    // Freed slots are reused, postings emptied and recreated, the capacity grows past the saved one.
    const removed = live.slice(0, 500).map((doc) => doc.id);
    const added = Array.from({ length: 2000 }, (_, n) => document(OPTIONS, n + 10_000));
    for (const index of [original, restored]) {
      index.deleteMany(removed);
      index.upsertMany(added);
      index.upsertMany(
        added.slice(0, 5).map((doc) => ({ ...doc, tags: { ...doc.tags, industry: ['new'] } })),
      );
    }
    live = [...live.slice(500), ...added.slice(5)];
    live.push(...added.slice(0, 5).map((doc) => ({ ...doc, tags: { ...doc.tags, industry: ['new'] } })));
    expectSameAnswers(restored, original, live);

    // Saved again, with slots as loaded beside slots written since, under reused posting numbers.
    const again = FacetIndex.fromSections(sectionReader(copySections(restored.toSections())));
    expectSameAnswers(again, original, live);
    again.deleteMany(live.slice(0, 50).map((doc) => doc.id));
    original.deleteMany(live.slice(0, 50).map((doc) => doc.id));
    expectSameAnswers(again, original, live.slice(50));
  });

  it('match a filter of short lists only after a filter that leaves most words candidates', () => {
    // 3 200 records (100 words): "wide" is held by one record per word, so after it every word is a
    // candidate; four countries are held by 40 records each (short lists), three of them 120 in all, so they
    // come second and are read over the whole width. Records 160 j + 1 hold both, in countries 0 and 2.
    const docs = Array.from({ length: 3200 }, (_, n) =>
      searchDocument({
        tags: {
          industry: n % 32 === 1 ? ['wide'] : [],
          locations: n % 80 < 4 ? [`country ${Math.floor(n / 80) % 4}`] : [],
        },
      }),
    );
    const index = new FacetIndex();
    index.upsertMany(docs);
    for (const locations of [['country 2'], ['country 0', 'country 1', 'country 2']]) {
      const asked = searchQuery({ tags: { industry: ['wide'], locations }, pageSize: 50 });
      const page = index.search(asked, asked.page, asked.pageSize);
      const expected = referenceSearch(docs, asked);
      expect(expected.total).toBe(locations.length === 1 ? 10 : 20);
      expect({ ids: page.ids, total: page.total }).toEqual({ ids: expected.ids, total: expected.total });
    }
  });

  it('reserve room for the slots a build will write, and grow past it when more come', () => {
    const docs = Array.from({ length: 1500 }, (_, n) => document(OPTIONS, n));
    const grown = new FacetIndex();
    const reserved = new FacetIndex();
    reserved.reserve(1200);
    expect(reserved.slotCapacity).toBe(1200);
    grown.upsertMany(docs.slice(0, 1200));
    reserved.upsertMany(docs.slice(0, 1200));
    // Filled to the room reserved: no growth yet.
    expect(reserved.slotCapacity).toBe(1200);
    expectSameAnswers(reserved, grown, docs.slice(0, 1200));
    grown.upsertMany(docs.slice(1200));
    reserved.upsertMany(docs.slice(1200));
    expect(reserved.slotCapacity).toBeGreaterThanOrEqual(1500);
    expectSameAnswers(reserved, grown, docs);
    // Reserving less than there is room for changes nothing.
    reserved.reserve(10);
    expect(reserved.slotCapacity).toBeGreaterThanOrEqual(1500);
  });

  it('turn down sections that disagree', () => {
    const original = new FacetIndex();
    original.upsertMany([document(OPTIONS, 1), document(OPTIONS, 2)]);
    const sections = copySections(original.toSections()).map((section) =>
      section.name === 'times' ? { ...section, data: section.data.subarray(8) } : section,
    );
    expect(() => FacetIndex.fromSections(sectionReader(sections))).toThrow(/times/);
    const unknown = copySections(original.toSections()).map((section) =>
      section.name === 'slot-postings'
        ? { ...section, data: Buffer.from(Int32Array.from([1, 999]).buffer) }
        : section,
    );
    expect(() => FacetIndex.fromSections(sectionReader(unknown))).toThrow('slot 0 names an unknown posting');
  });
});

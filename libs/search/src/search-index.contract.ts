import {
  referenceSearch,
  type SearchDocument,
  type SearchFilter,
  type SearchQuery,
  TAG_FACETS,
  type TagFacet,
} from '@skillers/domain';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { SearchIndex, SearchResult } from './search-index.port';

/** The page without its rank signals, for tests about membership and order. */
export const plain = ({ ids, scores, total }: SearchResult) => ({ ids, scores, total });

export type DocumentOverrides = Partial<Omit<SearchDocument, 'tags'>> & {
  tags?: Partial<Record<TagFacet, string[]>>;
};

let sequence = 0;
/** A record id in the stores' form: 24 hexadecimal characters. */
export const nextId = (): string => (++sequence).toString(16).padStart(24, '0');

export const searchDocument = (overrides: DocumentOverrides = {}): SearchDocument => ({
  id: nextId(),
  kind: 'teammate',
  ownerId: 'f'.repeat(24),
  createdAt: '2026-01-01T00:00:00.000Z',
  text: 'A skiller',
  toolLevels: {},
  numbers: {},
  workingTypeRemote: false,
  workingTypeOffice: false,
  ...overrides,
  tags: { ...Object.fromEntries(TAG_FACETS.map((facet) => [facet, []])), ...overrides.tags } as Record<
    TagFacet,
    string[]
  >,
});

export const searchQuery = (overrides: Partial<SearchQuery> = {}): SearchQuery => ({
  kind: 'teammate',
  restriction: 'min_1_match',
  tags: {},
  page: 1,
  pageSize: 50,
  ...overrides,
});

const day = (n: number) => new Date(Date.UTC(2026, 0, n)).toISOString();

export interface SearchIndexContractOptions {
  /** Vector length the index accepts (Elasticsearch fixes it in the mapping). */
  vectorDims: number;
  close?: (index: SearchIndex) => Promise<void>;
}

/** Behaviour every SearchIndex adapter must show; each adapter's spec file runs it against a real index. */
export const describeSearchIndexContract = (
  adapterName: SearchIndex['adapter'],
  open: () => Promise<SearchIndex>,
  options: SearchIndexContractOptions,
) => {
  describe(`SearchIndex contract: ${adapterName}`, () => {
    let index: SearchIndex;
    const ids = async (query: Partial<SearchQuery>) => (await index.search(searchQuery(query))).ids;

    beforeEach(async () => {
      index ??= await open();
      await index.clear();
    });
    afterAll(async () => {
      if (index) await options.close?.(index);
    });

    it('reports its adapter and readiness', async () => {
      expect(index.adapter).toBe(adapterName);
      expect(await index.isReady()).toBe(true);
    });

    it('stores documents and reads them back unchanged', async () => {
      const full = searchDocument({
        kind: 'project',
        text: 'Build a game',
        tags: { tools: ['React'], industry: ['Gaming'], locations: ['Poland', 'Spain'] },
        toolLevels: { React: 4 },
        numbers: { availability: 20, bizRole: 30, techRole: 70, deadline: '2030-06-15T00:00:00.000Z' },
        workingTypeRemote: true,
        vector: Array.from({ length: options.vectorDims }, (_, i) => i + 1),
        vectorModel: 'test-model',
      });
      const minimal = searchDocument();
      await index.upsert([full, minimal]);
      expect(await index.get(full.id)).toEqual(full);
      expect(await index.get(minimal.id)).toEqual(minimal);
      expect(await index.get(nextId())).toBeNull();
    });

    it('reads many documents at once, in the order asked, with or without their vectors', async () => {
      const vector = Array.from({ length: options.vectorDims }, (_, i) => i + 1);
      const project = searchDocument({ kind: 'project', vector, vectorModel: 'test-model' });
      const teammate = searchDocument({ vector, vectorModel: 'test-model' });
      await index.upsert([project, teammate]);
      const missing = nextId();
      expect(await index.getMany([teammate.id, missing, project.id])).toEqual([teammate, null, project]);
      const { vector: _vector, ...withoutVector } = project;
      expect(await index.getMany([project.id], { vectors: false })).toEqual([withoutVector]);
      expect(await index.getMany([])).toEqual([]);
    });

    it('keeps its own copies of documents', async () => {
      const doc = searchDocument({ tags: { locations: ['Spain'] }, toolLevels: { Go: 2 } });
      const kept = structuredClone(doc);
      await index.upsert([doc]);
      doc.tags.locations.push('Chile');
      doc.toolLevels.Go = 5;
      const read = await index.get(doc.id);
      expect(read).toEqual(kept);
      read?.tags.locations.push('Peru');
      expect(await index.get(doc.id)).toEqual(kept);
      expect(await ids({ tags: { locations: ['Chile'] } })).toEqual([]);
    });

    it('replaces a document upserted again, also within one batch', async () => {
      const first = searchDocument({ tags: { industry: ['Banking'] } });
      await index.upsert([first]);
      const second = { ...first, tags: { ...first.tags, industry: ['Mining'] } };
      await index.upsert([second]);
      expect(await index.count('teammate')).toBe(1);
      expect(await index.get(first.id)).toEqual(second);
      expect(await ids({ tags: { industry: ['Banking'] } })).toEqual([]);
      expect(await ids({ tags: { industry: ['Mining'] } })).toEqual([first.id]);
      const third = { ...first, tags: { ...first.tags, industry: ['Farming'] } };
      await index.upsert([second, third]);
      expect(await index.get(first.id)).toEqual(third);
    });

    it('never replaces a document by an older version of it; an equal or newer version is written', async () => {
      const newer = searchDocument({ tags: { industry: ['Mining'] }, version: 2_000 });
      await index.upsert([newer]);
      const older = { ...newer, tags: { ...newer.tags, industry: ['Banking'] }, version: 1_000 };
      await index.upsert([older]);
      expect(await index.get(newer.id)).toEqual(newer);
      expect(await ids({ tags: { industry: ['Banking'] } })).toEqual([]);
      // Within one batch too, as if its writes came one by one.
      const same = { ...newer, tags: { ...newer.tags, industry: ['Farming'] } };
      const latest = { ...newer, tags: { ...newer.tags, industry: ['Fishing'] }, version: 3_000 };
      await index.upsert([same, latest, older]);
      expect(await index.get(newer.id)).toEqual(latest);
      // A generation being built takes the live writes with the same rule.
      const generation = await index.createGeneration();
      await generation.upsert([latest]);
      await index.upsert([{ ...latest, version: 4_000 }]);
      await generation.upsert([older]);
      await generation.swap();
      expect(await index.get(newer.id)).toEqual({ ...latest, version: 4_000 });
    });

    it('moves a document whose kind changed', async () => {
      const doc = searchDocument({ kind: 'teammate' });
      await index.upsert([doc]);
      await index.upsert([{ ...doc, kind: 'project' }]);
      expect(await index.count('teammate')).toBe(0);
      expect(await index.count('project')).toBe(1);
      expect(await ids({ kind: 'project' })).toEqual([doc.id]);
    });

    it('removes documents and ignores unknown ids', async () => {
      const [a, b, c] = [searchDocument(), searchDocument(), searchDocument({ kind: 'project' })];
      await index.upsert([a, b, c]);
      await index.remove([a.id, c.id, nextId()]);
      expect(await index.get(a.id)).toBeNull();
      expect(await index.count('teammate')).toBe(1);
      expect(await index.count('project')).toBe(0);
      expect(await ids({})).toEqual([b.id]);
      await index.remove([]);
      expect(await index.count('teammate')).toBe(1);
    });

    it('keeps the kinds apart and clears both', async () => {
      const teammate = searchDocument({ tags: { industry: ['Banking'] } });
      const project = searchDocument({ kind: 'project', tags: { industry: ['Banking'] } });
      await index.upsert([teammate, project]);
      expect(await index.count('teammate')).toBe(1);
      expect(await index.count('project')).toBe(1);
      expect(await ids({ kind: 'teammate', tags: { industry: ['Banking'] } })).toEqual([teammate.id]);
      expect(await ids({ kind: 'project', tags: { industry: ['Banking'] } })).toEqual([project.id]);
      await index.clear();
      expect(await index.count('teammate')).toBe(0);
      expect(await index.count('project')).toBe(0);
      expect(await index.get(project.id)).toBeNull();
    });

    it('min_1_match: one picked option per active filter, ranked by options matched', async () => {
      const both = searchDocument({ tags: { industry: ['Banking', 'Mining'], locations: ['Spain'] } });
      const one = searchDocument({ tags: { industry: ['Mining'], locations: ['Chile'] } });
      const noLocation = searchDocument({ tags: { industry: ['Banking', 'Mining'] } });
      const neither = searchDocument({ tags: { industry: ['Farming'], locations: ['Spain'] } });
      await index.upsert([both, one, noLocation, neither]);
      const result = await index.search(
        searchQuery({ tags: { industry: ['Banking', 'Mining'], locations: ['Spain', 'Chile'] } }),
      );
      expect(plain(result)).toEqual({ ids: [both.id, one.id], scores: [3, 2], total: 2 });
    });

    it('all_match: every picked option of every active filter', async () => {
      const all = searchDocument({ tags: { softSkills: ['Empathy', 'Humility', 'Leadership'] } });
      const some = searchDocument({ tags: { softSkills: ['Empathy'] } });
      await index.upsert([all, some]);
      const result = await index.search(
        searchQuery({ restriction: 'all_match', tags: { softSkills: ['Empathy', 'Leadership'] } }),
      );
      expect(plain(result)).toEqual({ ids: [all.id], scores: [2], total: 1 });
    });

    it('must-have options are all required, and only the picks score', async () => {
      const both = searchDocument({ tags: { locations: ['Iceland', 'Norway'] }, toolLevels: { Rust: 3 } });
      const noRust = searchDocument({ tags: { locations: ['Iceland', 'Norway'] }, toolLevels: { Go: 4 } });
      const lowRust = searchDocument({ tags: { locations: ['Iceland'] }, toolLevels: { Rust: 1 } });
      const norway = searchDocument({ tags: { locations: ['Norway'] }, toolLevels: { Rust: 5 } });
      await index.upsert([both, noRust, lowRust, norway]);
      const query = searchQuery({
        tags: { locations: ['Iceland', 'Norway'] },
        minToolLevels: { Rust: 2, Go: 1 },
        mustHave: { locations: ['Iceland'], tools: ['Rust'] },
      });
      expect(plain(await index.search(query))).toEqual({ ids: [both.id], scores: [3], total: 1 });
      const remote = searchDocument({ workingTypeRemote: true, tags: { locations: ['Iceland'] } });
      await index.upsert([remote]);
      expect(await ids({ workingTypes: ['Remote', 'Office'], mustHaveWorkingTypes: ['Remote'] })).toEqual([
        remote.id,
      ]);
    });

    it('must-not options exclude the records carrying any of them, under either restriction and with text', async () => {
      const frontend = searchDocument({
        text: 'frontend work',
        tags: { hardSkills: ['Frontend Developer'] },
      });
      const fullStack = searchDocument({
        text: 'frontend and backend work',
        tags: { hardSkills: ['Frontend Developer', 'Full Stack Developer'] },
      });
      const office = searchDocument({ text: 'frontend', workingTypeOffice: true, toolLevels: { Rust: 0 } });
      const rust = searchDocument({ text: 'frontend', toolLevels: { Rust: 1 } });
      await index.upsert([frontend, fullStack, office, rust]);
      const mustNot = { hardSkills: ['Full Stack Developer'] };
      for (const restriction of ['min_1_match', 'all_match'] as const) {
        const query = searchQuery({ restriction, tags: { hardSkills: ['Frontend Developer'] }, mustNot });
        expect(plain(await index.search(query))).toEqual({ ids: [frontend.id], scores: [1], total: 1 });
      }
      expect(await ids({ mustNot })).toEqual([rust.id, office.id, frontend.id]);
      expect(await ids({ mustNot: { tools: ['Rust'] }, mustNotWorkingTypes: ['Office'] })).toEqual([
        fullStack.id,
        frontend.id,
      ]);
      const text = await index.search(searchQuery({ text: 'frontend', mustNot }));
      expect(text.total).toBe(3);
      expect(text.ids).not.toContain(fullStack.id);
    });

    it('must-nots hold in facets, their own filter too, and are dropped one by one as relaxations', async () => {
      await index.upsert([
        searchDocument({ tags: { hardSkills: ['Frontend Developer'], locations: ['Iceland'] } }),
        searchDocument({
          tags: { hardSkills: ['Frontend Developer', 'Full Stack Developer'], locations: ['Iceland'] },
        }),
        searchDocument({ tags: { hardSkills: ['Full Stack Developer'], locations: ['Norway'] } }),
      ]);
      const mustNot = { hardSkills: ['Full Stack Developer'] };
      const iceland = await index.search(
        searchQuery({ tags: { locations: ['Iceland'] }, mustNot, facets: true }),
      );
      expect(iceland.total).toBe(1);
      expect(iceland.facets?.hardSkills).toEqual({ 'Frontend Developer': 1 });
      expect(iceland.facets?.locations).toEqual({ Iceland: 1 });
      const norway = await index.search(
        searchQuery({ tags: { locations: ['Norway'] }, mustNot, facets: true }),
      );
      expect(norway.total).toBe(0);
      expect(norway.relax).toEqual([
        { dimension: 'locations', count: 1 },
        { dimension: 'hardSkills', label: 'Full Stack Developer', mustNot: true, count: 1 },
      ]);
    });

    it('counts disjunctive facets: each filter ignores its own picks and honours the others', async () => {
      const docs = [
        searchDocument({
          tags: { locations: ['Iceland'], usedLanguages: ['Icelandic'] },
          workingTypeRemote: true,
        }),
        searchDocument({
          tags: { locations: ['Iceland'], usedLanguages: ['English'] },
          toolLevels: { Rust: 2 },
        }),
        searchDocument({
          tags: { locations: ['Norway'], usedLanguages: ['English'] },
          toolLevels: { Rust: 0 },
        }),
        searchDocument({
          tags: { locations: ['Chile'], usedLanguages: ['Spanish'] },
          workingTypeOffice: true,
        }),
        searchDocument({ kind: 'project', tags: { locations: ['Iceland'], usedLanguages: ['English'] } }),
      ];
      await index.upsert(docs);
      const result = await index.search(
        searchQuery({ tags: { locations: ['Iceland'], usedLanguages: ['English'] }, facets: true }),
      );
      expect(result.total).toBe(1);
      expect(result.facets?.locations).toEqual({ Iceland: 1, Norway: 1 });
      expect(result.facets?.usedLanguages).toEqual({ English: 1, Icelandic: 1 });
      expect(result.facets?.tools).toEqual({ Rust: 1 });
      expect(result.facets?.workingType).toEqual({});
      expect(result.relax).toBeUndefined();
      expect((await index.search(searchQuery({ tags: { locations: ['Iceland'] } }))).facets).toBeUndefined();
    });

    it('counts every label the records of a kind carry, following writes, removals and swaps', async () => {
      const iceland = searchDocument({
        tags: { locations: ['Iceland'] },
        toolLevels: { Rust: 2, Go: 0 },
        workingTypeRemote: true,
      });
      const norway = searchDocument({ tags: { locations: ['Iceland', 'Norway'] } });
      await index.upsert([
        iceland,
        norway,
        searchDocument({ kind: 'project', tags: { hardSkills: ['Founder'] } }),
      ]);
      const teammates = await index.labelCounts('teammate');
      expect(teammates.locations).toEqual({ Iceland: 2, Norway: 1 });
      // A tool counts from level 1, as in the facets.
      expect(teammates.tools).toEqual({ Rust: 1 });
      expect(teammates.workingType).toEqual({ Remote: 1 });
      expect(teammates.hardSkills).toEqual({});
      expect((await index.labelCounts('project')).hardSkills).toEqual({ Founder: 1 });

      await index.remove([norway.id]);
      expect((await index.labelCounts('teammate')).locations).toEqual({ Iceland: 1 });
      await index.upsert([{ ...iceland, tags: { ...iceland.tags, locations: ['Chile'] } }]);
      expect((await index.labelCounts('teammate')).locations).toEqual({ Chile: 1 });

      const generation = await index.createGeneration();
      await generation.upsert([searchDocument({ tags: { locations: ['Peru'] } })]);
      await generation.swap();
      expect((await index.labelCounts('teammate')).locations).toEqual({ Peru: 1 });
      expect((await index.labelCounts('project')).hardSkills).toEqual({});
    });

    it('names the relaxations that bring records back when nothing matches', async () => {
      const docs = [
        searchDocument({ tags: { locations: ['Iceland'] }, toolLevels: { Go: 1 } }),
        searchDocument({ tags: { locations: ['Norway'] }, toolLevels: { Rust: 1 } }),
        searchDocument({
          tags: { locations: ['Norway'] },
          toolLevels: { Rust: 2 },
          numbers: { availability: 5 },
        }),
        searchDocument({ tags: { locations: ['Iceland'] }, toolLevels: { Rust: 3 } }),
        searchDocument({ tags: { locations: ['Iceland'] }, toolLevels: { Rust: 1 } }),
      ];
      await index.upsert(docs);
      const result = await index.search(
        searchQuery({
          tags: { locations: ['Iceland', 'Norway'] },
          minToolLevels: { Rust: 1, Go: 1 },
          mustHave: { locations: ['Iceland'], tools: ['Rust'] },
          availability: { mode: 'atLeast', hours: 1 },
          facets: true,
        }),
      );
      expect(result.total).toBe(0);
      // Dropping the tools filter or Rust as a must-have still leaves no Iceland record with hours.
      expect(result.relax).toEqual([
        { dimension: 'availability', count: 2 },
        { dimension: 'locations', count: 1 },
        { dimension: 'locations', label: 'Iceland', count: 1 },
      ]);
      const mars = searchQuery({ tags: { locations: ['Mars'] } });
      expect((await index.search({ ...mars, facets: true })).relax).toEqual([
        { dimension: 'locations', count: 5 },
      ]);
      // A plain search spends nothing on relaxations.
      expect((await index.search(mars)).relax).toBeUndefined();
    });

    it('proposes the smallest set of filters to drop when no single one brings records back', async () => {
      await index.upsert([
        searchDocument({ tags: { locations: ['Norway'] }, toolLevels: { Rust: 2 } }),
        searchDocument({ tags: { locations: ['Norway'] }, toolLevels: { Go: 1 } }),
        searchDocument({ tags: { locations: ['Chile'] }, toolLevels: { Rust: 1 } }),
      ]);
      // COBOL and Iceland are carried by no record: dropping one leaves the other in the way.
      const stuck = searchQuery({
        restriction: 'all_match',
        tags: { locations: ['Norway', 'Iceland'] },
        minToolLevels: { Rust: 1, COBOL: 1 },
        facets: true,
      });
      const result = await index.search(stuck);
      expect(result.total).toBe(0);
      expect(result.relax).toEqual([{ remove: ['tools', 'locations'], count: 3 }]);
      // Four filters no record carries: no set of three helps, dropping every filter does.
      const nowhere = await index.search(
        searchQuery({
          tags: { locations: ['Iceland'], usedLanguages: ['Klingon'], softSkills: ['Nowhere'] },
          minToolLevels: { COBOL: 1 },
          facets: true,
        }),
      );
      expect(nowhere.relax).toEqual([
        { remove: ['tools', 'softSkills', 'usedLanguages', 'locations'], count: 3 },
      ]);
    });

    it('names "Active within" and "Open only" as relaxations when they hold the records back', async () => {
      await index.upsert([
        searchDocument({ tags: { locations: ['Iceland'] }, lastActiveAt: '2026-01-01T00:00:00.000Z' }),
        searchDocument({
          tags: { locations: ['Iceland'] },
          lastActiveAt: '2026-01-02T00:00:00.000Z',
          openUntil: '2026-01-10T00:00:00.000Z',
        }),
        searchDocument({ lastActiveAt: '2026-03-01T00:00:00.000Z', openUntil: '2026-04-01T00:00:00.000Z' }),
      ]);
      const iceland = searchQuery({ tags: { locations: ['Iceland'] }, facets: true });
      const active = await index.search({ ...iceland, activeSince: '2026-02-01T00:00:00.000Z' });
      expect(active.total).toBe(0);
      expect(active.relax).toEqual([
        { dimension: 'activeSince', count: 2 },
        { dimension: 'locations', count: 1 },
      ]);
      const open = await index.search({ ...iceland, openAt: '2026-02-01T00:00:00.000Z' });
      expect(open.relax).toEqual([
        { dimension: 'openAt', count: 2 },
        { dimension: 'locations', count: 1 },
      ]);
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

    it('matches tools held at the asked level or higher', async () => {
      const expert = searchDocument({ toolLevels: { React: 5, Go: 1 } });
      const junior = searchDocument({ toolLevels: { React: 2 } });
      const listed = searchDocument({ toolLevels: { React: 0 } });
      await index.upsert([expert, junior, listed]);
      expect(await ids({ minToolLevels: { React: 3 } })).toEqual([expert.id]);
      expect(await ids({ minToolLevels: { React: 2 } })).toEqual([junior.id, expert.id]);
      expect(await ids({ minToolLevels: { React: 0 } })).toEqual([listed.id, junior.id, expert.id]);
      expect(await ids({ restriction: 'all_match', minToolLevels: { React: 2, Go: 1 } })).toEqual([
        expert.id,
      ]);
    });

    it('matches any offered working type, or every one under all_match', async () => {
      const remote = searchDocument({ workingTypeRemote: true });
      const both = searchDocument({ workingTypeRemote: true, workingTypeOffice: true });
      const neither = searchDocument();
      await index.upsert([remote, both, neither]);
      const result = await index.search(searchQuery({ workingTypes: ['Remote', 'Office'] }));
      expect(plain(result)).toEqual({ ids: [both.id, remote.id], scores: [2, 1], total: 2 });
      expect(await ids({ restriction: 'all_match', workingTypes: ['Remote', 'Office'] })).toEqual([both.id]);
      expect(await ids({ workingTypes: ['Office'] })).toEqual([both.id]);
    });

    it('filters availability "Up to" and "At least", never matching records without hours', async () => {
      const [none, zero, ten, twenty, forty] = [undefined, 0, 10, 20, 40].map((availability) =>
        searchDocument({ numbers: { availability } }),
      );
      await index.upsert([none, zero, ten, twenty, forty]);
      const upTo = await index.search(searchQuery({ availability: { mode: 'upTo', hours: 20 } }));
      expect(plain(upTo)).toEqual({ ids: [twenty.id, ten.id], scores: [1, 1], total: 2 });
      expect(await ids({ availability: { mode: 'atLeast', hours: 20 } })).toEqual([forty.id, twenty.id]);
      expect(await ids({ availability: { mode: 'upTo', hours: 0 } })).toHaveLength(5);
    });

    it('filters the collaboration duration: at least the asked months', async () => {
      const [none, three, six] = [undefined, 3, 6].map((durationMonths) =>
        searchDocument({ numbers: { durationMonths } }),
      );
      await index.upsert([none, three, six]);
      expect(await ids({ durationMonths: 3 })).toEqual([six.id, three.id]);
      expect(await ids({ durationMonths: 6 })).toEqual([six.id]);
    });

    it('filters the business share within 20 points, ends included', async () => {
      const docs = [undefined, 29, 30, 50, 70, 71].map((bizRole) => searchDocument({ numbers: { bizRole } }));
      await index.upsert(docs);
      expect(await ids({ bizRole: 50 })).toEqual([docs[4].id, docs[3].id, docs[2].id]);
    });

    it('filters deadlines on or after the asked day, never matching unset ones', async () => {
      const docs = [
        undefined,
        '1970-01-01T00:00:00.000Z',
        '2030-06-14T23:00:00.000Z',
        '2030-06-15T08:00:00.000Z',
        '2031-01-01',
      ].map((deadline) => searchDocument({ kind: 'project', numbers: { deadline } }));
      await index.upsert(docs);
      expect(await ids({ kind: 'project', deadline: '2030-06-15' })).toEqual([docs[4].id, docs[3].id]);
      expect(await ids({ kind: 'project', deadline: '1970-01-01' })).toHaveLength(5);
    });

    it('filters "Active within": last active at or after the moment, never matching records without it', async () => {
      const docs = [
        undefined,
        '2026-01-31T23:59:59.999Z',
        '2026-02-01T00:00:00.000Z',
        '2026-03-01T00:00:00.000Z',
      ].map((lastActiveAt) => searchDocument({ ...(lastActiveAt && { lastActiveAt }) }));
      await index.upsert(docs);
      expect(await ids({ activeSince: '2026-02-01T00:00:00.000Z' })).toEqual([docs[3].id, docs[2].id]);
      expect(await ids({ activeSince: '2026-04-01T00:00:00.000Z' })).toEqual([]);
    });

    it('filters "Open only": open until after the moment; closed records never match', async () => {
      const [closed, lapsed, open] = [undefined, '2026-03-01T00:00:00.000Z', '2026-05-01T00:00:00.000Z'].map(
        (openUntil) => searchDocument({ ...(openUntil && { openUntil }) }),
      );
      await index.upsert([closed, lapsed, open]);
      expect(await ids({ openAt: '2026-03-01T00:00:00.000Z' })).toEqual([open.id]);
      expect(await ids({ openAt: '2026-02-01T00:00:00.000Z' })).toEqual([open.id, lapsed.id]);
      const both = await index.search(
        searchQuery({ openAt: '2026-03-01T00:00:00.000Z', activeSince: '2026-01-01T00:00:00.000Z' }),
      );
      expect(both.total).toBe(0);
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

    describe('knn', () => {
      const vector = (...head: number[]) =>
        Array.from({ length: options.vectorDims }, (_, i) => head[i] ?? 0);

      it('ranks documents of the kind by cosine similarity, within the filter', async () => {
        const same = searchDocument({ vector: vector(1, 0), tags: { industry: ['Banking'] } });
        const close = searchDocument({ vector: vector(1, 1), tags: { industry: ['Mining'] } });
        const opposite = searchDocument({ vector: vector(-1, 0), tags: { industry: ['Banking'] } });
        const without = searchDocument({ tags: { industry: ['Banking'] } });
        const project = searchDocument({ kind: 'project', vector: vector(1, 0) });
        await index.upsert([same, close, opposite, without, project]);
        const hits = await index.knn('teammate', vector(2, 0), 10);
        expect(hits.map((hit) => hit.id)).toEqual([same.id, close.id, opposite.id]);
        expect(hits[0].similarity).toBeCloseTo(1, 5);
        expect(hits[1].similarity).toBeCloseTo(Math.SQRT1_2, 5);
        expect(hits[2].similarity).toBeCloseTo(-1, 5);
        expect((await index.knn('teammate', vector(2, 0), 1)).map((hit) => hit.id)).toEqual([same.id]);
        const banking: SearchFilter = { restriction: 'min_1_match', tags: { industry: ['Banking'] } };
        const filtered = await index.knn('teammate', vector(1, 1), 10, banking);
        expect(filtered.map((hit) => hit.id)).toEqual([same.id, opposite.id]);
        const tooLong = Array.from({ length: options.vectorDims + 1 }, () => 1);
        expect(await index.knn('teammate', tooLong, 10)).toEqual([]);
      });
    });

    describe('reindex generations', () => {
      it('builds beside the live index, which keeps answering until the swap', async () => {
        const old = searchDocument({ tags: { industry: ['Banking'] } });
        await index.upsert([old]);
        const generation = await index.createGeneration();
        const fresh = searchDocument({ tags: { industry: ['Banking'] } });
        const freshProject = searchDocument({ kind: 'project' });
        await generation.upsert([fresh, freshProject]);
        expect(await generation.count('teammate')).toBe(1);
        expect(await ids({ tags: { industry: ['Banking'] } })).toEqual([old.id]);
        expect(await index.count('project')).toBe(0);
        await generation.swap();
        expect(await ids({ tags: { industry: ['Banking'] } })).toEqual([fresh.id]);
        expect(await index.get(old.id)).toBeNull();
        expect(await index.count('project')).toBe(1);
        await expect(generation.upsert([old])).rejects.toThrow(/already swapped in or discarded/);
      });

      it('applies writes made to the live index while a generation is built', async () => {
        const kept = searchDocument();
        const removed = searchDocument();
        const generation = await index.createGeneration();
        await generation.upsert([kept, removed]);
        const written = searchDocument();
        await index.upsert([written]);
        await index.remove([removed.id]);
        await generation.swap();
        expect(new Set(await ids({}))).toEqual(new Set([kept.id, written.id]));
      });

      it('leaves the live index alone when a generation is discarded', async () => {
        const live = searchDocument();
        await index.upsert([live]);
        const generation = await index.createGeneration();
        await generation.upsert([searchDocument()]);
        await generation.discard();
        expect(await ids({})).toEqual([live.id]);
        await index.upsert([searchDocument()]);
        expect(await index.count('teammate')).toBe(2);
      });
    });
  });
};

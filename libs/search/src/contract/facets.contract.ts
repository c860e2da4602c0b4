import { beforeEach, expect, it } from 'vitest';
import type { SearchIndex } from '../search-index.port';
import { type ContractSubject, searchDocument, searchQuery } from './search-fixtures.contract';

/** Disjunctive facet counts, and the relaxations named when nothing matches. */
export const describeFacetsContract = (subject: ContractSubject): void => {
  let index: SearchIndex;
  beforeEach(() => {
    index = subject.index;
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
    const profiles = await index.labelCounts('teammate');
    expect(profiles.locations).toEqual({ Iceland: 2, Norway: 1 });
    // A tool counts from level 1, as in the facets.
    expect(profiles.tools).toEqual({ Rust: 1 });
    expect(profiles.workingType).toEqual({ Remote: 1 });
    expect(profiles.hardSkills).toEqual({});
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
};

import { beforeEach, expect, it } from 'vitest';
import type { SearchIndex } from '../search-index.port';
import { type ContractSubject, plain, searchDocument, searchQuery } from './search-fixtures.contract';

/** Option filters: picks under either restriction, must-haves, must-nots, tool levels and working types. */
export const describeOptionFiltersContract = (subject: ContractSubject): void => {
  let index: SearchIndex;
  const { ids } = subject;
  beforeEach(() => {
    index = subject.index;
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

  it('matches tools held at the asked level or higher', async () => {
    const expert = searchDocument({ toolLevels: { React: 5, Go: 1 } });
    const junior = searchDocument({ toolLevels: { React: 2 } });
    const listed = searchDocument({ toolLevels: { React: 0 } });
    await index.upsert([expert, junior, listed]);
    expect(await ids({ minToolLevels: { React: 3 } })).toEqual([expert.id]);
    expect(await ids({ minToolLevels: { React: 2 } })).toEqual([junior.id, expert.id]);
    expect(await ids({ minToolLevels: { React: 0 } })).toEqual([listed.id, junior.id, expert.id]);
    expect(await ids({ restriction: 'all_match', minToolLevels: { React: 2, Go: 1 } })).toEqual([expert.id]);
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
};

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchDocument } from '../search-index.contract';
import type { MatchableSearch, SavedSearchMatcher } from './saved-search-matcher.port';

let counter = 0;
const newIdLike = (): string => (++counter).toString(16).padStart(24, '0');

const OWNER = 'a'.repeat(24);
const PUBLISHER = 'b'.repeat(24);

export const savedSearch = (overrides: Partial<MatchableSearch> = {}): MatchableSearch => ({
  _id: newIdLike(),
  ownerId: OWNER,
  kind: 'teammate',
  filters: {},
  restriction: 'min_1_match',
  ...overrides,
});

/** What every matcher must find: the semantics of `compileSavedSearch`, the kind, never the owner's own. */
export const describeSavedSearchMatcherContract = (
  adapterName: string,
  open: () => Promise<SavedSearchMatcher & { close?: () => Promise<void> }>,
) => {
  describe(`SavedSearchMatcher contract: ${adapterName}`, () => {
    let matcher: SavedSearchMatcher & { close?: () => Promise<void> };
    const react = savedSearch({
      filters: { toolsExperience: [{ tool: 'React', mep: 3 }], locations: ['Spain'] },
    });
    const drones = savedSearch({ text: 'drones farming' });
    const project = savedSearch({ kind: 'project', filters: { locations: ['Spain'] } });
    const allMatch = savedSearch({
      filters: { usedLanguages: ['German', 'French'] },
      restriction: 'all_match',
    });
    const business = savedSearch({ filters: { bizOrTech: 60 } });
    const mustRemote = savedSearch({
      filters: { offeredWorkingType: ['Remote', 'Office'] },
      mustHave: { offeredWorkingType: ['Remote'] },
    });
    const notFullStack = savedSearch({
      filters: { locations: ['Portugal'] },
      mustNot: { hardSkills: ['Full Stack Developer'] },
    });
    const removed = savedSearch({ filters: { locations: ['Spain'] } });
    const pythonInBerlin = savedSearch({
      text: 'pyhton data person in berlin, not full stack',
      understood: {
        labels: { toolsExperience: ['Python'], locations: ['Germany'] },
        not: { hardSkills: ['Full Stack Developer'] },
        places: ['berlin'],
        words: ['python', 'data', 'person', 'berlin'],
      },
    });

    beforeAll(async () => {
      matcher = await open();
      for (const search of [
        react,
        drones,
        project,
        allMatch,
        business,
        mustRemote,
        notFullStack,
        pythonInBerlin,
        removed,
      ])
        await matcher.put(search);
      await matcher.remove(removed._id);
    });
    afterAll(async () => {
      for (const search of [
        react,
        drones,
        project,
        allMatch,
        business,
        mustRemote,
        notFullStack,
        pythonInBerlin,
      ])
        await matcher.remove(search._id);
      await matcher.close?.();
    });

    const matched = async (overrides: Parameters<typeof searchDocument>[0]) =>
      (await matcher.match(searchDocument({ ownerId: PUBLISHER, ...overrides })))
        .map((m) => m.searchId)
        .sort();

    it('finds the searches whose filters the record meets, with their owner', async () => {
      const found = await matcher.match(
        searchDocument({ ownerId: PUBLISHER, tags: { locations: ['Spain'] }, toolLevels: { React: 4 } }),
      );
      expect(found).toEqual([{ searchId: react._id, ownerId: OWNER }]);
      expect(await matched({ tags: { locations: ['Spain'] }, toolLevels: { React: 2 } })).toEqual([]);
    });

    it('needs every word of the free text', async () => {
      expect(await matched({ text: 'Farming with drones in the valley' })).toEqual([drones._id]);
      expect(await matched({ text: 'Farming by hand' })).toEqual([]);
    });

    it('meets an understood text by its fixed words or one understood label of every filter', async () => {
      expect(await matched({ text: 'A Python person for data work in Berlin' })).toEqual([
        pythonInBerlin._id,
      ]);
      expect(await matched({ toolLevels: { Python: 2 }, tags: { locations: ['Germany'] } })).toEqual([
        pythonInBerlin._id,
      ]);
      expect(await matched({ toolLevels: { Python: 2 }, tags: { locations: ['Austria'] } })).toEqual([]);
      expect(await matched({ text: 'A Python person in Berlin' })).toEqual([]);
    });

    it('never matches a record carrying a label the text rules out', async () => {
      const fullStack = { hardSkills: ['Full Stack Developer'], locations: ['Germany'] };
      expect(await matched({ toolLevels: { Python: 2 }, tags: { locations: ['Germany'] } })).toEqual([
        pythonInBerlin._id,
      ]);
      expect(await matched({ toolLevels: { Python: 2 }, tags: fullStack })).toEqual([]);
      expect(await matched({ tags: fullStack, text: 'A Python person for data work in Berlin' })).toEqual([]);
    });

    it("keeps to the kind, and leaves out the owner's own records", async () => {
      expect(await matched({ kind: 'project', tags: { locations: ['Spain'] } })).toEqual([project._id]);
      expect(
        await matcher.match(
          searchDocument({ ownerId: OWNER, kind: 'project', tags: { locations: ['Spain'] } }),
        ),
      ).toEqual([]);
    });

    it('applies the restriction, number filters and must-haves', async () => {
      expect(await matched({ tags: { usedLanguages: ['German'] } })).toEqual([]);
      expect(await matched({ tags: { usedLanguages: ['German', 'French'] } })).toEqual([allMatch._id]);
      expect(await matched({ numbers: { bizRole: 70 } })).toEqual([business._id]);
      expect(await matched({ numbers: { bizRole: 90 } })).toEqual([]);
      expect(await matched({ workingTypeOffice: true })).toEqual([]);
      expect(await matched({ workingTypeOffice: true, workingTypeRemote: true })).toEqual([mustRemote._id]);
    });

    it('never fires for a record carrying a must-not option', async () => {
      expect(await matched({ tags: { locations: ['Portugal'] } })).toEqual([notFullStack._id]);
      expect(
        await matched({ tags: { locations: ['Portugal'], hardSkills: ['Full Stack Developer'] } }),
      ).toEqual([]);
    });
  });
};

import {
  compareIdsDescending,
  createdAtMs,
  documentAsProfile,
  documentAsProject,
  type MatchQuery,
  needWeightOf,
  type NeedWeightTable,
  needWeightTable,
  profilesMatchQuery,
  projectsMatchQuery,
  type SearchDocument,
  twoSidedFit,
} from '@skillers/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MatchesAnswer, MatchHit, MatchOptions, SearchIndex } from '../search-index.port';
import { type ContractSubject, day, nextId, searchDocument } from './search-fixtures.contract';

// Small vocabularies, so that records share labels often and many scores tie.
const TOOLS = ['Rust', 'Go', 'Kafka', 'React'];
const ROLES = ['Backend Developer', 'Designer', 'DevOps Engineer'];
const SOFT = ['Teamwork', 'Leadership'];
const LANGUAGES = ['English', 'Spanish'];
const AREAS = ['Banking', 'Health'];
const REWARDS = ['Equity', 'Salary', 'Revenue Share'];
const BASES = ['Hourly', 'Milestone'];
const PLACES = ['Spain', 'Portugal', 'Chile'];
const OWNERS = Array.from({ length: 12 }, (_, n) => `${n + 1}`.padStart(24, 'a'));

/** A seeded generator, so that a failure can be replayed. */
const generator = (seed: number) => {
  let state = seed;
  const random = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 4294967296;
  };
  const some = (labels: readonly string[], most = labels.length) =>
    labels.filter(() => random() < most / labels.length / 2);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
  return { random, some, pick };
};

/** Generated projects and profiles with every field the fit reads, some left empty. */
const generatedDocuments = (seed: number, count: number): SearchDocument[] => {
  const { random, some, pick } = generator(seed);
  return Array.from({ length: count }, (_, n) => {
    const kind = n % 2 === 0 ? 'project' : 'teammate';
    const from = pick([undefined, 0, 5, 10, 20]);
    return searchDocument({
      kind,
      ownerId: pick(OWNERS),
      // Few distinct days: equal scores of the same day fall to the id.
      createdAt: day(1 + Math.floor(random() * 3)),
      toolLevels: Object.fromEntries(some(TOOLS, 2).map((tool) => [tool, 1 + Math.floor(random() * 5)])),
      tags: {
        hardSkills: some(ROLES, 1),
        softSkills: some(SOFT, 1),
        usedLanguages: some(LANGUAGES, 1),
        industry: some(AREAS, 1),
        offeredGratification: some(REWARDS, 1),
        forGratification: some(BASES, 1),
        locations: some(PLACES, 1),
      },
      numbers: random() < 0.8 ? { availability: pick([5, 10, 20, 40]) } : {},
      workingTypeRemote: random() < 0.6,
      workingTypeOffice: random() < 0.4,
      ...(kind === 'teammate' &&
        from !== undefined && { wantedHours: random() < 0.7 ? { from, to: from + 15 } : { from } }),
    });
  });
};

/**
 * `twoSidedFit` of the asking document with every document of the other kind, the same owners left out,
 * no fit dropped, best first, then newest, then greater id: what `matches` must answer.
 */
const referenceMatches = (
  asking: SearchDocument,
  docs: readonly SearchDocument[],
  weights: NeedWeightTable,
  { k, excludeOwners = [] }: MatchOptions,
): MatchesAnswer => {
  const fitting = docs
    .filter((doc) => doc.kind !== asking.kind && !excludeOwners.includes(doc.ownerId))
    .map((doc) => {
      const fit =
        asking.kind === 'project'
          ? twoSidedFit(documentAsProject(asking), documentAsProfile(doc), needWeightOf(weights))
          : twoSidedFit(documentAsProject(doc), documentAsProfile(asking), needWeightOf(weights));
      const { needs, wants, score } = fit;
      return {
        doc,
        hit: { id: doc.id, ownerId: doc.ownerId, needs: needs.share, wants: wants.share, score },
      };
    })
    .filter(({ hit }) => hit.score > 0)
    .sort(
      (a, b) =>
        b.hit.score - a.hit.score ||
        createdAtMs(b.doc) - createdAtMs(a.doc) ||
        compareIdsDescending(a.doc.id, b.doc.id),
    );
  return { hits: fitting.slice(0, k).map(({ hit }) => hit), total: fitting.length };
};

/** "Matches for you": the best records of the other kind by two-sided fit, exactly as `twoSidedFit` ranks. */
export const describeMatchesContract = (subject: ContractSubject): void => {
  let index: SearchIndex;
  beforeEach(() => {
    index = subject.index;
  });

  /** The query the API builds for a document, with the rarity of labels among the index's profiles. */
  const queryFor = async (
    asking: SearchDocument,
  ): Promise<{ query: MatchQuery; weights: NeedWeightTable }> => {
    const weights = needWeightTable(await index.count('teammate'), await index.labelCounts('teammate'));
    const query =
      asking.kind === 'project'
        ? profilesMatchQuery(documentAsProject(asking), weights)
        : projectsMatchQuery(documentAsProfile(asking), weights);
    return { query, weights };
  };

  const expectSameMatches = (actual: MatchesAnswer, expected: MatchesAnswer) => {
    expect(actual.total).toBe(expected.total);
    const parts = ({ hits }: MatchesAnswer) => hits.map(({ id, ownerId }: MatchHit) => ({ id, ownerId }));
    expect(parts(actual)).toEqual(parts(expected));
    actual.hits.forEach((hit, at) => {
      for (const part of ['needs', 'wants', 'score'] as const)
        expect(Math.abs(hit[part] - expected.hits[at][part]), `${part} of ${hit.id}`).toBeLessThan(1e-9);
    });
  };

  describe('matches', () => {
    it('answers what twoSidedFit over every record answers: ids, order and scores', async () => {
      const docs = generatedDocuments(20261128, 400);
      // Copies of some records on the same day: equal scores, ordered by id.
      const copies = docs.slice(0, 40).map((doc) => ({ ...doc, id: `c${doc.id.slice(1)}` }));
      const all = [...docs, ...copies];
      await index.upsert(all);
      let compared = 0;
      for (const asking of all.filter((_, n) => n % 13 === 0)) {
        const { query, weights } = await queryFor(asking);
        for (const options of [
          { k: 10, excludeOwners: [asking.ownerId] },
          { k: 1000, excludeOwners: [asking.ownerId, OWNERS[0], OWNERS[1]] },
          { k: 25 },
        ]) {
          const expected = referenceMatches(asking, all, weights, options);
          expectSameMatches(await index.matches(query, options), expected);
          compared += expected.hits.length;
        }
      }
      // The comparison is not empty: most asks have matches.
      expect(compared).toBeGreaterThan(500);
    });

    it('follows writes between queries: new, changed and removed records, and new label weights', async () => {
      const docs = generatedDocuments(7, 120);
      await index.upsert(docs);
      const asking = docs.filter((doc) => doc.kind === 'teammate').slice(0, 3);
      const check = async () => {
        for (const doc of asking) {
          const { query, weights } = await queryFor(doc);
          const current = docs.filter((held) => !removed.has(held.id));
          expectSameMatches(
            await index.matches(query, { k: 20 }),
            referenceMatches(doc, current, weights, { k: 20 }),
          );
        }
      };
      const removed = new Set<string>();
      await check();
      const projects = docs.filter((doc) => doc.kind === 'project');
      // A project asking more, a new one, one gone, and a new profile changing the labels' rarity.
      const changed = { ...projects[0], tags: { ...projects[0].tags, hardSkills: [...ROLES] } };
      const added = { ...projects[1], id: nextId(), toolLevels: { Rust: 1, Go: 1 } };
      const profile = { ...asking[0], id: nextId(), tags: { ...asking[0].tags, hardSkills: ['Designer'] } };
      // Projects only first: the labels' rarity among profiles stays as it was.
      docs.splice(docs.indexOf(projects[0]), 1, changed);
      docs.push(added);
      removed.add(projects[2].id);
      await index.upsert([changed, added]);
      await index.remove([projects[2].id]);
      await check();
      docs.push(profile);
      await index.upsert([profile]);
      await check();
    });

    it('breaks equal scores by the newest record, then the greater id, and leaves out owners', async () => {
      const project = searchDocument({
        kind: 'project',
        toolLevels: { Rust: 2 },
        tags: { offeredGratification: ['Equity'] },
        workingTypeRemote: true,
      });
      const profile = (id: string, createdAt: string, ownerId = OWNERS[2]) =>
        searchDocument({
          id,
          ownerId,
          createdAt,
          toolLevels: { Rust: 3 },
          tags: { offeredGratification: ['Equity'] },
        });
      const older = profile('0000000000000000000000a1', day(1));
      const lowerId = profile('0000000000000000000000a2', day(2));
      const higherId = profile('0000000000000000000000a3', day(2));
      const leftOut = profile('0000000000000000000000a4', day(3), OWNERS[3]);
      // Asks Rust at a level it lacks: needs nothing met.
      const tooLow = searchDocument({ toolLevels: { Rust: 1 }, tags: { offeredGratification: ['Equity'] } });
      await index.upsert([project, older, lowerId, higherId, leftOut, tooLow]);
      const { query } = await queryFor(project);
      const { hits, total } = await index.matches(query, { k: 10, excludeOwners: [OWNERS[3]] });
      expect(hits.map((hit) => hit.id)).toEqual([higherId.id, lowerId.id, older.id]);
      expect(hits.map((hit) => hit.score)).toEqual([1, 1, 1]);
      expect(total).toBe(3);
      const firstTwo = await index.matches(query, { k: 2 });
      expect(firstTwo.hits.map((hit) => hit.id)).toEqual([leftOut.id, higherId.id]);
      expect(firstTwo.total).toBe(4);
    });

    it('answers nothing for records with no fit: nothing needed held, or nothing wanted offered', async () => {
      const project = searchDocument({
        kind: 'project',
        tags: { hardSkills: ['Designer'], offeredGratification: ['Salary'] },
      });
      const noNeeds = searchDocument({
        tags: { hardSkills: ['Backend Developer'], offeredGratification: ['Salary'] },
      });
      const noWants = searchDocument({
        tags: { hardSkills: ['Designer'], offeredGratification: ['Equity'] },
      });
      const asksNothing = searchDocument({ tags: { hardSkills: ['Designer'] } });
      await index.upsert([project, noNeeds, noWants, asksNothing]);
      const none = { hits: [], total: 0 };
      expect(await index.matches((await queryFor(project)).query, { k: 10 })).toEqual(none);
      expect(await index.matches((await queryFor(noWants)).query, { k: 10 })).toEqual(none);
      expect(await index.matches((await queryFor(project)).query, { k: 0 })).toEqual(none);
    });
  });
};

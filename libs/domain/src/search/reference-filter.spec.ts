import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FUSION_WEIGHTS } from './hybrid-ranking';
import { explainMatch, picksLabels } from './match-explanation';
import {
  BIZ_TECH_TOLERANCE,
  FACET_OTHERS,
  facetOf,
  matchDocument,
  referenceFacets,
  referenceRelax,
  referenceSearch,
} from './reference-filter';
import { createdAtMs, isoDay, setDeadlineDay } from './search-document';
import { testDocument } from './search-document.testing';
import type { SearchFilter, SearchQuery } from './search-query';

const doc = testDocument;

const filter = (overrides: Partial<SearchFilter> = {}): SearchFilter => ({
  restriction: 'min_1_match',
  tags: {},
  ...overrides,
});

const query = (overrides: Partial<SearchQuery> = {}): SearchQuery => ({
  kind: 'teammate',
  page: 1,
  pageSize: 50,
  ...filter(overrides),
  ...overrides,
});

describe('matchDocument', () => {
  it('matches every record with score 0 when no filter is active', () => {
    expect(matchDocument(doc(), filter())).toEqual({ matched: true, score: 0 });
    expect(
      matchDocument(doc(), filter({ tags: { industry: [] }, minToolLevels: {}, workingTypes: [] })),
    ).toEqual({
      matched: true,
      score: 0,
    });
  });

  it('checks the kind only when one is given', () => {
    const project = doc({ kind: 'project' });
    expect(matchDocument(project, { ...filter(), kind: 'teammate' }).matched).toBe(false);
    expect(matchDocument(project, { ...filter(), kind: 'project' }).matched).toBe(true);
    expect(matchDocument(project, filter()).matched).toBe(true);
  });

  describe('min_1_match', () => {
    const picked = filter({ tags: { industry: ['Banking', 'Healthcare'], locations: ['Poland', 'Spain'] } });

    it('needs one picked option of every active filter (OR inside, AND across)', () => {
      expect(matchDocument(doc({ tags: { industry: ['Banking'], locations: ['Spain'] } }), picked)).toEqual({
        matched: true,
        score: 2,
      });
      expect(
        matchDocument(doc({ tags: { industry: ['Banking', 'Healthcare'], locations: ['Poland'] } }), picked),
      ).toEqual({
        matched: true,
        score: 3,
      });
      expect(matchDocument(doc({ tags: { industry: ['Banking', 'Healthcare'] } }), picked)).toEqual({
        matched: false,
        score: 2,
      });
    });

    it('compares options exactly, within their own filter', () => {
      expect(
        matchDocument(doc({ tags: { industry: ['banking'], locations: ['Spain'] } }), picked).matched,
      ).toBe(false);
      expect(
        matchDocument(doc({ tags: { hardSkills: ['Banking'], locations: ['Spain'] } }), picked).matched,
      ).toBe(false);
    });

    it('counts an option picked twice once', () => {
      const twice = filter({ tags: { industry: ['Banking', 'Banking'] } });
      expect(matchDocument(doc({ tags: { industry: ['Banking'] } }), twice)).toEqual({
        matched: true,
        score: 1,
      });
    });
  });

  describe('all_match', () => {
    it('needs every picked option of every active filter', () => {
      const all = filter({ restriction: 'all_match', tags: { softSkills: ['Empathy', 'Leadership'] } });
      expect(
        matchDocument(doc({ tags: { softSkills: ['Leadership', 'Empathy', 'Humility'] } }), all),
      ).toEqual({
        matched: true,
        score: 2,
      });
      expect(matchDocument(doc({ tags: { softSkills: ['Leadership'] } }), all)).toEqual({
        matched: false,
        score: 1,
      });
    });
  });

  describe('tools', () => {
    const react3 = filter({ minToolLevels: { React: 3 } });

    it('matches a tool held at the asked level or higher', () => {
      expect(matchDocument(doc({ toolLevels: { React: 3 } }), react3)).toEqual({ matched: true, score: 1 });
      expect(matchDocument(doc({ toolLevels: { React: 5 } }), react3).matched).toBe(true);
      expect(matchDocument(doc({ toolLevels: { React: 2 } }), react3).matched).toBe(false);
      expect(matchDocument(doc({ toolLevels: { Vue: 5 } }), react3).matched).toBe(false);
    });

    it('takes any picked tool under min_1_match and every one under all_match', () => {
      const record = doc({ toolLevels: { React: 4, Docker: 1 } });
      const asked = { React: 2, Docker: 2 };
      expect(matchDocument(record, filter({ minToolLevels: asked }))).toEqual({ matched: true, score: 1 });
      expect(matchDocument(record, filter({ restriction: 'all_match', minToolLevels: asked })).matched).toBe(
        false,
      );
    });
  });

  describe('working type', () => {
    it('matches a record offering any picked type', () => {
      const either = filter({ workingTypes: ['Remote', 'Office'] });
      expect(matchDocument(doc({ workingTypeOffice: true }), either)).toEqual({ matched: true, score: 1 });
      expect(matchDocument(doc({ workingTypeRemote: true, workingTypeOffice: true }), either)).toEqual({
        matched: true,
        score: 2,
      });
      expect(matchDocument(doc(), either).matched).toBe(false);
      expect(
        matchDocument(doc({ workingTypeOffice: true }), filter({ workingTypes: ['Remote'] })).matched,
      ).toBe(false);
    });

    it('needs every picked type under all_match', () => {
      const both = filter({ restriction: 'all_match', workingTypes: ['Remote', 'Office'] });
      expect(matchDocument(doc({ workingTypeRemote: true }), both).matched).toBe(false);
      expect(matchDocument(doc({ workingTypeRemote: true, workingTypeOffice: true }), both).matched).toBe(
        true,
      );
    });
  });

  describe('availability', () => {
    const withHours = (availability?: number) => doc({ numbers: { availability } });

    it('"Up to N" takes records with more than 0 and at most N hours', () => {
      const upTo = filter({ availability: { mode: 'upTo', hours: 20 } });
      expect(matchDocument(withHours(20), upTo)).toEqual({ matched: true, score: 1 });
      expect(matchDocument(withHours(5), upTo).matched).toBe(true);
      expect(matchDocument(withHours(21), upTo).matched).toBe(false);
      expect(matchDocument(withHours(0), upTo).matched).toBe(false);
      expect(matchDocument(withHours(undefined), upTo).matched).toBe(false);
    });

    it('"At least N" takes records with N hours or more', () => {
      const atLeast = filter({ availability: { mode: 'atLeast', hours: 20 } });
      expect(matchDocument(withHours(20), atLeast).matched).toBe(true);
      expect(matchDocument(withHours(40), atLeast).matched).toBe(true);
      expect(matchDocument(withHours(19), atLeast).matched).toBe(false);
      expect(matchDocument(withHours(undefined), atLeast).matched).toBe(false);
    });

    it('is no filter at 0 hours', () => {
      expect(
        matchDocument(withHours(undefined), filter({ availability: { mode: 'upTo', hours: 0 } })),
      ).toEqual({
        matched: true,
        score: 0,
      });
    });
  });

  describe('collaboration duration', () => {
    it('takes records offering at least the asked months', () => {
      const sixMonths = filter({ durationMonths: 6 });
      expect(matchDocument(doc({ numbers: { durationMonths: 6 } }), sixMonths)).toEqual({
        matched: true,
        score: 1,
      });
      expect(matchDocument(doc({ numbers: { durationMonths: 12 } }), sixMonths).matched).toBe(true);
      expect(matchDocument(doc({ numbers: { durationMonths: 3 } }), sixMonths).matched).toBe(false);
      expect(matchDocument(doc(), sixMonths).matched).toBe(false);
      expect(matchDocument(doc(), filter({ durationMonths: 0 })).matched).toBe(true);
    });
  });

  describe('business/tech split', () => {
    it(`takes records within ${BIZ_TECH_TOLERANCE} points of the asked business share, ends included`, () => {
      expect(BIZ_TECH_TOLERANCE).toBe(20);
      const half = filter({ bizRole: 50 });
      for (const bizRole of [30, 50, 70]) {
        expect(matchDocument(doc({ numbers: { bizRole } }), half)).toEqual({ matched: true, score: 1 });
      }
      for (const bizRole of [29, 71, 0, 100])
        expect(matchDocument(doc({ numbers: { bizRole } }), half).matched).toBe(false);
      expect(matchDocument(doc(), half).matched).toBe(false);
    });

    it('is no filter at 0', () => {
      expect(matchDocument(doc({ numbers: { bizRole: 100 } }), filter({ bizRole: 0 })).matched).toBe(true);
    });
  });

  describe('deadline', () => {
    const asked = filter({ deadline: '2030-06-15' });

    it('takes records whose deadline is on or after the asked day', () => {
      expect(matchDocument(doc({ numbers: { deadline: '2030-06-15T00:00:00.000Z' } }), asked)).toEqual({
        matched: true,
        score: 1,
      });
      expect(matchDocument(doc({ numbers: { deadline: '2030-06-15T23:59:59.000Z' } }), asked).matched).toBe(
        true,
      );
      expect(matchDocument(doc({ numbers: { deadline: '2031-01-01' } }), asked).matched).toBe(true);
      expect(matchDocument(doc({ numbers: { deadline: '2030-06-14T23:59:59.000Z' } }), asked).matched).toBe(
        false,
      );
    });

    it('never takes a record without a deadline, or with one on or before 1970-01-01', () => {
      for (const deadline of [undefined, '1970-01-01T00:00:00.000Z', '1969-12-31', 'soon']) {
        expect(matchDocument(doc({ numbers: { deadline } }), asked).matched).toBe(false);
      }
    });

    it('is no filter when the asked date is on or before 1970-01-01', () => {
      expect(matchDocument(doc(), filter({ deadline: '1970-01-01' })).matched).toBe(true);
    });
  });

  it('adds 1 per satisfied number filter to the matched options, even for a record that fails', () => {
    const mixed = filter({
      tags: { locations: ['Spain', 'Poland'] },
      availability: { mode: 'atLeast', hours: 10 },
      durationMonths: 3,
    });
    const record = doc({
      tags: { locations: ['Spain', 'Poland'] },
      numbers: { availability: 40, durationMonths: 6 },
    });
    expect(matchDocument(record, mixed)).toEqual({ matched: true, score: 4 });
    const short = doc({ tags: { locations: ['Spain'] }, numbers: { availability: 40, durationMonths: 1 } });
    expect(matchDocument(short, mixed)).toEqual({ matched: false, score: 2 });
  });
});

describe('referenceSearch', () => {
  const at = (day: number) => `2026-01-${String(day).padStart(2, '0')}T00:00:00.000Z`;

  it('ranks by the weight of the picked options present (rarer weighs more), then newest, then greater id', () => {
    const [a, b, c, d, e] = ['01', '02', '03', '04', '05'].map((suffix) => suffix.padStart(24, 'a'));
    const docs = [
      doc({ id: a, createdAt: at(1), tags: { industry: ['Banking', 'Healthcare'] } }),
      doc({ id: b, createdAt: at(5), tags: { industry: ['Banking'] } }),
      doc({ id: c, createdAt: at(5), tags: { industry: ['Healthcare'] } }),
      doc({ id: d, createdAt: at(9), tags: { industry: ['Banking'] } }),
      doc({ id: e, createdAt: at(9), tags: { industry: ['Mining'] } }),
      doc({ kind: 'project', createdAt: at(9), tags: { industry: ['Banking'] } }),
    ];
    const banking = query({ tags: { industry: ['Banking', 'Healthcare'] }, pageSize: 2 });
    // Among the five profiles Banking is carried by three (weight 98), Healthcare by two (weight 125).
    const healthcare = 125 / 223;
    const bankingOnly = 98 / 223;
    expect(referenceSearch(docs, banking)).toEqual({
      ids: [a, c],
      scores: [2, 1],
      total: 4,
      signals: [
        { facet: 1, fused: 1 },
        { facet: healthcare, fused: healthcare },
      ],
    });
    expect(referenceSearch(docs, { ...banking, page: 2 })).toMatchObject({
      ids: [d, b],
      scores: [1, 1],
      signals: [{ facet: bankingOnly }, { facet: bankingOnly }],
    });
    expect(referenceSearch(docs, { ...banking, page: 3 })).toEqual({
      ids: [],
      scores: [],
      total: 4,
      signals: [],
    });
  });

  it('ranks by the fused facet evidence, BM25 score of the text and vector, never narrowing the matches', () => {
    const [a, b, c] = ['01', '02', '03'].map((suffix) => suffix.padStart(24, 'b'));
    const docs = [
      doc({ id: a, createdAt: at(1), text: 'Rust compilers', vector: [1, 0] }),
      doc({ id: b, createdAt: at(2), text: 'Go services', vector: [0, 1] }),
      doc({ id: c, createdAt: at(3), text: 'Children books' }),
    ];
    const textScores = new Map([[a, 2.5]]);
    const ranked = referenceSearch(docs, query({ text: 'rust', queryVector: [0, 2] }), textScores);
    expect(ranked.total).toBe(3);
    // a: 0.125 · 2.5 / 5.5 ≈ 0.057; b: 0.125 · 1 = 0.125; c: nothing, so last.
    expect(ranked.ids).toEqual([b, a, c]);
    expect(ranked.signals[0]).toEqual({ facet: 0, text: 0, vector: 1, fused: 0.125, textTerms: [] });
    expect(ranked.signals[1]).toEqual({
      facet: 0,
      text: 2.5,
      vector: 0,
      fused: (0.125 * 2.5) / 5.5,
      textTerms: ['rust'],
    });
    expect(ranked.signals[2]).toEqual({ facet: 0, text: 0, fused: 0, textTerms: [] });
    const filtered = referenceSearch(
      docs,
      query({ text: 'rust', tags: { industry: ['Banking'] } }),
      textScores,
    );
    expect(filtered.total).toBe(0);
  });

  it('lists every record of the kind newest first when nothing is filtered', () => {
    const older = doc({ createdAt: at(1) });
    const newer = doc({ createdAt: at(2) });
    const project = doc({ kind: 'project' });
    expect(referenceSearch([older, project, newer], query()).ids).toEqual([newer.id, older.id]);
    expect(referenceSearch([older, project, newer], query({ kind: 'project' })).ids).toEqual([project.id]);
  });
});

describe('dates', () => {
  it('reads the calendar day an ISO string starts with, ignoring time and zone', () => {
    expect(isoDay('1970-01-02')).toBe(1);
    expect(isoDay('1970-01-02T23:59:59+05:00')).toBe(1);
    expect(isoDay('not a date')).toBeUndefined();
    expect(isoDay(undefined)).toBeUndefined();
  });

  it('treats a deadline on or before 1970-01-01 as unset', () => {
    expect(setDeadlineDay('1970-01-01')).toBeUndefined();
    expect(setDeadlineDay('1960-05-05')).toBeUndefined();
    expect(setDeadlineDay('1970-01-03')).toBe(2);
  });

  it('sorts an unreadable creation time as the oldest', () => {
    expect(createdAtMs({ createdAt: '1970-01-01T00:00:01.000Z' })).toBe(1000);
    expect(createdAtMs({ createdAt: 'yesterday' })).toBe(0);
  });
});

describe('must-haves', () => {
  it('require every must-have option under min_1_match, without adding to the score', () => {
    const both = doc({ tags: { locations: ['Iceland', 'Norway'] } });
    const norway = doc({ tags: { locations: ['Norway'] } });
    const picks = { tags: { locations: ['Iceland', 'Norway'] } };
    expect(matchDocument(norway, filter(picks))).toEqual({ matched: true, score: 1 });
    expect(matchDocument(norway, filter({ ...picks, mustHave: { locations: ['Iceland'] } }))).toEqual({
      matched: false,
      score: 1,
    });
    expect(matchDocument(both, filter({ ...picks, mustHave: { locations: ['Iceland'] } }))).toEqual({
      matched: true,
      score: 2,
    });
  });

  it('ask a must-have tool at its picked level, or 1, and must-have working types', () => {
    const rust2 = doc({ toolLevels: { Rust: 2 }, workingTypeRemote: true });
    const tools = (level: number) =>
      filter({ minToolLevels: { Rust: level }, mustHave: { tools: ['Rust'] } });
    expect(matchDocument(rust2, tools(2)).matched).toBe(true);
    expect(matchDocument(rust2, tools(3)).matched).toBe(false);
    expect(
      matchDocument(doc({ toolLevels: { Rust: 0 } }), filter({ mustHave: { tools: ['Rust'] } })).matched,
    ).toBe(false);
    expect(matchDocument(rust2, filter({ mustHaveWorkingTypes: ['Remote'] })).matched).toBe(true);
    expect(matchDocument(rust2, filter({ mustHaveWorkingTypes: ['Office'] })).matched).toBe(false);
  });
});

describe('must-nots', () => {
  it('drop a record carrying any must-not option under either restriction, without touching the score', () => {
    const fullStack = doc({ tags: { hardSkills: ['Frontend Developer', 'Full Stack Developer'] } });
    const frontend = doc({ tags: { hardSkills: ['Frontend Developer'] } });
    const mustNot = { hardSkills: ['Full Stack Developer', 'Backend Developer'] };
    for (const restriction of ['min_1_match', 'all_match'] as const) {
      const picks = { restriction, tags: { hardSkills: ['Frontend Developer'] } };
      expect(matchDocument(fullStack, filter(picks)).matched).toBe(true);
      expect(matchDocument(fullStack, filter({ ...picks, mustNot }))).toEqual({ matched: false, score: 1 });
      expect(matchDocument(frontend, filter({ ...picks, mustNot }))).toEqual({ matched: true, score: 1 });
    }
    // With nothing picked, a must-not alone narrows every record of the kind.
    expect(matchDocument(fullStack, filter({ mustNot })).matched).toBe(false);
    expect(matchDocument(frontend, filter({ mustNot })).matched).toBe(true);
  });

  it('exclude a tool held at level 1 or more, and working types', () => {
    const rust = (level: number) => doc({ toolLevels: { Rust: level }, workingTypeOffice: true });
    expect(matchDocument(rust(0), filter({ mustNot: { tools: ['Rust'] } })).matched).toBe(true);
    expect(matchDocument(rust(1), filter({ mustNot: { tools: ['Rust'] } })).matched).toBe(false);
    expect(matchDocument(rust(0), filter({ mustNotWorkingTypes: ['Office'] })).matched).toBe(false);
    expect(matchDocument(rust(0), filter({ mustNotWorkingTypes: ['Remote'] })).matched).toBe(true);
  });

  it('hold in the total, the facets (their own filter too) and every relaxation but the one dropping them', () => {
    const docs = [
      doc({ tags: { hardSkills: ['Frontend Developer'], locations: ['Iceland'] } }),
      doc({ tags: { hardSkills: ['Frontend Developer', 'Full Stack Developer'], locations: ['Iceland'] } }),
      doc({ tags: { hardSkills: ['Full Stack Developer'], locations: ['Norway'] } }),
    ];
    const asked = query({
      tags: { locations: ['Iceland'] },
      mustNot: { hardSkills: ['Full Stack Developer'] },
    });
    expect(referenceSearch(docs, asked).total).toBe(1);
    const facets = referenceFacets(docs, asked);
    expect(facets.hardSkills).toEqual({ 'Frontend Developer': 1 });
    expect(facets.locations).toEqual({ Iceland: 1 });
    const none = query({
      tags: { locations: ['Norway'] },
      mustNot: { hardSkills: ['Full Stack Developer'] },
    });
    expect(referenceSearch(docs, none).total).toBe(0);
    // Dropping Location keeps the must-not (1 record); dropping the must-not brings Norway's back.
    expect(referenceRelax(docs, none)).toEqual([
      { dimension: 'locations', count: 1 },
      { dimension: 'hardSkills', label: 'Full Stack Developer', mustNot: true, count: 1 },
    ]);
  });
});

describe('referenceFacets', () => {
  it("counts each filter's labels without its own picks but with the other filters", () => {
    const docs = [
      doc({ tags: { locations: ['Iceland'], usedLanguages: ['English'] }, toolLevels: { Rust: 1 } }),
      doc({ tags: { locations: ['Norway'], usedLanguages: ['English'] }, workingTypeRemote: true }),
      doc({ tags: { locations: ['Norway'], usedLanguages: ['Norwegian'] } }),
      doc({ kind: 'project', tags: { locations: ['Norway'], usedLanguages: ['English'] } }),
    ];
    const facets = referenceFacets(
      docs,
      query({
        tags: { locations: ['Iceland'], usedLanguages: ['English'] },
        mustHave: { locations: ['Iceland'] },
      }),
    );
    expect(facets.locations).toEqual({ Iceland: 1, Norway: 1 });
    expect(facets.usedLanguages).toEqual({ English: 1 });
    expect(facets.tools).toEqual({ Rust: 1 });
    expect(facets.industry).toEqual({});
  });

  it('keeps the picked labels, even at 0, and the ten most frequent others, ties by label', () => {
    const labels = Array.from({ length: FACET_OTHERS + 3 }, (_, n) => `L${String(n).padStart(2, '0')}`);
    const docs = labels.map((label, n) =>
      doc({ tags: { hardSkills: n < 2 ? [label, 'Popular'] : [label] } }),
    );
    const facets = referenceFacets(docs, query({ tags: { hardSkills: ['Nowhere'] } }));
    expect(facets.hardSkills).toEqual({
      Nowhere: 0,
      Popular: 2,
      ...Object.fromEntries(labels.slice(0, FACET_OTHERS - 1).map((label) => [label, 1])),
    });
  });
});

describe('facetOf', () => {
  it('gives the picked labels, then the others by count and label cut to the most frequent, in any order given', () => {
    const labels = Array.from({ length: 40 }, (_, n) => `L${n}`);
    fc.assert(
      fc.property(
        fc.shuffledSubarray(labels),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 40, maxLength: 40 }),
        fc.shuffledSubarray(labels, { maxLength: 3 }),
        (order, counts, picked) => {
          const others = order.map((label): [string, number] => [label, counts[labels.indexOf(label)]]);
          const sorted = others
            .filter(([label, count]) => count > 0 && !picked.includes(label))
            .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
            .slice(0, FACET_OTHERS);
          const facet = facetOf(
            picked,
            picked.map(() => 7),
            others,
          );
          expect(Object.entries(facet)).toEqual([...picked.map((label) => [label, 7]), ...sorted]);
        },
      ),
    );
  });
});

describe('referenceRelax', () => {
  it('lists the filters whose removal brings records back, most first, must-haves one by one', () => {
    const docs = [
      doc({ tags: { locations: ['Iceland'] } }),
      doc({ tags: { locations: ['Norway'], softSkills: ['Empathy'] } }),
      doc({ tags: { locations: ['Norway'], softSkills: ['Empathy'] } }),
    ];
    const relax = referenceRelax(
      docs,
      query({
        tags: { locations: ['Iceland', 'Norway'], softSkills: ['Empathy'] },
        mustHave: { locations: ['Iceland'] },
      }),
    );
    expect(relax).toEqual([
      { dimension: 'locations', count: 2 },
      { dimension: 'locations', label: 'Iceland', count: 2 },
      { dimension: 'softSkills', count: 1 },
    ]);
    // No record of the kind: nothing brings records back.
    expect(referenceRelax(docs, query({ kind: 'project', tags: { locations: ['Mars'] } }))).toEqual([]);
  });

  describe('when no single change brings records back', () => {
    const docs = [
      doc({ tags: { industry: ['Fintech'] }, numbers: { availability: 10 } }),
      doc({ tags: { softSkills: ['Empathy'] } }),
      doc({ tags: { softSkills: ['Empathy'] } }),
    ];

    it('proposes the pair of filters to drop together', () => {
      const relax = referenceRelax(
        docs,
        query({ tags: { locations: ['Mars'] }, availability: { mode: 'atLeast', hours: 50 } }),
      );
      expect(relax).toEqual([{ remove: ['locations', 'availability'], count: 3 }]);
    });

    it('prefers, among pairs, the one that brings back most records', () => {
      // Without Mars, Fintech and Empathy are each carried, never together.
      const relax = referenceRelax(
        docs,
        query({ tags: { locations: ['Mars'], industry: ['Fintech'], softSkills: ['Empathy'] } }),
      );
      expect(relax).toEqual([{ remove: ['industry', 'locations'], count: 2 }]);
    });

    it('drops three filters only when no pair helps, and must-haves with their filter', () => {
      const asked = query({
        restriction: 'all_match',
        tags: { locations: ['Mars'], usedLanguages: ['Klingon'], industry: ['Fintech'] },
        minToolLevels: { COBOL: 1 },
        mustHave: { tools: ['COBOL'], locations: ['Mars'] },
      });
      expect(referenceRelax(docs, asked)).toEqual([
        { remove: ['tools', 'usedLanguages', 'locations'], count: 1 },
      ]);
    });

    it('falls back to dropping every filter when no set of three helps', () => {
      const asked = query({
        tags: { locations: ['Mars'], usedLanguages: ['Klingon'], softSkills: ['Nowhere'] },
        minToolLevels: { COBOL: 1 },
      });
      expect(referenceRelax(docs, asked)).toEqual([
        { remove: ['tools', 'softSkills', 'usedLanguages', 'locations'], count: 3 },
      ]);
    });
  });

  it('offers "Active within" and "Open only" as relaxations', () => {
    const docs = [
      doc({ tags: { locations: ['Iceland'] }, lastActiveAt: '2026-01-01T00:00:00.000Z' }),
      doc({
        tags: { locations: ['Iceland'] },
        lastActiveAt: '2026-01-02T00:00:00.000Z',
        openUntil: '2026-01-10T00:00:00.000Z',
      }),
      doc({ lastActiveAt: '2026-03-01T00:00:00.000Z', openUntil: '2026-04-01T00:00:00.000Z' }),
    ];
    const asked = query({
      tags: { locations: ['Iceland'] },
      activeSince: '2026-02-01T00:00:00.000Z',
      openAt: '2026-02-01T00:00:00.000Z',
    });
    expect(referenceSearch(docs, asked).total).toBe(0);
    // Dropping either freshness filter alone still leaves the other in the way.
    expect(referenceRelax(docs, asked)).toEqual([{ dimension: 'locations', count: 1 }]);
    // Either freshness filter alone in the way: dropping it brings the records back.
    expect(
      referenceRelax(
        docs,
        query({ tags: { locations: ['Iceland'] }, activeSince: '2026-02-01T00:00:00.000Z' }),
      ),
    ).toEqual([
      { dimension: 'activeSince', count: 2 },
      { dimension: 'locations', count: 1 },
    ]);
    expect(
      referenceRelax(docs, query({ tags: { locations: ['Iceland'] }, openAt: '2026-02-01T00:00:00.000Z' })),
    ).toEqual([
      { dimension: 'openAt', count: 2 },
      { dimension: 'locations', count: 1 },
    ]);
  });
});

describe('explainMatch', () => {
  it('names the picked labels present and absent by client key', () => {
    const record = doc({
      tags: { locations: ['Iceland'], industry: ['Banking'] },
      toolLevels: { Rust: 2, Go: 4 },
      workingTypeRemote: true,
    });
    expect(
      explainMatch(
        record,
        filter({
          tags: { locations: ['Iceland', 'Norway'], industry: ['Banking'] },
          minToolLevels: { Rust: 3, Go: 1 },
          workingTypes: ['Remote'],
        }),
      ),
    ).toEqual({
      matched: {
        toolsExperience: ['Go'],
        requiredAreaOfExpertise: ['Banking'],
        locations: ['Iceland'],
        offeredWorkingType: ['Remote'],
      },
      missing: { toolsExperience: ['Rust'], locations: ['Norway'] },
    });
  });

  it('explains each record of a page against the one filter, and another filter by its own picks', () => {
    const picks = filter({ tags: { locations: ['Iceland', 'Norway'] } });
    const iceland = doc({ tags: { locations: ['Iceland'] } });
    const norway = doc({ tags: { locations: ['Norway'] } });
    expect(explainMatch(iceland, picks)).toEqual({
      matched: { locations: ['Iceland'] },
      missing: { locations: ['Norway'] },
    });
    expect(explainMatch(norway, picks)).toEqual({
      matched: { locations: ['Norway'] },
      missing: { locations: ['Iceland'] },
    });
    expect(explainMatch(iceland, filter({ tags: { industry: ['Banking'] } }))).toEqual({
      matched: {},
      missing: { requiredAreaOfExpertise: ['Banking'] },
    });
  });
});

describe('picksLabels', () => {
  it('is false without a picked label, when explainMatch names nothing whatever the record', () => {
    const picks = filter({
      availability: { mode: 'atLeast', hours: 10 },
      mustNot: { locations: ['Iceland'] },
    });
    expect(picksLabels(picks)).toBe(false);
    expect(explainMatch(doc({ tags: { locations: ['Iceland'] } }), picks)).toEqual({
      matched: {},
      missing: {},
    });
  });

  it('is true with a tag, a tool, a working type or a must-have picked', () => {
    expect(picksLabels(filter({ tags: { locations: ['Iceland'] } }))).toBe(true);
    expect(picksLabels(filter({ minToolLevels: { Go: 1 } }))).toBe(true);
    expect(picksLabels(filter({ workingTypes: ['Remote'] }))).toBe(true);
    expect(picksLabels(filter({ mustHave: { locations: ['Iceland'] } }))).toBe(true);
  });
});

describe('freshness in the reference', () => {
  const query = (overrides: Partial<SearchQuery> = {}): SearchQuery => ({
    kind: 'teammate',
    restriction: 'min_1_match',
    tags: {},
    page: 1,
    pageSize: 10,
    ...overrides,
  });

  it('"Active within" keeps records active at or after the moment; records without a time never match', () => {
    const edge = doc({ lastActiveAt: '2026-02-01T00:00:00.000Z' });
    const before = doc({ lastActiveAt: '2026-01-31T23:59:59.999Z' });
    const unknown = doc();
    const result = referenceSearch(
      [edge, before, unknown],
      query({ activeSince: '2026-02-01T00:00:00.000Z' }),
    );
    expect(result.ids).toEqual([edge.id]);
    expect(result.scores).toEqual([1]);
  });

  it('"Open only" keeps records open until after the moment; a closed record has no openUntil', () => {
    const open = doc({ openUntil: '2026-03-02T00:00:00.000Z' });
    const endsNow = doc({ openUntil: '2026-03-01T00:00:00.000Z' });
    const closed = doc();
    expect(
      referenceSearch([open, endsNow, closed], query({ openAt: '2026-03-01T00:00:00.000Z' })).ids,
    ).toEqual([open.id]);
  });

  it('with rankedAt, adds a small freshness signal: half for active within 30 days, half for open', () => {
    const rankedAt = '2026-03-01T00:00:00.000Z';
    const both = doc({ lastActiveAt: '2026-02-10T00:00:00.000Z', openUntil: '2026-04-01T00:00:00.000Z' });
    const activeOnly = doc({ lastActiveAt: '2026-01-30T00:00:00.000Z' });
    const staleNewer = doc({
      createdAt: '2026-02-28T00:00:00.000Z',
      lastActiveAt: '2026-01-01T00:00:00.000Z',
    });
    const result = referenceSearch([staleNewer, activeOnly, both], query({ rankedAt }));
    expect(result.ids).toEqual([both.id, activeOnly.id, staleNewer.id]);
    expect(result.signals.map((signal) => signal.fresh)).toEqual([1, 0.5, 0]);
    expect(result.signals[0].fused).toBeCloseTo(FUSION_WEIGHTS.fresh ?? NaN, 10);
    // Without it, the newest comes first and no freshness is reported.
    const plain = referenceSearch([staleNewer, activeOnly, both], query());
    expect(plain.ids[0]).toBe(staleNewer.id);
    expect(plain.signals[0].fresh).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { lightStem, matchedTextTerms, pluralStem, textWords } from './free-text';
import {
  facetShare,
  FRESH_ACTIVE_DAYS,
  freshnessSignal,
  freshActiveSinceMs,
  freshnessSignalOfTimes,
  FUSION_WEIGHTS,
  fuseRankSignals,
  fuseParts,
  optionWeight,
  storedCosine,
  vectorSignal,
} from './hybrid-ranking';

describe('optionWeight', () => {
  it('weighs an option more the fewer records carry it, in whole numbers of at least 1', () => {
    expect(optionWeight(1000, 10)).toBe(462);
    expect(optionWeight(1000, 500)).toBe(110);
    expect(optionWeight(1000, 1000)).toBe(69);
    expect(optionWeight(1000, 0)).toBe(optionWeight(1000, 1));
    expect(optionWeight(0, 0)).toBe(1);
  });
});

describe('fuseParts', () => {
  it('is fuseRankSignals of the same parts, to the last bit', () => {
    for (const facet of [0, 0.25, 1])
      for (const text of [0, 1e-9, 0.125, 3, 17.3])
        for (const understood of [0, 0.01, 0.3, 1])
          for (const clean of [0, 1])
            for (const vector of [0, 0.2, 0.87])
              for (const fresh of [0, 0.5, 1])
                expect(fuseParts(facet, understood, clean, text, vector, fresh)).toBe(
                  fuseRankSignals({ facet, understood, clean, text, vector, fresh }),
                );
  });
});

describe('fuseRankSignals', () => {
  it('adds the facet share, the saturated BM25 score and the positive cosine with the documented weights', () => {
    const { facet, text, vector, textSaturation } = FUSION_WEIGHTS;
    expect(fuseRankSignals({ facet: 0.5 })).toBe(facet * 0.5);
    expect(fuseRankSignals({ facet: 0.5, text: 3, vector: 0.8 })).toBeCloseTo(
      facet * 0.5 + (text * 3) / (3 + textSaturation) + vector * 0.8,
      12,
    );
    expect(fuseRankSignals({ facet: 0, text: 0, vector: -0.4 })).toBe(0);
  });

  it('takes other weights, as the tuning sweep does', () => {
    const weights = { facet: 0, text: 1, vector: 0, textSaturation: 1 };
    expect(fuseRankSignals({ facet: 1, text: 1, vector: 1 }, weights)).toBe(0.5);
  });

  it('holds the vector signal to 0-1', () => {
    expect([-0.4, 0, 0.7, 1.0000001].map(vectorSignal)).toEqual([0, 0, 0.7, 1]);
  });

  it('shares facet evidence out of what was picked', () => {
    expect(facetShare(30, 120)).toBe(0.25);
    expect(facetShare(0, 0)).toBe(0);
  });
});

describe('freshnessSignalOfTimes', () => {
  it('gives what freshnessSignal gives from the stored dates, at the bounds and for missing times', () => {
    const rankedAtMs = Date.parse('2031-05-04T12:00:00Z');
    const activeSince = rankedAtMs - FRESH_ACTIVE_DAYS * 86_400_000;
    expect(freshActiveSinceMs(rankedAtMs)).toBe(activeSince);
    const times = [
      NaN,
      0,
      activeSince - 1,
      activeSince,
      activeSince + 1,
      rankedAtMs - 1,
      rankedAtMs,
      rankedAtMs + 1,
    ];
    const seen = new Set<number>();
    for (const activeMs of times) {
      for (const openUntilMs of times) {
        const iso = (ms: number) => (Number.isNaN(ms) ? undefined : new Date(ms).toISOString());
        const expected = freshnessSignal(
          { lastActiveAt: iso(activeMs), openUntil: iso(openUntilMs) },
          rankedAtMs,
        );
        expect(
          freshnessSignalOfTimes(activeMs, openUntilMs, activeSince, rankedAtMs),
          `${activeMs} ${openUntilMs}`,
        ).toBe(expected);
        seen.add(expected);
      }
    }
    // Every combination of the two halves came up.
    expect([...seen].sort()).toEqual([0, 0.5, 1]);
  });
});

describe('storedCosine', () => {
  it('is the cosine of the stored 32-bit values, undefined without a comparable vector', () => {
    expect(storedCosine([1, 0], [2, 0])).toBe(1);
    expect(storedCosine([1, 1], [1, 0])).toBeCloseTo(Math.SQRT1_2, 7);
    expect(storedCosine([1, 0], [1, 0, 0])).toBeUndefined();
    expect(storedCosine([1, 0], undefined)).toBeUndefined();
    expect(storedCosine([1, 0], [0, 0])).toBeUndefined();
    expect(storedCosine([0.1, 0.2], [0.3, 0.7])).toBe(
      (Math.fround(0.3) * 0.1 + Math.fround(0.7) * 0.2) /
        (Math.sqrt(Math.fround(0.3) ** 2 + Math.fround(0.7) ** 2) * Math.sqrt(0.1 * 0.1 + 0.2 * 0.2)),
    );
  });
});

describe('free text', () => {
  it('splits into lower-case words without accents, keeping node.js and c++', () => {
    expect(textWords('Café owner, Node.js & C++ dev.')).toEqual(['cafe', 'owner', 'node.js', 'c++', 'dev']);
  });

  it('meets plurals and -ing forms of a word', () => {
    expect(lightStem('developers')).toBe(lightStem('developer'));
    expect(lightStem('companies')).toBe('company');
    expect(lightStem('go')).toBe('go');
  });

  it('reports the words of the free text found in the record, in the order typed, without stop words', () => {
    expect(matchedTextTerms('a Rust developer for the compilers', 'Rust and compiler developers')).toEqual([
      'rust',
      'developer',
      'compilers',
    ]);
    expect(matchedTextTerms('children books', 'Rust compilers')).toEqual([]);
  });
});

describe('pluralStem', () => {
  it('turns English plurals into their singular and leaves other words alone', () => {
    expect(
      ['games', 'farmers', 'companies', 'classes', 'boxes', 'business', 'status', 'analysis', 'go'].map(
        pluralStem,
      ),
    ).toEqual(['game', 'farmer', 'company', 'class', 'box', 'business', 'status', 'analysis', 'go']);
  });
});

import { facetShare, fuseRankSignals, vectorSignal } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import type { RankSignals } from '../../search-index.port';
import { hasBit, setBit, wordsFor } from '../structures/bitset';
import type { MatchSet } from '../indexes/facet-index';
import { rankHybrid, type VectorSide } from './hybrid-ranker';

let state = 2026;
const random = () => {
  state = (state * 1664525 + 1013904223) >>> 0;
  return state / 4294967296;
};

const SLOTS = 5000;
const PICKED_WEIGHT = 100;

/**
 * The vector side over known similarities (undefined: no vector), its kNN exact among `matched`; `heard` is
 * told of each kNN among some (how many) and each batch of similarities (how many).
 */
const exactVectors = (
  similarity: readonly (number | undefined)[],
  matched: readonly number[],
  heard: { nearestAmong?: (total: number) => void; similarities?: (count: number) => void } = {},
): VectorSide => {
  const nearestOf = (slots: readonly number[], n: number) =>
    slots
      .filter((slot) => similarity[slot] !== undefined)
      .map((slot) => ({ slot, similarity: similarity[slot] as number }))
      .sort((a, b) => b.similarity - a.similarity || a.slot - b.slot)
      .slice(0, n);
  return {
    nearest: (n) => nearestOf(matched, n),
    nearestAmong: (n, within) => {
      heard.nearestAmong?.(within.total);
      return nearestOf(
        matched.filter((slot) => hasBit(within.bits, slot)),
        n,
      );
    },
    similarities: (slots) => {
      heard.similarities?.(slots.length);
      return slots.map((slot) => similarity[slot]);
    },
  };
};

/** Matches with a few facet weights, sparse BM25 scores and spread similarities (some without a vector). */
const fixture = (slots = SLOTS) => {
  const bits = new Uint32Array(wordsFor(slots));
  const weights = new Float64Array(slots);
  const textBySlot = new Float64Array(slots);
  const similarity: (number | undefined)[] = [];
  for (let slot = 0; slot < slots; slot++) {
    if (random() < 0.9) setBit(bits, slot);
    weights[slot] = 25 * Math.floor(random() * 5);
    textBySlot[slot] = random() < 0.3 ? random() * 8 : 0;
    similarity[slot] = random() < 0.95 ? random() * 1.2 - 0.3 : undefined;
  }
  const matched = Array.from({ length: slots }, (_, slot) => slot).filter(
    (slot) => (bits[slot >>> 5] & (1 << (slot & 31))) !== 0,
  );
  const matches: MatchSet = {
    bits,
    total: matched.length,
    pickedWeight: PICKED_WEIGHT,
    weight: (slot) => weights[slot],
    score: () => 0,
  };
  let computed = 0;
  let soughtAmong = 0;
  const vectors = exactVectors(similarity, matched, {
    nearestAmong: () => soughtAmong++,
    similarities: (count) => (computed += count),
  });
  /** Every match scored and sorted: what the ranking must return. */
  const exhaustive = (k: number, withText: boolean, withVector: boolean) =>
    matched
      .map((slot) => {
        const signals: RankSignals = { facet: facetShare(weights[slot], PICKED_WEIGHT), fused: 0 };
        if (withText) signals.text = textBySlot[slot];
        const value = similarity[slot];
        if (withVector && value !== undefined) signals.vector = vectorSignal(value);
        signals.fused = fuseRankSignals(signals);
        return { slot, signals };
      })
      .sort((a, b) => b.signals.fused - a.signals.fused || a.slot - b.slot)
      .slice(0, k);
  return {
    matches,
    textBySlot,
    vectors,
    exhaustive,
    computed: () => computed,
    soughtAmong: () => soughtAmong,
  };
};

describe('rankHybrid', () => {
  const compareSlots = (a: number, b: number) => a - b;

  it('returns what scoring every match returns, computing few similarities', () => {
    for (const k of [1, 12, 36, 240]) {
      const { matches, textBySlot, vectors, exhaustive, computed } = fixture();
      const ranked = rankHybrid({ matches, k, textBySlot, vectors, compareSlots });
      expect(ranked).toEqual(exhaustive(k, true, true));
      // The k best by facet and text, the k + 32 nearest, and the few that could still reach the page:
      // a few times the page, whatever the number of matches.
      expect(computed()).toBeLessThan(4 * (k + 32) + 100);
    }
  });

  it('ranks by vector alone or by text alone just as well', () => {
    const { matches, textBySlot, vectors, exhaustive } = fixture();
    expect(rankHybrid({ matches, k: 20, vectors, compareSlots })).toEqual(exhaustive(20, false, true));
    expect(rankHybrid({ matches, k: 20, textBySlot, compareSlots })).toEqual(exhaustive(20, true, false));
  });

  it('scores a few hundred matches outright, asking every similarity in one call', () => {
    for (const k of [1, 20, 400]) {
      const { matches, textBySlot, vectors, exhaustive, computed } = fixture(400);
      expect(rankHybrid({ matches, k, textBySlot, vectors, compareSlots })).toEqual(
        exhaustive(k, true, true),
      );
      expect(computed()).toBe(matches.total);
    }
  });

  it('returns every match when the page reaches past them', () => {
    const { matches, textBySlot, vectors, exhaustive } = fixture();
    const ranked = rankHybrid({ matches, k: matches.total, textBySlot, vectors, compareSlots });
    expect(ranked).toEqual(exhaustive(matches.total, true, true));
  });

  describe('with nothing picked (the home search)', () => {
    /** Sparse text and understood parts, clean and freshness everywhere, and the slots with evidence. */
    const homeFixture = (evidenceShare: number, tiedText: boolean) => {
      const { matches, vectors, soughtAmong } = fixture();
      const text = new Float64Array(SLOTS);
      const understood = new Float64Array(SLOTS);
      const clean = new Float64Array(SLOTS);
      const ruledOutWeights = new Float64Array(SLOTS);
      const fresh = new Float64Array(SLOTS);
      // Active since 10 and open after 20 count as fresh (`FreshnessColumns` below).
      const activeMs = new Float64Array(SLOTS);
      const openUntilMs = new Float64Array(SLOTS);
      const evidence = new Uint32Array(wordsFor(SLOTS));
      for (let slot = 0; slot < SLOTS; slot++) {
        if (random() < evidenceShare) text[slot] = tiedText ? 1 : random() * 8;
        if (random() < evidenceShare / 2) understood[slot] = Math.floor(random() * 4) / 4;
        ruledOutWeights[slot] = random() < 0.1 ? 1 : 0;
        clean[slot] = 1 - ruledOutWeights[slot];
        activeMs[slot] = random() < 0.5 ? 15 : 5;
        openUntilMs[slot] = random() < 0.5 ? 25 : 15;
        fresh[slot] = (activeMs[slot] >= 10 ? 0.5 : 0) + (openUntilMs[slot] > 20 ? 0.5 : 0);
        if (text[slot] > 0 || understood[slot] > 0) setBit(evidence, slot);
      }
      const request = {
        matches: { ...matches, pickedWeight: 0, weight: () => 0 },
        textBySlot: text,
        vectors,
        understood: { weights: understood, total: 1 },
        ruledOut: { weights: ruledOutWeights, total: 1 },
        fresh: { activeMs, openUntilMs, activeSinceMs: 10, rankedAtMs: 20 },
        compareSlots,
      };
      const exhaustive = (k: number) =>
        [...Array(SLOTS).keys()]
          .filter((slot) => (matches.bits[slot >>> 5] & (1 << (slot & 31))) !== 0)
          .map((slot) => {
            const signals: RankSignals = { facet: 0, text: text[slot], fused: 0 };
            const value = vectors.similarities([slot])[0];
            if (value !== undefined) signals.vector = vectorSignal(value);
            signals.fresh = fresh[slot];
            signals.understood = understood[slot];
            signals.clean = clean[slot];
            signals.fused = fuseRankSignals(signals);
            return { slot, signals };
          })
          .sort((a, b) => b.signals.fused - a.signals.fused || a.slot - b.slot)
          .slice(0, k);
      return { request, evidence, exhaustive, soughtAmong };
    };

    it('ranks among the matches with evidence what ranking every match ranks', () => {
      for (const [share, tied] of [
        [0.3, false],
        [0.3, true],
        [0.01, false],
        [0, false],
      ] as const) {
        const { request, evidence, exhaustive, soughtAmong } = homeFixture(share, tied);
        for (const k of [1, 12, 60]) {
          const expected = exhaustive(k);
          expect(rankHybrid({ ...request, k, evidence })).toEqual(expected);
          expect(rankHybrid({ ...request, k })).toEqual(expected);
        }
        // Tied text leaves hundreds of contenders level: their own nearest bound the rest.
        if (tied) expect(soughtAmong()).toBeGreaterThan(0);
      }
    });

    it('ranks a hundred thousand contenders as ranking every match does, reading the best tier alone', () => {
      // A rare understood label (a tenth of the records), a common one, a little text everywhere, and a few
      // records with no evidence but the query's nearest vectors. The rare label's carriers are mostly far
      // from the query, so its first pool proves nothing and every carrier of either label contends.
      const slots = 120_000;
      const understood = new Float64Array(slots);
      const text = new Float64Array(slots);
      const similarity: number[] = [];
      const evidence = new Uint32Array(wordsFor(slots));
      for (let slot = 0; slot < slots; slot++) {
        const nearest = slot % 1000 === 0;
        const rare = slot % 10 === 1;
        understood[slot] = nearest ? 0 : rare ? 1 : 0.4;
        text[slot] = nearest ? 0 : random() * 0.3;
        if (nearest) similarity[slot] = 0.95 + random() * 0.04;
        else if (rare) similarity[slot] = random() < 0.03 ? 0.5 + random() * 0.1 : random() * 0.3;
        else similarity[slot] = random() * 0.45;
        if (!nearest) setBit(evidence, slot);
      }
      const all = [...Array(slots).keys()];
      const bits = new Uint32Array(wordsFor(slots));
      for (const slot of all) setBit(bits, slot);
      const soughtAmong: number[] = [];
      const vectors = exactVectors(similarity, all, { nearestAmong: (total) => soughtAmong.push(total) });
      const request = {
        matches: { bits, total: slots, pickedWeight: 0, weight: () => 0, score: () => 0 },
        textBySlot: text,
        vectors,
        understood: { weights: understood, total: 1 },
        compareSlots,
        evidence,
      };
      for (const k of [12, 60]) {
        soughtAmong.length = 0;
        const expected = all
          .map((slot) => {
            const signals: RankSignals = { facet: 0, text: text[slot], fused: 0 };
            signals.vector = vectorSignal(similarity[slot]);
            signals.understood = understood[slot];
            signals.fused = fuseRankSignals(signals);
            return { slot, signals };
          })
          .sort((a, b) => b.signals.fused - a.signals.fused || a.slot - b.slot)
          .slice(0, k);
        expect(rankHybrid({ ...request, k })).toEqual(expected);
        // Tiers of the highest ceilings were searched, never all the contenders.
        expect(soughtAmong.length).toBeGreaterThan(0);
        expect(Math.max(...soughtAmong)).toBeLessThan(slots / 5);
      }
    });
  });
});

import { fuseParts } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import type { MatchSet } from '../indexes/facet-index';
import type { HybridRequest } from './hybrid-request';
import { leadsOf } from './match-leads';
import { cleanAt, freshAt, shareAt } from './match-scores';

let state = 11;
const random = () => {
  state = (state * 1664525 + 1013904223) >>> 0;
  return state / 4294967296;
};

const SLOTS = 2_048;
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 28);

/** A column with `share` of its slots at a random value of `size`, the rest 0. */
const sparse = (share: number, size: number) =>
  Float64Array.from({ length: SLOTS }, () => (random() < share ? Math.ceil(random() * size) : 0));

const request = (parts: { understood: boolean; ruledOut: boolean; text: boolean; fresh: boolean }) => {
  const matches: MatchSet = {
    bits: new Uint32Array(SLOTS / 32).fill(0xffffffff),
    total: SLOTS,
    pickedWeight: 0,
    weight: () => 0,
    score: () => 0,
  };
  const built: HybridRequest = { matches, k: 10, compareSlots: (a, b) => a - b };
  if (parts.understood) built.understood = { weights: sparse(0.4, 500), total: 700 };
  if (parts.ruledOut) built.ruledOut = { weights: sparse(0.2, 300), total: 300 };
  if (parts.text) built.textBySlot = sparse(0.5, 12).map((score) => score / 1.7);
  if (parts.fresh)
    built.fresh = {
      activeMs: Float64Array.from({ length: SLOTS }, () => NOW - random() * 60 * DAY),
      // Some records never opened: no time at all.
      openUntilMs: Float64Array.from({ length: SLOTS }, () =>
        random() < 0.2 ? Number.NaN : NOW + (random() - 0.5) * 20 * DAY,
      ),
      activeSinceMs: NOW - 30 * DAY,
      rankedAtMs: NOW,
    };
  return built;
};

/** The lead as the ranking's reference adds it: every part but the facet and vector ones, through fuseParts. */
const reference = (built: HybridRequest, slot: number): number =>
  fuseParts(
    0,
    built.understood ? shareAt(built.understood, slot) : 0,
    built.ruledOut ? cleanAt(built.ruledOut, slot) : 0,
    built.textBySlot ? built.textBySlot[slot] : 0,
    0,
    built.fresh ? freshAt(built.fresh, slot) : 0,
  );

describe('leadsOf', () => {
  const combinations = Array.from({ length: 16 }, (_, bits) => ({
    understood: (bits & 1) !== 0,
    ruledOut: (bits & 2) !== 0,
    text: (bits & 4) !== 0,
    fresh: (bits & 8) !== 0,
  }));
  it.each(combinations)('equals the parts fused one by one, to the last bits: %o', (parts) => {
    const built = request(parts);
    // Every other slot, backwards: the leads follow the order of the slots given.
    const slots = Int32Array.from({ length: SLOTS / 2 }, (_, at) => SLOTS - 1 - 2 * at);
    const leads = new Float64Array(slots.length);
    leadsOf(built, slots, slots.length, leads);
    slots.forEach((slot, at) => expect(Math.abs(leads[at] - reference(built, slot))).toBeLessThan(1e-15));
  });

  it('reads nothing as clean or understood where no label was weighed', () => {
    const built = request({ understood: false, ruledOut: false, text: false, fresh: false });
    built.understood = { weights: new Float64Array(SLOTS), total: 0 };
    built.ruledOut = { weights: new Float64Array(SLOTS), total: 0 };
    const leads = new Float64Array(3);
    leadsOf(built, Int32Array.from([0, 1, 2]), 3, leads);
    // Clean, the one part every slot has, weighs 0.5.
    expect(Array.from(leads)).toEqual([0.5, 0.5, 0.5]);
    expect(Array.from(leads)).toEqual([0, 1, 2].map((slot) => reference(built, slot)));
  });
});

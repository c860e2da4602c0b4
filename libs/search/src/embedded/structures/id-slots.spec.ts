import { describe, expect, it } from 'vitest';
import { arrayOf, copySections, stringsBytes } from './binary-sections';
import { IdSlots } from './id-slots';
import { SavedStrings } from './saved-strings';

/** A small seeded generator, so that a failure repeats. */
const seeded = (seed: number) => {
  let state = seed >>> 0;
  return (below: number): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % below;
  };
};

const savedOf = (ids: readonly string[]) => IdSlots.fromSaved(new SavedStrings(stringsBytes(ids)));

describe('id slots', () => {
  it('find saved ids at their positions, leaving out empty ones', () => {
    const ids = ['65f0c0ffee', '', 'Zürich', '東京', 'p1', '🙂'];
    const slots = savedOf(ids);
    expect(slots.size).toBe(5);
    ids.forEach((id, position) => {
      if (id) expect(slots.get(id)).toBe(position);
    });
    expect(slots.get('')).toBeUndefined();
    expect(slots.get('p')).toBeUndefined();
    expect(slots.get('p10')).toBeUndefined();
    expect(slots.get('Zurich')).toBeUndefined();
  });

  it('answer as a Map would over saved ids and any mix of writes and removals after them', () => {
    const pick = seeded(28);
    const pool = Array.from({ length: 400 }, (_, n) =>
      n % 7 === 0 ? `ü-${n}` : `${(n * 7919).toString(16)}`,
    );
    const saved = pool.slice(0, 250).map((id, n) => (n % 9 === 4 ? '' : id));
    const slots = savedOf(saved);
    const expected = new Map<string, number>();
    saved.forEach((id, position) => {
      if (id) expected.set(id, position);
    });
    for (let step = 0; step < 5000; step++) {
      const id = pool[pick(pool.length)];
      const action = pick(3);
      if (action === 0) {
        const number = pick(1000);
        slots.set(id, number);
        expected.set(id, number);
      } else if (action === 1) expect(slots.delete(id)).toBe(expected.delete(id));
      else expect(slots.get(id)).toBe(expected.get(id));
      if (step % 97 === 0) {
        expect(slots.size).toBe(expected.size);
        for (const each of pool) expect(slots.get(each)).toBe(expected.get(each));
      }
    }
  });

  it('read the table saved beside the ids as the one they would build', () => {
    const ids = [
      '65f0c0ffee',
      '',
      'Zürich',
      '東京',
      'lone \uD800',
      ...Array.from({ length: 300 }, (_, n) => `id-${n}`),
    ];
    const saved = new SavedStrings(stringsBytes(ids));
    const [section] = copySections([IdSlots.tableSection('table', ids)]);
    const table = arrayOf(Int32Array, section.data);
    const withTable = IdSlots.fromSaved(saved, table);
    const built = IdSlots.fromSaved(saved);
    for (const id of [...ids, 'id-300', 'Zurich', 'lone \uFFFD'])
      expect(withTable.get(id)).toBe(built.get(id));
    expect(withTable.get('id-7')).toBe(12);
    expect(() => IdSlots.fromSaved(saved, table.subarray(0, table.length / 2))).toThrow(/id table/);
  });

  it('start empty', () => {
    const slots = new IdSlots();
    expect(slots.size).toBe(0);
    expect(slots.get('a')).toBeUndefined();
    slots.set('a', 3);
    expect(slots.get('a')).toBe(3);
    expect(savedOf([]).get('a')).toBeUndefined();
  });
});

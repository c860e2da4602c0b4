import { describe, expect, it } from 'vitest';
import { arrayOf, copySections } from '../structures/binary-sections';
import { TextStore } from './text-store';

describe('TextStore', () => {
  it('gives back every text as set through rewrites that pack the pool, and from its packed form', () => {
    const store = TextStore.create();
    const model = new Map<number, string>();
    const texts = ['', 'plain ascii', 'naïve café', 'emoji 😀 pair', 'lone \uD800 high', 'lone \uDC00 low'];
    for (let n = 0; n < 20_000; n++) {
      const slot = (n * 7919) % 3000;
      if (n % 5 === 0) {
        store.delete(slot);
        model.delete(slot);
      } else {
        const text = `${texts[n % texts.length]} ${'x'.repeat(n % 300)}`;
        store.set(slot, text);
        model.set(slot, text);
      }
    }
    for (let slot = 0; slot < 3000; slot++) expect(store.get(slot)).toBe(model.get(slot));
    const [lengths, bytes] = copySections(store.packedSections('lengths', 'bytes'));
    const restored = TextStore.fromPacked(arrayOf(Int32Array, lengths.data), bytes.data);
    for (let slot = 0; slot < 3000; slot++) expect(restored.get(slot)).toBe(model.get(slot));
    restored.set(1, 'after restore');
    expect(restored.get(1)).toBe('after restore');
    expect(restored.get(2)).toBe(model.get(2));
  });
});

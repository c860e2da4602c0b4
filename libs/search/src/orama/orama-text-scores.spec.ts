import { create, insert, search } from '@orama/orama';
import { describe, expect, it } from 'vitest';
import { textTokens, tokenScores } from './orama-text-scores';

let state = 31;
const random = () => {
  state = (state * 1664525 + 1013904223) >>> 0;
  return state / 4294967296;
};
const WORDS = [
  'developer',
  'developers',
  'develop',
  'design',
  'designer',
  'data',
  'the',
  'rust',
  'go',
  'games',
];

describe('tokenScores', () => {
  it("gives Orama's own BM25 scores, to the bit, for every document that holds a query word or a word it begins", () => {
    const db = create({
      schema: { text: 'string' } as const,
      components: { tokenizer: { language: 'english', stemming: true, stopWords: ['the'] } },
    });
    for (let n = 0; n < 2000; n++) {
      const words = Array.from(
        { length: 2 + Math.floor(random() * 6) },
        () => WORDS[Math.floor(random() * 10)],
      );
      insert(db, { id: `doc-${n}`, text: `${words.join(' ')} ${n}` });
    }
    for (const text of [
      'developer',
      'dev',
      'design data',
      'the rust',
      'gam',
      'nothing here',
      'the',
      '12 go',
    ]) {
      const expected = search(db, { term: text, properties: ['text'], limit: 5000, threshold: 1 });
      if (expected instanceof Promise) throw new Error('Orama answered asynchronously');
      const { internalIdToId } = db.internalDocumentIDStore;
      const byId = new Map<string, number>();
      for (const token of textTokens(db, text)) {
        const { internalIds, parts } = tokenScores(db, 'text', token);
        internalIds.forEach((internalId, at) => {
          const id = internalIdToId[internalId - 1];
          byId.set(id, (byId.get(id) ?? 0) + parts[at]);
        });
      }
      expect(byId).toEqual(new Map(expected.hits.map((hit) => [hit.id, hit.score])));
    }
  });
});

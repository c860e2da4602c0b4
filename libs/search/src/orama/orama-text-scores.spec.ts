import { create, insert, search } from '@orama/orama';
import { describe, expect, it } from 'vitest';
import { addTextScores } from './orama-text-scores';

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

describe('addTextScores', () => {
  it("gives Orama's own BM25 scores, to the bit, for the documents asked about that hold a query word or its prefix", () => {
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
      const scores = new Float64Array(internalIdToId.length + 1);
      // Every other document is asked about: the rest must stay unscored.
      addTextScores(db, 'text', text, (internalId) => (internalId % 2 === 0 ? internalId : -1), scores);
      const byId = new Map<string, number>();
      scores.forEach((score, internalId) => {
        if (score !== 0) byId.set(internalIdToId[internalId - 1], score);
      });
      expect(byId).toEqual(
        new Map(
          expected.hits
            .filter((hit) => (db.internalDocumentIDStore.idToInternalId.get(hit.id) ?? 1) % 2 === 0)
            .map((hit) => [hit.id, hit.score]),
        ),
      );
    }
  });
});

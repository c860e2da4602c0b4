import { create, insert, remove, search } from '@orama/orama';
import { describe, expect, it } from 'vitest';
import { copySections, sectionReader } from '../structures/binary-sections';
import { TextIndex } from './text-index';
import { textTokenizerConfig } from './text-tokenizer';

const seeded = (seed: number) => {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 4294967296;
  };
};

/**
 * Words chosen to meet Orama's corners: families under one prefix (so a token finds several words of one
 * text and the order of their parts shows in the last bits), stems, stop words, numbers that are object
 * array indexes, accents Orama folds, other scripts its splitter drops, a lone surrogate and `__proto__`.
 */
const WORDS = [
  'develop',
  'developer',
  'developers',
  'development',
  'developing',
  'dev',
  'devops',
  'device',
  'devil',
  'devious',
  'design',
  'designer',
  'designs',
  'data',
  'database',
  'datum',
  'date',
  'the',
  'and',
  'of',
  'rust',
  'rusty',
  'go',
  'golang',
  'goal',
  'games',
  'gaming',
  'gamer',
  '1',
  '12',
  '123',
  '10',
  '2',
  '007',
  '4294967294',
  '4294967295',
  'café',
  'cafe',
  'naïve',
  'über',
  'ñandú',
  '日本語',
  'emoji😀',
  'x\uD800y',
  '__proto__',
  "don't",
  'front-end',
  'snake_case',
  'Ünïcödé',
  'a',
  'ab',
  'abc',
  'abd',
  'abe',
  'b',
  'ba',
  'bab',
];

const randomText = (random: () => number, most = 12): string =>
  Array.from({ length: Math.floor(random() * most) }, () => WORDS[Math.floor(random() * WORDS.length)]).join(
    random() < 0.2 ? ', ' : ' ',
  );

/** A query: a whole word, a word's beginning, several of them, or some random text. */
const randomQuery = (random: () => number): string => {
  const word = () => WORDS[Math.floor(random() * WORDS.length)];
  const pick = random();
  if (pick < 0.3) return word().slice(0, 1 + Math.floor(random() * word().length));
  if (pick < 0.5) return word();
  if (pick < 0.8) return `${word().slice(0, 2)} ${word()} ${word().slice(0, 3)}`;
  return randomText(random, 5) || 'dev';
};

const oramaDb = () =>
  create({ schema: { text: 'string' } as const, components: { tokenizer: textTokenizerConfig() } });
type OramaDb = ReturnType<typeof oramaDb>;

/** Orama's own search: every hit with its score, by id. */
const oramaScores = (db: OramaDb, text: string): Map<string, number> => {
  const result = search(db, { term: text, properties: ['text'], limit: 20_000, threshold: 1 });
  if (result instanceof Promise) throw new Error('Orama answered asynchronously');
  // Every hit, not a page of them.
  expect(result.hits.length).toBe(result.count);
  return new Map(result.hits.map((hit) => [hit.id, hit.score]));
};

/** The index under test and the Orama database it must agree with, written to alike. */
class Pair {
  db = oramaDb();
  index = TextIndex.create();
  readonly slotById = new Map<string, number>();
  private readonly freeSlots: number[] = [];
  private nextSlot = 0;

  upsert(id: string, text: string): void {
    // As the generation does: Orama removes the old version and inserts the new one; the same text again
    // is left as it is.
    const held = this.slotById.get(id);
    if (held !== undefined && this.index.text(held) === text) {
      this.index.upsert(held, text);
      return;
    }
    if (this.slotById.has(id)) remove(this.db, id);
    insert(this.db, { id, text });
    let slot = this.slotById.get(id);
    if (slot === undefined) {
      slot = this.freeSlots.pop() ?? this.nextSlot++;
      this.slotById.set(id, slot);
    }
    this.index.upsert(slot, text);
  }

  remove(id: string): void {
    const slot = this.slotById.get(id);
    if (slot === undefined) return;
    remove(this.db, id);
    expect(this.index.remove(slot)).toBe(true);
    this.slotById.delete(id);
    this.freeSlots.push(slot);
  }

  scores(text: string): Map<string, number> {
    const scores = new Float64Array(this.nextSlot);
    this.index.addScores(text, scores);
    const byId = new Map<string, number>();
    for (const [id, slot] of this.slotById) if (scores[slot] !== 0) byId.set(id, scores[slot]);
    return byId;
  }

  expectSame(text: string): void {
    const expected = oramaScores(this.db, text);
    const actual = this.scores(text);
    expect(new Map([...actual].sort())).toEqual(new Map([...expected].sort()));
  }
}

const randomWrites = (pair: Pair, random: () => number, writes: number, ids: number): void => {
  for (let n = 0; n < writes; n++) {
    const id = `doc-${Math.floor(random() * ids)}`;
    if (random() < 0.3) pair.remove(id);
    else pair.upsert(id, randomText(random));
  }
};

describe('TextIndex', () => {
  it("gives Orama's hits and BM25 scores to the bit through random upserts and removals", () => {
    const random = seeded(7);
    const pair = new Pair();
    let queries = 0;
    for (let round = 0; round < 30; round++) {
      randomWrites(pair, random, 60, 400);
      for (let n = 0; n < 20; n++, queries++) pair.expectSame(randomQuery(random));
      expect(pair.index.count).toBe(pair.slotById.size);
    }
    expect(queries).toBe(600);
    // Enough texts were held and removed that the statistics went through every branch.
    expect(pair.slotById.size).toBeGreaterThan(100);
  });

  it('agrees with Orama on words of a tiny alphabet, where the tree splits and nests the most', () => {
    const random = seeded(2024);
    const word = () =>
      Array.from({ length: 1 + Math.floor(random() * 5) }, () => 'ab1é'[Math.floor(random() * 4)]).join('');
    const text = () => Array.from({ length: 3 + Math.floor(random() * 8) }, word).join(' ');
    const pair = new Pair();
    for (let round = 0; round < 20; round++) {
      for (let n = 0; n < 40; n++) {
        const id = `doc-${Math.floor(random() * 150)}`;
        if (random() < 0.25) pair.remove(id);
        else pair.upsert(id, text());
      }
      for (let n = 0; n < 15; n++) pair.expectSame(random() < 0.7 ? word() : `${word()} ${word()}`);
    }
  });

  it('agrees with Orama past thousands of new words, merged into the sorted dictionary in batches', () => {
    const random = seeded(11);
    const pair = new Pair();
    for (let n = 0; n < 12_000; n++) {
      const id = `doc-${n % 9000}`;
      if (random() < 0.1) pair.remove(id);
      else pair.upsert(id, `w${Math.floor(random() * 30_000)} w${Math.floor(random() * 300)} rust ${n % 7}`);
    }
    for (const query of ['w', 'w1', 'w12', 'w123', 'w29999', 'w3 rust', '1', 'rust w2'])
      pair.expectSame(query);
  });

  it("finds Orama's words in Orama's order, which decides the last bits of a sum", () => {
    const pair = new Pair();
    // Inserted out of alphabetical order, so the tree's children are not in word order.
    pair.upsert('a', 'devops developer device dev');
    pair.upsert('b', 'devil developer 12 10 123');
    pair.upsert('c', 'development devious design 2');
    pair.upsert('d', 'devops devil rust');
    for (const query of ['dev', 'devo', 'de', 'd', '1', 'rust dev', 'dev 1', 'developers', 'z'])
      pair.expectSame(query);
    pair.remove('d');
    pair.upsert('a', 'device devil');
    for (const query of ['dev', 'devi', 'rust dev']) pair.expectSame(query);
  });

  it('keeps every text as given, UTF-16 oddities included', () => {
    const index = TextIndex.create();
    const texts = ['Rust and Go', 'lone \uD800 surrogate', '', 'naïve café 😀', 'x'.repeat(10_000)];
    texts.forEach((text, slot) => index.upsert(slot * 3, text));
    texts.forEach((text, slot) => expect(index.text(slot * 3)).toBe(text));
    expect(index.text(1)).toBeUndefined();
    expect(index.remove(1)).toBe(false);
    expect(index.remove(3)).toBe(true);
    expect(index.text(3)).toBeUndefined();
    expect(index.count).toBe(texts.length - 1);
  });

  it('scores to the bit as if never rewritten, after each text was written again unchanged', () => {
    // A vector backfill writes every document again with its text unchanged: the index it leaves must score
    // as one built once from the same texts (a rebuild from the store), not drift with each rewrite.
    const random = seeded(11);
    const texts = Array.from({ length: 3000 }, () => randomText(random));
    const once = TextIndex.create();
    const rewritten = TextIndex.create();
    texts.forEach((text, slot) => {
      once.upsert(slot, text);
      rewritten.upsert(slot, text);
    });
    for (let round = 0; round < 3; round++) texts.forEach((text, slot) => rewritten.upsert(slot, text));
    for (let n = 0; n < 50; n++) {
      const query = randomQuery(random);
      const expected = new Float64Array(texts.length);
      const actual = new Float64Array(texts.length);
      once.addScores(query, expected);
      rewritten.addScores(query, actual);
      expect(actual).toEqual(expected);
    }
    expect(rewritten.count).toBe(texts.length);
  });

  it('restores from its sections with the same answers, and goes on agreeing with Orama after more writes', () => {
    const random = seeded(99);
    const pair = new Pair();
    randomWrites(pair, random, 600, 300);
    const sections = copySections(pair.index.toSections());
    // Each section at an odd offset of one shared buffer, as inside a file read whole.
    const file = Buffer.concat(sections.flatMap(({ data }) => [Buffer.from([0]), data]));
    let at = 0;
    const byName = new Map<string, Buffer>();
    for (const { name, data } of sections) {
      byName.set(name, file.subarray(at + 1, at + 1 + data.length));
      at += 1 + data.length;
    }
    const restored = TextIndex.fromSections((name) => {
      const data = byName.get(name);
      if (!data) throw new Error(`missing section ${name}`);
      return data;
    });
    for (const [, slot] of pair.slotById) expect(restored.text(slot)).toBe(pair.index.text(slot));
    expect(restored.count).toBe(pair.index.count);
    for (let n = 0; n < 50; n++) {
      const query = randomQuery(random);
      const scores = (index: TextIndex) => {
        const into = new Float64Array(400);
        index.addScores(query, into);
        return into;
      };
      expect(scores(restored)).toEqual(scores(pair.index));
    }
    pair.index = restored;
    randomWrites(pair, random, 300, 300);
    for (let n = 0; n < 100; n++) pair.expectSame(randomQuery(random));
  });

  it('saves copies the index goes on without, and a restored index writes only to its own sections', () => {
    const random = seeded(7);
    const pair = new Pair();
    randomWrites(pair, random, 300, 100);
    const sections = copySections(pair.index.toSections());
    const saved = sections.map(({ data }) => Buffer.from(data));
    randomWrites(pair, random, 300, 100);
    // Later writes (in place, in grown arrays, after packing) leave the save as it was.
    sections.forEach(({ data }, at) => expect(data.equals(saved[at])).toBe(true));

    const restored = TextIndex.fromSections(sectionReader(sections));
    const second = TextIndex.fromSections(
      sectionReader(saved.map((data, at) => ({ ...sections[at], data }))),
    );
    const queries = Array.from({ length: 40 }, () => randomQuery(random));
    const scores = (index: TextIndex) =>
      queries.map((query) => {
        const into = new Float64Array(400);
        index.addScores(query, into);
        return into;
      });
    const before = scores(second);
    expect(scores(restored)).toEqual(before);
    // Removals write into the restored arrays in place; another index over other bytes sees none of it.
    for (let slot = 0; slot < 400; slot += 3) restored.remove(slot);
    expect(scores(second)).toEqual(before);
    expect(scores(restored)).not.toEqual(before);
  });

  it('turns down sections of another format or whose texts and lengths disagree', () => {
    const index = TextIndex.create();
    index.upsert(0, 'Rust developer');
    index.upsert(2, 'Go developer');
    const sections = copySections(index.toSections());
    const replaced = (name: string, data: Buffer) =>
      sectionReader(sections.map((section) => (section.name === name ? { name, data } : section)));
    expect(() => TextIndex.fromSections(replaced('meta', Buffer.from('{"format":0}')))).toThrow(
      /text index format 0/,
    );
    expect(() =>
      TextIndex.fromSections(replaced('meta', Buffer.from('{"format":1,"documents":3,"averageLength":2}'))),
    ).toThrow(/holds 2 texts, its count says 3/);
    expect(() =>
      TextIndex.fromSections(replaced('lengths', Buffer.from(Int32Array.of(2, 2, 2).buffer))),
    ).toThrow(/slot 1: length and text disagree/);
  });

  it("scores the word 'constructor' like any other, where Orama's counts inherit Object's and go wrong", () => {
    const index = TextIndex.create();
    index.upsert(0, 'constructor rust');
    index.upsert(1, 'builder rust');
    index.upsert(2, 'constructor go');
    index.remove(2);
    const scores = (query: string) => {
      const into = new Float64Array(2);
      index.addScores(query, into);
      return into;
    };
    expect(scores('constructor')[0]).toBe(scores('builder')[1]);
    expect(Number.isFinite(scores('constructor')[0])).toBe(true);
    const db = oramaDb();
    insert(db, { id: 'a', text: 'constructor rust' });
    insert(db, { id: 'c', text: 'constructor go' });
    remove(db, 'c');
    expect(oramaScores(db, 'constructor').get('a')).toBeNaN();
  });

  it('scores only the accepted slots', () => {
    const index = TextIndex.create();
    index.upsert(0, 'rust');
    index.upsert(1, 'rust');
    const scores = new Float64Array(2);
    index.addScores('rust', scores, Uint32Array.of(0b10));
    expect(scores[0]).toBe(0);
    expect(scores[1]).toBeGreaterThan(0);
  });
});

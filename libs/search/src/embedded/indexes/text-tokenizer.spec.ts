import { tokenizer as oramaTokenizer } from '@orama/orama/components';
import { describe, expect, it } from 'vitest';
import { TextTokenizer, textTokenizerConfig } from './text-tokenizer';

const PIECES = [
  'Developers',
  'developer',
  'DEVELOPING',
  'the',
  'and',
  'of',
  "O'Neil",
  "rock'n'roll",
  'full-stack',
  'co-founder',
  'snake_case',
  'C++',
  'C#',
  '.NET',
  'node.js',
  'naïve',
  'café',
  'Zürich',
  'São',
  'España',
  'crème brûlée',
  'ÀÈÉÌÒÓÙ',
  '東京',
  'Москва',
  '😀',
  '\uD800',
  '__proto__',
  'constructor',
  '42',
  '3.14',
  '1,000',
  'e-mail',
  'running',
  'ran',
  'relational',
  'hopefulness',
  '  ',
  '\n\t',
  '--',
  "'",
];

const seeded = (seed: number) => {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 4294967296;
  };
};

describe('TextTokenizer', () => {
  it("gives Orama's tokens, in Orama's order, for texts of every kind of word and separator, again and again", () => {
    const orama = oramaTokenizer.createTokenizer(textTokenizerConfig());
    const tokenizer = new TextTokenizer();
    const random = seeded(5);
    const separators = [' ', ', ', '/', ' - ', '(', ') ', '!', '?', '; ', ':', '"', ' & ', '\u00a0'];
    let tokens = 0;
    for (let n = 0; n < 2_000; n++) {
      const text = Array.from({ length: Math.floor(random() * 20) }, () => {
        const piece = PIECES[Math.floor(random() * PIECES.length)];
        return piece + separators[Math.floor(random() * separators.length)];
      }).join('');
      const expected = orama.tokenize(text, undefined, undefined, false);
      // Twice: the second time the normalised words come from its memory.
      expect(tokenizer.tokens(text)).toEqual(expected);
      expect(tokenizer.tokens(text)).toEqual(expected);
      tokens += expected.length;
    }
    expect(tokens).toBeGreaterThan(5_000);
    expect(tokenizer.tokens('The developers, developing')).toEqual(['develop']);
  });
});

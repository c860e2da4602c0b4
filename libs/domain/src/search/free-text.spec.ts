import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldLabel } from '../vocabularies/label-order';
import { lightStem, matchedTextTerms, searchTerms, termsFound, textStems, textWords } from './free-text';

/** The words as first defined: Unicode folding and split for every text. */
const unicodeWords = (text: string): string[] =>
  foldLabel(text)
    .toLowerCase()
    .split(/[^\p{L}\p{N}+#.]+/u)
    .map((word) => word.replace(/^\.+|\.+$/g, ''))
    .filter((word) => word !== '');

describe('textWords', () => {
  it('splits into lower-cased words, keeping dots, plus and hash inside them', () => {
    expect(textWords('Node.js and C++ / C#, in São Paulo... ready.')).toEqual([
      'node.js',
      'and',
      'c++',
      'c#',
      'in',
      'sao',
      'paulo',
      'ready',
    ]);
  });

  it('gives the words of the Unicode definition for any text, ASCII or not', () => {
    const pieces = fc.constantFrom(
      'Drone',
      'farming',
      ' ',
      '  ',
      '.',
      '..',
      ',',
      '+',
      '#',
      '-',
      '\t',
      '\n',
      'É',
      'é',
      'ß',
      'Ǆ',
      'İ',
      '١٢',
      '日本',
      'e\u0301',
      'K',
      'ﬁ',
      '3D',
      'node.js',
      '.net',
      'C#',
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(pieces, fc.string(), fc.string({ unit: 'grapheme' })), { maxLength: 12 }),
        (parts) => {
          const text = parts.join('');
          expect(textWords(text)).toEqual(unicodeWords(text));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('lightStem', () => {
  it('meets plurals and -ing / -ed forms', () => {
    expect(['farmers', 'classes', 'cities', 'farming', 'farmed', 'bus'].map(lightStem)).toEqual([
      'farmer',
      'class',
      'city',
      'farm',
      'farm',
      'bus',
    ]);
  });
});

describe('matchedTextTerms', () => {
  it('finds the words typed that the record has by word or stem, in order, once, without stop words', () => {
    expect(
      matchedTextTerms('Farming drones for the farmers, farming!', 'A farmer who farms with a drone'),
    ).toEqual(['farming', 'drones', 'farmers']);
  });
});

describe('searchTerms', () => {
  it('reads the free text once into the words that can meet a record, each record then met by termsFound', () => {
    const terms = searchTerms('Farming drones for the farmers, farming!');
    expect(terms).toEqual([
      { word: 'farming', stem: 'farm' },
      { word: 'drones', stem: 'drone' },
      { word: 'farmers', stem: 'farmer' },
    ]);
    expect(termsFound(terms, textStems('A farmer who farms with a drone'))).toEqual([
      'farming',
      'drones',
      'farmers',
    ]);
    expect(termsFound(terms, textStems('Drones only'))).toEqual(['drones']);
  });
});

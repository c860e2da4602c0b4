import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldLabel } from '../vocabularies/label-order';
import { lightStem, matchedTextTerms, SEARCH_STOP_WORDS, textWords } from './free-text';

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
  /** The terms as first defined: every word of the record stemmed. */
  const everyStem = (text: string, recordText: string): string[] => {
    const present = new Set(textWords(recordText).map(lightStem));
    const found: string[] = [];
    for (const word of textWords(text)) {
      if (SEARCH_STOP_WORDS.includes(word) || found.includes(word)) continue;
      if (present.has(lightStem(word))) found.push(word);
    }
    return found;
  };

  it('finds the words typed that the record has by word or stem, in order, once, without stop words', () => {
    expect(
      matchedTextTerms('Farming drones for the farmers, farming!', 'A farmer who farms with a drone'),
    ).toEqual(['farming', 'drones', 'farmers']);
  });

  it('gives the terms of the definition that stems every word of the record', () => {
    const words = fc.constantFrom(
      ...'farm farms farming farmed farmer farmers city cities class classes bus buses the for with a de día'.split(
        ' ',
      ),
    );
    const text = fc
      .array(fc.oneof(words, fc.string({ maxLength: 6 })), { maxLength: 8 })
      .map((parts) => parts.join(' '));
    fc.assert(
      fc.property(text, text, (asked, record) => {
        expect(matchedTextTerms(asked, record)).toEqual(everyStem(asked, record));
      }),
      { numRuns: 2000 },
    );
  });
});

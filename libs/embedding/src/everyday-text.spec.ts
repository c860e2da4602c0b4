import fc from 'fast-check';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { correctTypos, correctWord, editDistance, splitNegations } from './everyday-text';
import { LabelIndex } from './label-index';
import type { SimilarLabelsDict } from './lexical-labels';
import { modelSettings } from './model-settings';
import { suggestLabels } from './label-suggester';
import { SHARED_MODEL_ID, SHARED_MODEL_PATH } from './testing/shared-model';
import { TransformersEmbedder } from './embedder/transformers/transformers.embedder';

describe('negations', () => {
  // Text, then what is kept and what is negated.
  it.each([
    ['no salary, equity only', ', equity only', 'salary'],
    ['not remote', '', 'remote'],
    ['a designer without equity but with a salary', 'a designer but with a salary', 'equity'],
    // "or" joins what is ruled out; a spaced dash ends the part.
    ['startup gigs that pay, no equity or stock stuff', 'startup gigs that pay,', 'equity or stock stuff'],
    [
      'product manager who has never worked on money or banking stuff',
      'product manager who has',
      'worked on money or banking stuff',
    ],
    ['not a startup - research or open source projects', '- research or open source projects', 'a startup'],
    ['a non-profit with no-code tools', 'a non-profit with no-code tools', ''],
    ['ml engineer, nothing to do with chatbots or llms please', 'ml engineer, please', 'chatbots or llms'],
    ['research projects that have nothing to do with ai', 'research projects that', 'ai'],
    [
      "health projects that aren't building yet another app",
      'health projects that',
      'building yet another app',
    ],
    [
      'embedded engineer who isn\u2019t hunting for a startup',
      'embedded engineer who',
      'hunting for a startup',
    ],
    // After what it rules out, back to the previous punctuation or joining word.
    ['2d artist for our game, 3d modelling not needed', '2d artist for our game,', '3d modelling'],
    ['a designer and equity is not required', 'a designer and', 'equity'],
    ['a react dev who knows what is needed', 'a react dev who knows what is needed', ''],
  ])('sets negated parts apart up to the next punctuation or joining word: %s', (text, kept, negated) => {
    expect(splitNegations(text)).toEqual({ kept, negated });
  });
});

describe('typos', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('pyhton', 'python')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('gives the distance of the whole table for any two words, in any order of calls', () => {
    /** The distance as first written: the whole table, allocated per call. */
    const tableDistance = (a: string, b: string): number => {
      const table = Array.from({ length: a.length + 1 }, (_, i) =>
        Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
      );
      for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++) {
          const cost = a[i - 1] === b[j - 1] ? 0 : 1;
          table[i][j] = Math.min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost);
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
            table[i][j] = Math.min(table[i][j], table[i - 2][j - 2] + 1);
        }
      }
      return table[a.length][b.length];
    };
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), maxLength: 12 });
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(editDistance(a, b)).toBe(tableDistance(a, b));
      }),
      { numRuns: 3000 },
    );
  });

  it('corrects words of five letters or more to the one nearest label word, and nothing else', () => {
    expect(correctWord('pyhton')).toBe('python');
    expect(correctWord('Kubernets')).toBe('kubernetes');
    expect(correctWord('python')).toBeUndefined();
    expect(correctWord('pyton')).toBe('python');
    expect(correctWord('rsut')).toBeUndefined();
    expect(correctWord('looking')).toBeUndefined();
    expect(correctTypos('a pyhton dev, paid hourly')).toBe('a python dev, paid hourly');
  });

  it('reads an English word as the misspelt word of a name when the rest of the name is beside it', () => {
    expect(correctWord('manger')).toBeUndefined();
    expect(correctTypos('a product manger, paid')).toBe('a product manager, paid');
    expect(correctTypos('quantitive anaylst who codes')).toBe('quantitative analyst who codes');
    // Alone, or beside a word no name has it next to, it stays as typed.
    expect(correctTypos('a manger for the stable')).toBe('a manger for the stable');
    expect(correctTypos('quantitive methods')).toBe('quantitive methods');
  });

  it('reads a word as near to several label words as the one a name has beside its neighbour', () => {
    // "promt" is as near to more than one label word; "enginer" is in the English word list.
    expect(correctWord('promt')).toBeUndefined();
    expect(correctTypos('promt enginer for a support bot')).toBe('prompt engineer for a support bot');
    expect(correctTypos('a promt')).toBe('a promt');
  });

  it('splits a word that runs the two words of a name together, and no other', () => {
    expect(correctTypos('leveldesign for a mobile game')).toBe('level design for a mobile game');
    expect(correctWord('datascience')).toBe('data science');
    // Before a correction two edits away ("redesign", "designer").
    expect(correctWord('webdesign')).toBe('web design');
    expect(correctWord('uxdesigner')).toBe('ux designer');
    // Label words and English words stay as typed.
    expect(correctWord('fullstack')).toBeUndefined();
    expect(correctWord('database')).toBeUndefined();
  });

  it('joins two words a name has as one, unless a name has them apart or one is a function word', () => {
    expect(correctTypos('dev ops enginer to set up ci pipelnes')).toBe(
      'devops engineer to set up ci pipelines',
    );
    expect(correctTypos('type script and java-script')).toBe('typescript and javascript');
    // "e-commerce" is two words in the names; "in design" is no InDesign.
    expect(correctTypos('an e-commerce store')).toBe('an e-commerce store');
    expect(correctTypos('i work in design')).toBe('i work in design');
  });
});

/** The everyday requests of the product spec, with the labels they must bring. */
const EVERYDAY: [string, Partial<SimilarLabelsDict>][] = [
  ['startup', { projectType: ['Start Up'] }],
  ['freelance gig', { projectType: ['Freelancing'] }],
  ['equity only', { offeredGratification: ['Equity Grant', 'Stock Options'] }],
  ['paid hourly', { forGratification: ['Time'] }],
  ['university course project', { projectType: ['University Project'] }],
  ['deep learning', { requiredAreaOfExpertise: ['Artificial Intelligence'] }],
  ['pyhton', { toolsExperience: ['Python'] }],
];

const NEGATED: [string, string][] = [
  ['no salary, equity only', 'Salary'],
  ['not remote', 'Remote'],
  ['a mobile app, not a website', 'Website'],
];

const labelsOf = (dict: SimilarLabelsDict): string[] => Object.values(dict).flat();

describe.each([
  ['without a model', async () => undefined],
  [
    'with the shared model',
    async () => {
      const embedder = new TransformersEmbedder({
        model: SHARED_MODEL_ID,
        localModelPath: SHARED_MODEL_PATH,
      });
      const labels = await LabelIndex.open(embedder, mkdtempSync(join(tmpdir(), 'skillers-everyday-')));
      return { embedder, labels, settings: modelSettings(SHARED_MODEL_ID) };
    },
  ],
])('everyday words in /ml, %s', (_name, context) => {
  it.each(EVERYDAY)('maps "%s" to its labels', async (text, expected) => {
    const { similar_labels_dict: dict } = await suggestLabels(text, 2, await context());
    for (const [key, labels] of Object.entries(expected))
      for (const label of labels) expect(dict[key as keyof SimilarLabelsDict]).toContain(label);
  });

  it.each(NEGATED)('never suggests what "%s" rules out', async (text, label) => {
    const { similar_labels_dict: dict } = await suggestLabels(text, 2, await context());
    expect(labelsOf(dict)).not.toContain(label);
    expect(labelsOf(dict).filter((suggested) => suggested.includes(label))).toEqual([]);
  });

  it('reads words as people type them: no typo fix of English words, cities, concepts, cued tools', async () => {
    const labelsFor = async (text: string) =>
      (await suggestLabels(text, 2, await context())).similar_labels_dict;
    expect(labelsOf(await labelsFor('actually anyone'))).not.toContain('Actuary');
    expect((await labelsFor('barcelona')).locations).toContain('Spain');
    expect((await labelsFor('climate change')).requiredAreaOfExpertise).toContain('Climate Tech');
    expect((await labelsFor('unity developer')).toolsExperience).toContain('Unity');
    expect(labelsOf(await labelsFor('not remote'))).not.toContain('Remote');
  });

  it('still suggests what the rest of a negated request asks for', async () => {
    const { similar_labels_dict: dict } = await suggestLabels('no salary, equity only', 2, await context());
    expect(dict.offeredGratification).toEqual(['Equity Grant', 'Stock Options']);
  });
});

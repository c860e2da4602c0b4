import { describe, expect, it } from 'vitest';
import { EVERYDAY_CUES } from './everyday-cues';
import { EVERYDAY_NAMES } from './everyday-names';
import { VOCABULARIES, type VocabularyKey } from './index';

const entries = (table: typeof EVERYDAY_NAMES) =>
  Object.entries(table).flatMap(([key, labels]) =>
    Object.entries(labels ?? {}).map(([label, names]) => ({ key: key as VocabularyKey, label, names })),
  );

describe('everyday names and cues', () => {
  it('name only labels of their vocabulary, spelt as the vocabulary spells them', () => {
    const unknown = entries(EVERYDAY_NAMES).filter(({ key, label }) => !VOCABULARIES[key].includes(label));
    expect(unknown).toEqual([]);
  });

  it('keep every cue beside the names of its label', () => {
    for (const { key, label, names } of entries(EVERYDAY_CUES))
      expect(EVERYDAY_NAMES[key]?.[label]).toEqual(expect.arrayContaining([...names]));
    expect(EVERYDAY_NAMES.role?.['Co-Founder']).toEqual(expect.arrayContaining(['cofounder', 'founder']));
  });

  it('spell each cue in lower case, once per label', () => {
    for (const { label, names } of entries(EVERYDAY_CUES)) {
      expect(
        names.filter((name) => name !== name.toLowerCase()),
        label,
      ).toEqual([]);
      expect(
        names.filter((name, at) => names.indexOf(name) !== at),
        label,
      ).toEqual([]);
    }
  });

  it('never stand for a label with one word that mostly means something else', () => {
    const common = [
      'help',
      'work',
      'data',
      'design',
      'app',
      'online',
      'people',
      'website',
      'system',
      'money',
    ];
    for (const { label, names } of entries(EVERYDAY_CUES))
      expect(
        names.filter((name) => common.includes(name)),
        label,
      ).toEqual([]);
  });
});

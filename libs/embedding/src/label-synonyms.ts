import { EVERYDAY_NAMES, foldLabel, type VocabularyKey } from '@skillers/domain';

const lookups: ReadonlyMap<VocabularyKey, ReadonlyMap<string, readonly string[]>> = new Map(
  Object.entries(EVERYDAY_NAMES).map(([key, labels]) => {
    const lookup = new Map<string, string[]>();
    for (const [label, names] of Object.entries(labels)) {
      for (const name of names) {
        const folded = foldLabel(name);
        lookup.set(folded, [...(lookup.get(folded) ?? []), label]);
      }
    }
    return [key as VocabularyKey, lookup];
  }),
);

/** The labels an everyday name stands for (EVERYDAY_NAMES in libs/domain), if it is one (`folded` by `foldLabel`). */
export const findFoldedSynonyms = (key: VocabularyKey, folded: string): readonly string[] =>
  lookups.get(key)?.get(folded) ?? [];

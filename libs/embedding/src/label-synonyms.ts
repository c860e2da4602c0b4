import { EVERYDAY_NAMES, foldLabel, NAMES_WHEN_RULED_OUT, type VocabularyKey } from '@skillers/domain';

type NamesByLabel = typeof EVERYDAY_NAMES;

/** Per vocabulary, the labels each folded name stands for. */
const lookupsOf = (table: NamesByLabel): ReadonlyMap<VocabularyKey, ReadonlyMap<string, readonly string[]>> =>
  new Map(
    Object.entries(table).map(([key, labels]) => {
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

const everyday = lookupsOf(EVERYDAY_NAMES);
const whenRuledOut = lookupsOf(NAMES_WHEN_RULED_OUT);

/**
 * The labels an everyday name stands for (EVERYDAY_NAMES in libs/domain), if it is one (`folded` by
 * `foldLabel`); in a part of a text that rules labels out, by NAMES_WHEN_RULED_OUT.
 */
export const findFoldedSynonyms = (key: VocabularyKey, folded: string, ruledOut = false): readonly string[] =>
  (ruledOut ? whenRuledOut : everyday).get(key)?.get(folded) ?? [];

import { createRequire } from 'node:module';

const requireData = createRequire(__filename);

let words: ReadonlySet<string> | undefined;

/**
 * Whether a lower-case word is an English word (the ~275 000 words of `an-array-of-english-words`). A
 * misspelt label word is only corrected when it is not one: "actually" is a word, not a typo of Actuary.
 * Loaded on first use (about 3 MB), so processes that never read free text never pay for it.
 */
export const isEnglishWord = (word: string): boolean => {
  words ??= new Set(requireData('an-array-of-english-words') as string[]);
  return words.has(word);
};

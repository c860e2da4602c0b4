/**
 * Usernames are compared as people see them: NFKC-normalised (fullwidth and compatibility forms fold to
 * their plain letters), without invisible characters, with the letters of one alphabet, and an existing
 * name is not handed out again in look-alike letters of another alphabet (UTS #39 in a small form).
 */

/** Format characters (zero-width space and joiners, soft hyphen, word joiner, BOM, direction marks) and other invisibles. */
// eslint-disable-next-line no-misleading-character-class -- each invisible code point is matched on its own
const INVISIBLE = /[\p{Cf}\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\ufe00-\ufe0f\uffa0]/u;

/** Alphabets with letters that look like Latin ones; a name takes letters from at most one of them. */
const LOOK_ALIKE_SCRIPTS = [
  /\p{Script=Latin}/u,
  /\p{Script=Cyrillic}/u,
  /\p{Script=Greek}/u,
  /\p{Script=Armenian}/u,
  /\p{Script=Cherokee}/u,
] as const;

/** Cyrillic and Greek letters drawn like Latin ones, lower-cased, each followed by the Latin letter it mimics. */
const LATIN_LOOK_ALIKES = new Map(
  (
    'аa вb еe ёe һh іi їi јj кk мm нh оo пn рp сc тt уy хx ѕs ԁd ԛq ԝw ӏl үy ' +
    'αa βb εe ηn ιi κk νv οo ρp τt υu χx ϲc'
  )
    .split(' ')
    .map((pair) => [pair[0], pair[1]] as const),
);

export const normaliseUsername = (name: string): string => name.normalize('NFKC');

export const hasInvisibleCharacters = (name: string): boolean => INVISIBLE.test(name);

export const mixesAlphabets = (name: string): boolean =>
  LOOK_ALIKE_SCRIPTS.filter((script) => script.test(name)).length > 1;

/** The key a username is unique by: NFKC, lower case. */
export const usernameKey = (name: string): string => normaliseUsername(name).toLowerCase();

/**
 * The Latin name a username imitates: its key with look-alike letters replaced. Equal to the key itself
 * for names with no such letters.
 */
export const latinSkeleton = (name: string): string =>
  [...usernameKey(name)].map((letter) => LATIN_LOOK_ALIKES.get(letter) ?? letter).join('');

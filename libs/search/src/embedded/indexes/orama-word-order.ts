/** Words that are array indexes, which an object's keys list first, in numeric order. */
const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;
const MAX_ARRAY_INDEX = 4294967294;
const isArrayIndex = (word: string): boolean => ARRAY_INDEX.test(word) && Number(word) <= MAX_ARRAY_INDEX;

/**
 * The words a query token finds, in the order Orama's search adds up their scores: the keys of the object
 * its radix tree `find` fills (no tolerance). That order decides the last bits of a sum of three or more
 * BM25 parts, so it is reproduced here from two facts about Orama's tree, which never deletes a node:
 * - `find` walks the token's subtree depth first with a stack, a node before its children and the children
 *   in reverse order of creation; a child is created when the first word through it is inserted, so it
 *   comes before its siblings when its earliest word is younger than theirs;
 * - object keys list array indexes ("12") first, ascending, then the other words in the order they were set.
 * Orama's `__proto__` key sets no key at all, so that word is left out as Orama leaves it out.
 *
 * `found` holds the term numbers of every word beginning with the token, sorted by word; a term's number
 * is the order in which its word was first inserted.
 */
export const oramaWordOrder = (found: readonly number[], wordOf: (term: number) => string): number[] => {
  const walk: number[] = [];
  if (found.length > 0) visit(found, wordOf, 0, found.length, 0, walk);
  const words = walk.filter((term) => wordOf(term) !== '__proto__');
  const indexes = words.filter((term) => isArrayIndex(wordOf(term)));
  if (indexes.length === 0) return words;
  indexes.sort((a, b) => Number(wordOf(a)) - Number(wordOf(b)));
  return [...indexes, ...words.filter((term) => !isArrayIndex(wordOf(term)))];
};

/** Appends the words of `found[low..high)`, which share their first `depth` characters, in walk order. */
const visit = (
  found: readonly number[],
  wordOf: (term: number) => string,
  low: number,
  high: number,
  depth: number,
  walk: number[],
): void => {
  // All words of the range share the prefix the first and last share (they are sorted): one tree node.
  const first = wordOf(found[low]);
  const last = wordOf(found[high - 1]);
  let common = depth;
  while (common < first.length && common < last.length && first[common] === last[common]) common++;
  if (first.length === common) {
    walk.push(found[low]);
    low++;
  }
  const children: { low: number; high: number; earliest: number }[] = [];
  for (let at = low; at < high;) {
    const character = wordOf(found[at])[common];
    let end = at;
    let earliest = found[at];
    while (end < high && wordOf(found[end])[common] === character)
      earliest = Math.min(earliest, found[end++]);
    children.push({ low: at, high: end, earliest });
    at = end;
  }
  children.sort((a, b) => b.earliest - a.earliest);
  for (const child of children) visit(found, wordOf, child.low, child.high, common + 1, walk);
};

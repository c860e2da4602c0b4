import { count, type AnyOrama } from '@orama/orama';
import type { index as oramaIndex } from '@orama/orama/components';
import type { radix } from '@orama/orama/trees';

type RadixNode = radix.RadixNode;

/** Orama's default BM25 parameters, as its `search` applies them. */
const BM25_PARAMETERS = { k: 1.2, b: 0.75, d: 0.5 };

/**
 * The words of the index that a query token finds, each with its documents, as Orama's radix tree `find`
 * returns them without tolerance: the token itself and every word it is a prefix of, in the tree's order.
 * Orama's own walk adds each document to a word's list only after searching that list for it, which costs
 * the square of the word's document count (seconds for a word in tens of thousands of records); a word's
 * documents are a set already, so they are copied as they are.
 */
const findWords = (root: RadixNode, term: string): Record<string, number[]> => {
  let node = root;
  let at = 0;
  while (at < term.length) {
    const child = node.c.get(term[at]);
    if (!child) return {};
    const label = child.s;
    let same = 0;
    while (same < label.length && at + same < term.length && label[same] === term[at + same]) same++;
    if (same === label.length) {
      node = child;
      at += same;
    } else if (at + same === term.length) {
      node = child;
      break;
    } else {
      return {};
    }
  }
  const found: Record<string, number[]> = {};
  const stack = [node];
  while (stack.length > 0) {
    const next = stack.pop() as RadixNode;
    if (next.e && !Object.hasOwn(found, next.w)) found[next.w] = [...next.d];
    if (next.c.size > 0) stack.push(...next.c.values());
  }
  return found;
};

/** Orama's BM25 (components/algorithms.js), with its default parameters. */
const bm25 = (tf: number, matching: number, documents: number, length: number, averageLength: number) => {
  const { k, b, d } = BM25_PARAMETERS;
  const idf = Math.log(1 + (documents - matching + 0.5) / (matching + 0.5));
  return (idf * (d + tf * (k + 1))) / (tf + k * (1 - b + (b * length) / averageLength));
};

/** The query tokens of a free text, as Orama's `search` makes them (stemmed, stop words left out). */
export const textTokens = (db: AnyOrama, text: string): string[] =>
  db.tokenizer.tokenize(text, undefined) as string[];

/**
 * The BM25 parts of one query token: one per document holding a word the token finds (itself or a word it
 * begins), by Orama internal document id, in the order Orama's `search` adds them up into a hit's score.
 * Adding each token's parts in order gives Orama's scores to the bit (the same tokenizer, formula and
 * order), without its maps of matches per document, sorting and fetching every hit.
 */
export interface TokenScores {
  internalIds: Int32Array;
  parts: Float64Array;
}

export const tokenScores = (db: AnyOrama, property: string, token: string): TokenScores => {
  // The default index component, which every database of this index is created with.
  const index = db.data.index as oramaIndex.Index;
  const tree = index.indexes[property];
  if (!tree || tree.type !== 'Radix') return { internalIds: new Int32Array(0), parts: new Float64Array(0) };
  const documents = count(db);
  const averageLength = index.avgFieldLength[property];
  const lengths = index.fieldLengths[property];
  const occurrences = index.tokenOccurrences[property];
  const frequencies = index.frequencies[property];
  const found = findWords(tree.node as RadixNode, token);
  const words = Object.keys(found);
  const size = words.reduce((sum, word) => sum + found[word].length, 0);
  const internalIds = new Int32Array(size);
  const parts = new Float64Array(size);
  let at = 0;
  for (const word of words) {
    const matching = typeof occurrences[word] === 'number' ? occurrences[word] : 0;
    for (const internalId of found[word]) {
      const tf = frequencies?.[internalId]?.[word] ?? 0;
      internalIds[at] = internalId;
      parts[at++] = bm25(tf, matching, documents, lengths[internalId] as number, averageLength);
    }
  }
  return { internalIds, parts };
};

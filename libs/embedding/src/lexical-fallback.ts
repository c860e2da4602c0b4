/** Words of three letters or more, lower-cased: short words say little about what a record is. */
const contentWords = (text: string): Set<string> =>
  new Set(text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}+#.]{2,}/gu) ?? []);

/** Share of the query's words that the record's text contains, 0 to 1. */
export const textOverlap = (query: string, text: string): number => {
  const wanted = contentWords(query);
  if (wanted.size === 0) return 0;
  const present = contentWords(text);
  let hits = 0;
  for (const word of wanted) if (present.has(word)) hits++;
  return hits / wanted.size;
};

/** Picked options weigh most; the text breaks ties between records with the same tags. */
const TAG_WEIGHT = 0.8;

/**
 * The similarity the lexical ranking reports, 0 to 1: the share of picked options the record carries and
 * the share of query words its text contains. With nothing picked, the text decides alone.
 */
export const lexicalSimilarity = (matchedOptions: number, pickedOptions: number, overlap: number): number =>
  pickedOptions === 0
    ? overlap
    : TAG_WEIGHT * Math.min(1, matchedOptions / pickedOptions) + (1 - TAG_WEIGHT) * overlap;

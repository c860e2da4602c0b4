/** Dot product over the shorter length; for the unit vectors the embedders return this is the cosine similarity. */
export const dot = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  let sum = 0;
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) sum += a[index] * b[index];
  return sum;
};

/**
 * Cosine similarity, added in order so every caller gets the same bits. Undefined when the lengths differ,
 * a vector is empty or either has no direction.
 */
export const cosine = (a: ArrayLike<number>, b: ArrayLike<number>): number | undefined => {
  if (a.length !== b.length || a.length === 0) return undefined;
  const normA = dot(a, a);
  const normB = dot(b, b);
  if (!(normA > 0) || !(normB > 0)) return undefined;
  return dot(a, b) / (Math.sqrt(normA) * Math.sqrt(normB));
};

/** Similarity as the API shows it: three decimals. */
export const roundSimilarity = (value: number): number => Math.round(value * 1000) / 1000;

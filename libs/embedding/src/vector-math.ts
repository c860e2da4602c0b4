/** Dot product; for the unit vectors the embedders return this is the cosine similarity. */
export const dot = (a: readonly number[], b: readonly number[]): number => {
  let sum = 0;
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) sum += a[index] * b[index];
  return sum;
};

/** Similarity as the API shows it: three decimals. */
export const roundSimilarity = (value: number): number => Math.round(value * 1000) / 1000;

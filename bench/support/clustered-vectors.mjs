// Random but clustered float32 vectors, as embeddings are: a few hundred to a thousand centres drawn from a
// normal distribution, every vector a centre plus uniform noise, queries new points near random centres.
// Seeded, row after row in one Float32Array (a million × 384 is 1.5 GB: no per-vector objects).
import { mulberry32 } from './synthetic-profiles.mjs';

/** About 1 000 vectors per centre, between 16 and 1 024 centres. */
const centreCount = (count) => Math.min(1024, Math.max(16, Math.round(count / 1000)));
/** Noise half-width against unit-variance centres: members are at cosine about 0.8-0.9 from their centre. */
const NOISE = 0.8;

export const clusteredVectors = ({ count, queries, dims, seed = 384 }) => {
  const random = mulberry32(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const centres = new Float32Array(centreCount(count) * dims);
  for (let index = 0; index < centres.length; index++) centres[index] = normal();
  const near = (target, rows) => {
    for (let row = 0; row < rows; row++) {
      const centre = Math.floor(random() * (centres.length / dims)) * dims;
      const base = row * dims;
      for (let index = 0; index < dims; index++)
        target[base + index] = centres[centre + index] + (random() * 2 - 1) * NOISE;
    }
    return target;
  };
  return {
    data: near(new Float32Array(count * dims), count),
    queries: near(new Float32Array(queries * dims), queries),
    centres: centres.length / dims,
  };
};

/**
 * The same kind of vectors one at a time, for `count` rows in all (which sets the number of centres), so a
 * million need not be held at once: `next()` gives a new Float32Array each call.
 */
export const clusteredVectorRows = ({ count, dims, seed = 384 }) => {
  const random = mulberry32(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const centres = new Float32Array(centreCount(count) * dims);
  for (let index = 0; index < centres.length; index++) centres[index] = normal();
  return {
    next: () => {
      const centre = Math.floor(random() * (centres.length / dims)) * dims;
      const row = new Float32Array(dims);
      for (let index = 0; index < dims; index++)
        row[index] = centres[centre + index] + (random() * 2 - 1) * NOISE;
      return row;
    },
  };
};

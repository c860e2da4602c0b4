/**
 * The compact answer of `POST /embed`, for callers that send `Accept: application/octet-stream`: the
 * vectors as little-endian 32-bit floats, one after the other, with the model and the dimension in headers.
 * Vectors come out of the model as 32-bit floats, so nothing is lost; writing and reading them as JSON
 * numbers cost more than the embedding itself with a small model.
 */
export const VECTORS_MEDIA_TYPE = 'application/octet-stream';
export const VECTORS_MODEL_HEADER = 'x-embedding-model';
export const VECTORS_DIMENSION_HEADER = 'x-embedding-dimension';

/** Float32Array uses the platform's byte order; the binary answer is offered only where that is little-endian. */
export const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Whether an `Accept` header lists the binary media type (parameters such as `q` are ignored). */
export const acceptsVectorBytes = (accept: string | undefined): boolean =>
  LITTLE_ENDIAN &&
  (accept ?? '').split(',').some((range) => range.split(';')[0].trim().toLowerCase() === VECTORS_MEDIA_TYPE);

/** The vectors, all of length `dimension`, as consecutive 32-bit floats. */
export const encodeVectors = (vectors: readonly (readonly number[])[], dimension: number): Buffer => {
  const floats = new Float32Array(vectors.length * dimension);
  vectors.forEach((vector, row) => {
    if (vector.length !== dimension)
      throw new Error(`Vector ${row} has ${vector.length} numbers, not ${dimension}`);
    floats.set(vector, row * dimension);
  });
  return Buffer.from(floats.buffer, floats.byteOffset, floats.byteLength);
};

/** The `count` vectors of length `dimension` that `encodeVectors` wrote. */
export const decodeVectors = (bytes: ArrayBuffer, count: number, dimension: number): number[][] => {
  if (!Number.isInteger(dimension) || dimension < 1 || bytes.byteLength !== count * dimension * 4) {
    throw new Error(
      `Expected ${count} vectors of ${dimension} numbers (${count * dimension * 4} bytes), got ${bytes.byteLength} bytes`,
    );
  }
  const floats = new Float32Array(bytes);
  return Array.from({ length: count }, (_, row) =>
    Array.from(floats.subarray(row * dimension, (row + 1) * dimension)),
  );
};

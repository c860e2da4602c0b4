/** The bytes of a typed array, without copying them. */
export const bytesOf = (array: ArrayBufferView): Buffer =>
  Buffer.from(array.buffer, array.byteOffset, array.byteLength);

type TypedArrayOf<T> = {
  new (buffer: ArrayBufferLike, byteOffset: number, length: number): T;
  new (length: number): T;
  readonly BYTES_PER_ELEMENT: number;
};

/**
 * A typed array over a section's bytes: a view when they are aligned for its element size, else a copy (a
 * section may start anywhere in a file read whole).
 */
export const arrayOf = <T extends ArrayBufferView>(Type: TypedArrayOf<T>, bytes: Buffer): T => {
  const size = Type.BYTES_PER_ELEMENT;
  if (bytes.byteLength % size !== 0)
    throw new Error(`a section of ${bytes.byteLength} bytes is no whole number of ${size}-byte values`);
  const length = bytes.byteLength / size;
  if (bytes.byteOffset % size === 0) return new Type(bytes.buffer, bytes.byteOffset, length);
  const copy = new Type(length);
  Buffer.from(copy.buffer, copy.byteOffset, copy.byteLength).set(bytes);
  return copy;
};

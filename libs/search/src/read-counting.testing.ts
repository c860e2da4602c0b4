import type { SearchIndex } from './search-index.port';

export interface ReadCounts {
  get: number;
  getMany: number;
}

/** The index with its document reads counted, to check that a caller reads in batches, not per document. */
export const countingReads = (index: SearchIndex): { index: SearchIndex; reads: ReadCounts } => {
  const reads: ReadCounts = { get: 0, getMany: 0 };
  const counted = new Proxy(index, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (property === 'get' || property === 'getMany') reads[property] += 1;
        return (value as (...params: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { index: counted, reads };
};

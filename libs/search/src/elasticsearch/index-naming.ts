import { assertVectorSpace, type VectorSpace, vectorSpaceKey } from '../vector-space';

/** The tag of the first generation, fixed so that two processes starting at once create the same index. */
export const INITIAL_TAG = 'initial';

/**
 * The concrete index of one generation of a kind: `<alias>-<vector space key>-<tag>`, so every index name says
 * which model its vectors came from (`skillers-project-xenova-all-minilm-l6-v2-384d-1a2b3c4d-initial`). An
 * index that is not keyed by a model is `<alias>-<tag>`, as indices were named before vectors were keyed.
 */
export const generationIndexName = (alias: string, space: VectorSpace | undefined, tag: string): string =>
  space ? `${alias}-${vectorSpaceKey(space)}-${tag}` : `${alias}-${tag}`;

/** Whether a concrete index of `alias` was built for `space`, by its name. */
export const indexBuiltFor = (index: string, alias: string, space: VectorSpace): boolean =>
  index.startsWith(`${alias}-${vectorSpaceKey(space)}-`);

/** What a keyed index records in its mapping's `_meta`, readable in Kibana and by other processes. */
export interface VectorSpaceMeta {
  vectorModel: string;
  vectorDims: number;
  vectorSpaceKey: string;
}

export const vectorSpaceMeta = (space: VectorSpace): VectorSpaceMeta => ({
  vectorModel: space.model,
  vectorDims: space.dims,
  vectorSpaceKey: vectorSpaceKey(space),
});

/**
 * The vector space an existing index was built for: its `_meta`, trusted only when its name carries the
 * same key. Indices from before keying, or with a `_meta` edited by hand, record none.
 */
export const recordedVectorSpace = (index: string, alias: string, meta: unknown): VectorSpace | undefined => {
  const { vectorModel, vectorDims } = (meta ?? {}) as Partial<VectorSpaceMeta>;
  if (typeof vectorModel !== 'string' || typeof vectorDims !== 'number') return undefined;
  const space = { model: vectorModel, dims: vectorDims };
  try {
    assertVectorSpace(space);
  } catch {
    return undefined;
  }
  return indexBuiltFor(index, alias, space) ? space : undefined;
};

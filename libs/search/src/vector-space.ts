import type { SearchDocument, SearchKind } from '@skillers/domain';
import { createHash } from 'node:crypto';

/**
 * The embedding model whose vectors an index generation holds, and their length. Vectors of two models
 * are never compared: a cosine between them measures nothing.
 */
export interface VectorSpace {
  model: string;
  dims: number;
}

/** Elasticsearch refuses longer `dense_vector`s. */
export const MAX_VECTOR_DIMS = 4096;

/** Long enough to recognise the model in an index listing, short enough for index names (255 bytes). */
const SLUG_MAX_LENGTH = 40;

export const assertVectorSpace = ({ model, dims }: VectorSpace): void => {
  if (model.trim() === '') throw new Error('A vector space needs a model id');
  if (!Number.isInteger(dims) || dims < 1 || dims > MAX_VECTOR_DIMS) {
    throw new Error(
      `Vector length ${dims} of model "${model}" must be a whole number from 1 to ${MAX_VECTOR_DIMS}`,
    );
  }
};

/**
 * A short, stable key of a vector space that is safe inside an Elasticsearch index name (lower case; none of
 * `\ / * ? " < > | , # :` or spaces): a readable slug of the model id, the dimension, and 8 hex digits of a
 * hash of both, so that ids which slug alike (`A/B` and `a-b`) still get different keys.
 * `Xenova/all-MiniLM-L6-v2` with 384 dimensions gives `xenova-all-minilm-l6-v2-384d-` and the hash.
 */
export const vectorSpaceKey = (space: VectorSpace): string => {
  assertVectorSpace(space);
  const slug =
    space.model
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, SLUG_MAX_LENGTH)
      .replace(/^-+|-+$/g, '') || 'model';
  const hash = createHash('sha256').update(`${space.model}\n${space.dims}`).digest('hex').slice(0, 8);
  return `${slug}-${space.dims}d-${hash}`;
};

export const sameVectorSpace = (a: VectorSpace | undefined, b: VectorSpace | undefined): boolean =>
  a !== undefined && b !== undefined && a.model === b.model && a.dims === b.dims;

export const describeVectorSpace = (space: VectorSpace | undefined): string =>
  space ? `"${space.model}" (${space.dims} dimensions)` : 'no recorded model';

/**
 * Whether a document's vector may be written into a generation built for `space`: only a vector of that
 * model and length. Without a space (an index not keyed by model) documents are written as they are.
 */
export const vectorFits = (doc: SearchDocument, space: VectorSpace | undefined): boolean =>
  space === undefined ||
  (doc.vector !== undefined && doc.vectorModel === space.model && doc.vector.length === space.dims);

/** The document without its vector and the model it came from. */
export const withoutVector = (doc: SearchDocument): SearchDocument => {
  if (doc.vector === undefined && doc.vectorModel === undefined) return doc;
  const { vector: _vector, vectorModel: _model, ...rest } = doc;
  return rest;
};

/** The document as a generation for `space` takes it: a vector of any other model is left out, with its model. */
export const fitVector = (doc: SearchDocument, space: VectorSpace | undefined): SearchDocument =>
  vectorFits(doc, space) ? doc : withoutVector(doc);

/** What the live index says about its vectors, for health checks and for deciding on a reindex. */
export interface VectorSpaceStatus {
  /** The model this process embeds with, and so writes and queries vectors of. */
  configured: VectorSpace;
  /** The model each kind's live generation was built for; undefined when it recorded none. */
  live: Record<SearchKind, VectorSpace | undefined>;
  /**
   * True when a live generation was built for another model (or recorded none): until a reindex builds a
   * generation for the configured model, documents are written into it without vectors and similarity
   * queries find nothing there, so vectors of two models never meet.
   */
  reindexNeeded: boolean;
}

/** The models the live generations were built for, each named once. */
export const describeLiveVectorSpaces = (live: VectorSpaceStatus['live']): string =>
  [...new Set(Object.values(live).map(describeVectorSpace))].join(' and ');

import type { estypes } from '@elastic/elasticsearch';
import { type SearchDocument, setDeadlineDay, TAG_FACETS } from '@skillers/domain';
import { documentToolTokens } from '../tool-level-tokens';

/**
 * Fields added after the first indices were created: the freshness times (`lastActiveAt`, `openUntil`),
 * the record's version, only read back, never searched, and a profile's wanted hours (read by matches).
 * Indices without them get them at connect (`putMapping` may add fields), so documents carrying them are
 * not refused by the strict mapping.
 */
export const ADDED_PROPERTIES: Record<string, estypes.MappingProperty> = {
  lastActiveAt: { type: 'date' },
  openUntil: { type: 'date' },
  version: { type: 'long', index: false },
  wantedHours: { properties: { from: { type: 'double' }, to: { type: 'double' } } },
};

/**
 * Explicit and strict: a field nobody declared is refused instead of being guessed. Facets are exact
 * keywords, numbers are doubles so that comparisons agree with JavaScript's, and the vector is compared
 * by cosine similarity on a full-precision graph (no quantisation), so similarities are exact.
 */
export const searchIndexMappings = (vectorDims: number): estypes.MappingTypeMapping => ({
  dynamic: 'strict',
  properties: {
    id: { type: 'keyword' },
    kind: { type: 'keyword' },
    ownerId: { type: 'keyword' },
    createdAt: { type: 'date' },
    ...ADDED_PROPERTIES,
    // English stemming and stop words, as the embedded index's full-text search has them.
    text: { type: 'text', analyzer: 'english' },
    tags: { properties: Object.fromEntries(TAG_FACETS.map((facet) => [facet, { type: 'keyword' }])) },
    // Kept for reading the document back; filters use `toolTokens`.
    toolLevels: { type: 'object', enabled: false },
    toolTokens: { type: 'keyword' },
    numbers: {
      properties: {
        availability: { type: 'double' },
        bizRole: { type: 'double' },
        techRole: { type: 'double' },
        durationMonths: { type: 'double' },
        deadline: { type: 'keyword', index: false },
      },
    },
    deadlineDay: { type: 'integer' },
    workingTypeRemote: { type: 'boolean' },
    workingTypeOffice: { type: 'boolean' },
    vector: {
      type: 'dense_vector',
      dims: vectorDims,
      index: true,
      similarity: 'cosine',
      index_options: { type: 'hnsw' },
    },
    vectorModel: { type: 'keyword' },
  },
});

export interface IndexedSource extends SearchDocument {
  toolTokens: string[];
  deadlineDay?: number;
}

const hasDirection = (vector: readonly number[]): boolean => vector.some((value) => value !== 0);

/**
 * The stored source: the document plus the fields its filters need. A zero vector has no direction
 * (cosine similarity refuses it), so it is left out.
 */
export const toSource = (doc: SearchDocument): IndexedSource => {
  const { vector, ...rest } = doc;
  return {
    ...rest,
    ...(vector && hasDirection(vector) ? { vector } : {}),
    toolTokens: documentToolTokens(doc.toolLevels),
    deadlineDay: setDeadlineDay(doc.numbers.deadline),
  };
};

export const fromSource = (source: IndexedSource): SearchDocument => {
  const { toolTokens: _tokens, deadlineDay: _day, ...doc } = source;
  return doc;
};

import { type SearchDocument, type SearchQuery, TAG_FACETS, type TagFacet } from '@skillers/domain';
import type { SearchIndex, SearchResult } from '../search-index.port';

/** The page without its rank signals, for tests about membership and order. */
export const plain = ({ ids, scores, total }: SearchResult) => ({ ids, scores, total });

export type DocumentOverrides = Partial<Omit<SearchDocument, 'tags'>> & {
  tags?: Partial<Record<TagFacet, string[]>>;
};

let sequence = 0;
/** A record id in the stores' form: 24 hexadecimal characters. */
export const nextId = (): string => (++sequence).toString(16).padStart(24, '0');

export const searchDocument = (overrides: DocumentOverrides = {}): SearchDocument => ({
  id: nextId(),
  kind: 'teammate',
  ownerId: 'f'.repeat(24),
  createdAt: '2026-01-01T00:00:00.000Z',
  text: 'A skiller',
  toolLevels: {},
  numbers: {},
  workingTypeRemote: false,
  workingTypeOffice: false,
  ...overrides,
  tags: { ...Object.fromEntries(TAG_FACETS.map((facet) => [facet, []])), ...overrides.tags } as Record<
    TagFacet,
    string[]
  >,
});

export const searchQuery = (overrides: Partial<SearchQuery> = {}): SearchQuery => ({
  kind: 'teammate',
  restriction: 'min_1_match',
  tags: {},
  page: 1,
  pageSize: 50,
  ...overrides,
});

/** Midnight UTC of day `n` of January 2026. */
export const day = (n: number) => new Date(Date.UTC(2026, 0, n)).toISOString();

export interface SearchIndexContractOptions {
  /** Vector length the index accepts (Elasticsearch fixes it in the mapping). */
  vectorDims: number;
  close?: (index: SearchIndex) => Promise<void>;
}

/** The index under test as the contract's topics see it, opened and cleared before each test. */
export interface ContractSubject {
  readonly index: SearchIndex;
  readonly adapterName: SearchIndex['adapter'];
  readonly options: SearchIndexContractOptions;
  /** The ids of the page a query finds. */
  ids(query: Partial<SearchQuery>): Promise<string[]>;
}

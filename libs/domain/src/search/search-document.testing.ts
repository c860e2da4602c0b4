import { type SearchDocument, TAG_FACETS, type TagFacet } from './search-document';

/** Every tag facet with no option. */
const emptyTags = () =>
  Object.fromEntries(TAG_FACETS.map((facet) => [facet, []])) as unknown as Record<TagFacet, string[]>;

let counter = 0;

/** A profile's document with nothing picked, a new id each time, and the given fields. */
export const testDocument = (
  overrides: Partial<Omit<SearchDocument, 'tags'>> & { tags?: Partial<Record<TagFacet, string[]>> } = {},
): SearchDocument => ({
  id: (++counter).toString(16).padStart(24, '0'),
  kind: 'teammate',
  ownerId: 'f'.repeat(24),
  createdAt: '2026-01-01T00:00:00.000Z',
  text: 'Someone',
  toolLevels: {},
  numbers: {},
  workingTypeRemote: false,
  workingTypeOffice: false,
  ...overrides,
  tags: { ...emptyTags(), ...overrides.tags },
});

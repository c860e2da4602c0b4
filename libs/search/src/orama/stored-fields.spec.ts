import { TAG_FACETS, type SearchDocument, type TagFacet } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { StoredFields } from './stored-fields';
import { VectorIndex } from './vector-index';

const doc = (id: string, vector?: number[]): SearchDocument => ({
  id,
  kind: 'teammate',
  ownerId: `owner-${id}`,
  createdAt: '2026-01-02T03:04:05.000Z',
  text: `text of ${id}`,
  tags: {
    ...(Object.fromEntries(TAG_FACETS.map((facet) => [facet, []])) as unknown as Record<TagFacet, string[]>),
    tools: ['React', 'Figma'],
    locations: ['Germany'],
  },
  toolLevels: { React: 3, Figma: 1 },
  numbers: { availability: 20, durationMonths: undefined },
  workingTypeRemote: true,
  workingTypeOffice: false,
  lastActiveAt: '2026-01-03T00:00:00.000Z',
  ...(vector && { vector, vectorModel: 'model-a' }),
});

const stored = (fields: StoredFields, vectors: VectorIndex, source: SearchDocument) => {
  vectors.set(source.id, source.vector);
  fields.put(source, vectors);
  return fields.document(source.id, source.text, vectors);
};

describe('StoredFields', () => {
  it('gives back the whole document, its 32-bit vector read from the vector index', () => {
    const fields = new StoredFields();
    const vectors = new VectorIndex();
    const source = doc('a', [0.5, -0.25, Math.fround(0.1)]);
    expect(stored(fields, vectors, source)).toEqual(source);
  });

  it('keeps vectors the 32-bit rows cannot give back exactly, and zero vectors, as given', () => {
    const fields = new StoredFields();
    const vectors = new VectorIndex();
    const precise = doc('b', [0.1, 0.2, 0.3]);
    const zero = doc('c', [0, 0, 0]);
    expect(stored(fields, vectors, precise)?.vector).toEqual([0.1, 0.2, 0.3]);
    expect(stored(fields, vectors, zero)?.vector).toEqual([0, 0, 0]);
    expect(vectors.vectorOf('c')).toBeUndefined();
  });

  it('hands out copies that callers may change, and forgets deleted documents', () => {
    const fields = new StoredFields();
    const vectors = new VectorIndex();
    const source = doc('d', [1, 2]);
    const first = stored(fields, vectors, source) as SearchDocument;
    first.tags.tools.push('Vue');
    first.toolLevels.React = 5;
    first.numbers.availability = 40;
    (first.vector as number[])[0] = 9;
    source.tags.locations.push('France');
    expect(fields.document('d', source.text, vectors)).toEqual({
      ...source,
      tags: { ...source.tags, locations: ['Germany'] },
    });
    fields.delete('d');
    expect(fields.document('d', source.text, vectors)).toBeUndefined();
    expect(fields.size).toBe(0);
  });
});

import { labelsOf, TAG_FACETS, type SearchDocument, type TagFacet } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { copySections, sectionReader } from './binary-sections';
import { StoredFields } from './stored-fields';
import { VectorIndex } from '../indexes/vector-index';

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

let nextSlot = 0;
const slots = new Map<string, number>();
const slotOf = (id: string): number => {
  if (!slots.has(id)) slots.set(id, nextSlot++);
  return slots.get(id) as number;
};

const stored = (fields: StoredFields, vectors: VectorIndex, source: SearchDocument) => {
  vectors.set(source.id, source.vector);
  fields.put(source, slotOf(source.id), vectors);
  return fields.document(slotOf(source.id), source.id, source.text, vectors);
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

  it("gives back a document's labels alone, as copies, and none for a slot without a document", () => {
    const fields = new StoredFields();
    const vectors = new VectorIndex();
    const source = { ...doc('l'), workingTypeRemote: false, workingTypeOffice: true };
    stored(fields, vectors, source);
    const labels = fields.labels(slotOf('l'));
    expect(labels).toEqual(labelsOf(source));
    labels?.tags.tools.push('Vue');
    expect(fields.labels(slotOf('l'))?.tags.tools).toEqual(['React', 'Figma']);
    fields.delete(slotOf('l'));
    expect(fields.labels(slotOf('l'))).toBeUndefined();
    expect(fields.labels(10_000)).toBeUndefined();
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
    expect(fields.document(slotOf('d'), 'd', source.text, vectors)).toEqual({
      ...source,
      tags: { ...source.tags, locations: ['Germany'] },
    });
    fields.delete(slotOf('d'));
    expect(fields.document(slotOf('d'), 'd', source.text, vectors)).toBeUndefined();
    expect(fields.size).toBe(0);
  });

  it('keep odd values: times toISOString does not give back, deadlines, exact vectors, projects', () => {
    const fields = new StoredFields();
    const vectors = new VectorIndex();
    const odd = {
      ...doc('e', [0.1, 0.2]),
      createdAt: '2026-01-02T03:04:05Z',
      openUntil: 'not a date',
      kind: 'project' as const,
      numbers: { deadline: '2030-01-01', bizRole: 0, techRole: 100 },
      workingTypeOffice: true,
    };
    delete odd.lastActiveAt;
    expect(stored(fields, vectors, odd)).toEqual(odd);
  });

  it('load what their binary sections saved and keep working after more writes', () => {
    const fields = new StoredFields();
    const vectors = new VectorIndex();
    const docs = Array.from({ length: 1500 }, (_, n) => ({
      ...doc(`s${n}`, n % 3 ? [Math.fround(n / 7), 1] : n % 2 ? [0.1, n] : undefined),
      createdAt: n % 5 ? new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString() : `2026-01-0${(n % 9) + 1}`,
      numbers: n % 4 ? { availability: n % 40, durationMonths: n % 12 } : { deadline: `2031-01-${n % 28}` },
      toolLevels: { [`tool ${n % 13}`]: n % 6 },
      ...(n % 7 === 0 && { openUntil: '2027-05-06T07:08:09.000Z', lastActiveAt: undefined }),
    }));
    for (const source of docs) stored(fields, vectors, source);
    for (const source of docs.slice(0, 200)) fields.delete(slotOf(source.id));
    const live = docs.slice(200);
    const restored = StoredFields.fromSections(sectionReader(copySections(fields.toSections())));
    const expectAlike = (kept: SearchDocument[]) => {
      expect(restored.size).toBe(kept.length);
      for (const source of kept)
        expect(restored.document(slotOf(source.id), source.id, source.text, vectors)).toEqual(source);
      const without = kept.filter((source) => source.vectorModel !== 'model-a').length;
      expect(without).toBeGreaterThan(0);
      expect(restored.countWithoutModel('model-a')).toBe(without);
    };
    expectAlike(live);
    for (const source of docs.slice(0, 200))
      expect(restored.document(slotOf(source.id), source.id, '', vectors)).toBeUndefined();
    expect(fields.countWithoutModel('model-a')).toBe(restored.countWithoutModel('model-a'));

    // Freed slots take new documents; new ones grow the columns past the saved capacity.
    const added = Array.from({ length: 1000 }, (_, n) => doc(`t${n}`, [n, 2]));
    for (const source of added) {
      vectors.set(source.id, source.vector);
      restored.put(source, slotOf(source.id), vectors);
    }
    for (const source of live.slice(0, 100)) restored.delete(slotOf(source.id));
    expectAlike([...live.slice(100), ...added]);
  });
});

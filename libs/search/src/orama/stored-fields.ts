import { type SearchDocument, TAG_FACETS, type TagFacet } from '@skillers/domain';
import type { VectorIndex } from './vector-index';

/** What the index keeps of a document beside Orama's text: everything but the text and the vector. */
type Fields = Omit<SearchDocument, 'text' | 'vector'>;

/**
 * The documents' fields outside Orama, compactly: each distinct tag, tool and model string is kept once
 * (a million profiles repeat a few thousand options), and the vector is not kept here at all but read back
 * from the vector index's 32-bit rows. Only a vector those rows cannot give back exactly (values that are
 * not 32-bit floats, or a zero vector the vector index leaves out) is kept beside, as given.
 */
export class StoredFields {
  private readonly fields = new Map<string, Fields>();
  private readonly exactVectors = new Map<string, number[]>();
  private readonly strings = new Map<string, string>();

  get size(): number {
    return this.fields.size;
  }

  /** Copies the document's fields; `vectors` must already hold its vector. */
  put(doc: SearchDocument, vectors: VectorIndex): void {
    const tags = {} as Record<TagFacet, string[]>;
    for (const facet of TAG_FACETS) tags[facet] = doc.tags[facet].map(this.intern);
    const toolLevels: Record<string, number> = {};
    for (const [tool, level] of Object.entries(doc.toolLevels)) toolLevels[this.intern(tool)] = level;
    const fields: Fields = {
      id: doc.id,
      kind: doc.kind,
      ownerId: doc.ownerId,
      createdAt: doc.createdAt,
      tags,
      toolLevels,
      numbers: { ...doc.numbers },
      workingTypeRemote: doc.workingTypeRemote,
      workingTypeOffice: doc.workingTypeOffice,
    };
    if (doc.lastActiveAt !== undefined) fields.lastActiveAt = doc.lastActiveAt;
    if (doc.openUntil !== undefined) fields.openUntil = doc.openUntil;
    if (doc.vectorModel !== undefined) fields.vectorModel = this.intern(doc.vectorModel);
    this.fields.set(doc.id, fields);
    this.exactVectors.delete(doc.id);
    if (doc.vector && !sameValues(doc.vector, vectors.vectorOf(doc.id)))
      this.exactVectors.set(doc.id, [...doc.vector]);
  }

  delete(id: string): void {
    this.fields.delete(id);
    this.exactVectors.delete(id);
  }

  /** A new, complete copy of the document, or undefined when none is kept under the id. */
  document(id: string, text: string, vectors: VectorIndex): SearchDocument | undefined {
    const fields = this.fields.get(id);
    if (!fields) return undefined;
    const doc: SearchDocument = {
      ...fields,
      text,
      tags: Object.fromEntries(TAG_FACETS.map((facet) => [facet, [...fields.tags[facet]]])) as Record<
        TagFacet,
        string[]
      >,
      toolLevels: { ...fields.toolLevels },
      numbers: { ...fields.numbers },
    };
    const vector = this.exactVectors.get(id) ?? vectors.vectorOf(id);
    if (vector) doc.vector = [...vector];
    return doc;
  }

  private readonly intern = (value: string): string => {
    const known = this.strings.get(value);
    if (known !== undefined) return known;
    this.strings.set(value, value);
    return value;
  };
}

const sameValues = (a: readonly number[], b: readonly number[] | undefined): boolean =>
  b !== undefined && a.length === b.length && a.every((value, index) => Object.is(value, b[index]));

import { type SearchDocument, TAG_FACETS, type TagFacet } from '@skillers/domain';
import type { VectorIndex } from './vector-index';

/**
 * What the index keeps of a document beside Orama's text, but for its tags and tool levels, which are in
 * `codes`: per tag facet (in `TAG_FACETS` order) the number of options then their string numbers, then the
 * number of tools and a string number and level per tool.
 */
type Fields = Omit<SearchDocument, 'text' | 'vector' | 'tags' | 'toolLevels'> & { codes: number[] };

/**
 * The documents' fields outside Orama, compactly: each distinct tag, tool and model string is kept once
 * and a document's tags and tool levels are one array of small integers (a million profiles repeat a few
 * thousand options; objects and arrays per facet cost more than the options themselves). The vector is
 * not kept here at all but read back from the vector index's 32-bit rows; only a vector those rows cannot
 * give back exactly (values that are not 32-bit floats, or a zero vector the vector index leaves out) is
 * kept beside, as given.
 */
export class StoredFields {
  private readonly fields = new Map<string, Fields>();
  private readonly exactVectors = new Map<string, number[]>();
  private readonly strings: string[] = [];
  private readonly stringIds = new Map<string, number>();

  get size(): number {
    return this.fields.size;
  }

  /** Copies the document's fields; `vectors` must already hold its vector. */
  put(doc: SearchDocument, vectors: VectorIndex): void {
    const codes: number[] = [];
    for (const facet of TAG_FACETS) {
      const options = doc.tags[facet];
      codes.push(options.length);
      for (const option of options) codes.push(this.stringId(option));
    }
    const tools = Object.entries(doc.toolLevels);
    codes.push(tools.length);
    for (const [tool, level] of tools) codes.push(this.stringId(tool), level);
    const fields: Fields = {
      id: doc.id,
      kind: doc.kind,
      ownerId: doc.ownerId,
      createdAt: doc.createdAt,
      codes,
      numbers: { ...doc.numbers },
      workingTypeRemote: doc.workingTypeRemote,
      workingTypeOffice: doc.workingTypeOffice,
    };
    if (doc.lastActiveAt !== undefined) fields.lastActiveAt = doc.lastActiveAt;
    if (doc.openUntil !== undefined) fields.openUntil = doc.openUntil;
    if (doc.vectorModel !== undefined) fields.vectorModel = this.strings[this.stringId(doc.vectorModel)];
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
    const stored = this.fields.get(id);
    if (!stored) return undefined;
    const { codes, ...fields } = stored;
    const tags = {} as Record<TagFacet, string[]>;
    let at = 0;
    for (const facet of TAG_FACETS) {
      const end = at + 1 + codes[at];
      tags[facet] = codes.slice(at + 1, end).map((code) => this.strings[code]);
      at = end;
    }
    const toolLevels: Record<string, number> = {};
    const toolsEnd = at + 1 + 2 * codes[at];
    for (at++; at < toolsEnd; at += 2) toolLevels[this.strings[codes[at]]] = codes[at + 1];
    const doc: SearchDocument = { ...fields, text, tags, toolLevels, numbers: { ...fields.numbers } };
    const vector = this.exactVectors.get(id) ?? vectors.vectorOf(id);
    if (vector) doc.vector = [...vector];
    return doc;
  }

  private stringId(value: string): number {
    let id = this.stringIds.get(value);
    if (id === undefined) {
      id = this.strings.length;
      this.strings.push(value);
      this.stringIds.set(value, id);
    }
    return id;
  }
}

const sameValues = (a: readonly number[], b: readonly number[] | undefined): boolean =>
  b !== undefined && a.length === b.length && a.every((value, index) => Object.is(value, b[index]));

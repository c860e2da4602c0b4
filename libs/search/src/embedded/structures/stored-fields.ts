import type { DocumentLabels, SearchDocument, SearchNumbers } from '@skillers/domain';
import {
  arrayOf,
  arrayOfLength,
  arraySection,
  builtSection,
  jsonOf,
  jsonSection,
  prefixed,
  readerUnder,
  type SectionReader,
  type SectionSource,
  stringsOf,
  stringsSection,
} from './binary-sections';
import { decodeLabels, encodeLabels } from './label-codes';
import { SavedStrings } from './saved-strings';
import { SlotBlocks } from './slot-blocks';
import type { VectorIndex } from '../indexes/vector-index';

/** The numbers kept as 64-bit floats; `deadline` is a string and kept as one. */
const NUMBER_COLUMNS = ['availability', 'bizRole', 'techRole', 'durationMonths'] as const;
/** The timestamps kept as milliseconds when `toISOString` gives them back exactly, else as strings. */
const TIME_COLUMNS = ['createdAt', 'lastActiveAt', 'openUntil'] as const;
type TimeColumn = (typeof TIME_COLUMNS)[number];

// Per-slot flags.
const PRESENT = 1;
const REMOTE = 2;
const OFFICE = 4;

const INITIAL_CAPACITY = 1024;

/** A time as milliseconds when they give back the same string, else NaN (the string is then kept aside). */
const canonicalMs = (value: string): number => {
  const ms = Date.parse(value);
  return Number.isFinite(ms) && new Date(ms).toISOString() === value ? ms : NaN;
};

/** Slots and strings of a sparse string column, as two sections. */
const mapSections = (name: string, map: ReadonlyMap<number, string>): SectionSource[] => [
  builtSection(`${name}.slots`, 4 * map.size, () => Int32Array.from(map.keys())),
  stringsSection(`${name}.values`, [...map.values()]),
];

const mapOf = (name: string, section: SectionReader): Map<number, string> => {
  const values = stringsOf(section(`${name}.values`));
  const slots = arrayOfLength(Int32Array, section(`${name}.slots`), values.length, name);
  return new Map(values.map((value, at) => [slots[at], value]));
};

/**
 * The documents' fields outside the text index, in columns by facet slot: typed arrays for flags, numbers,
 * times (as milliseconds) and string numbers; a document's tags and tool levels as one run of small integers
 * in `SlotBlocks` (`encodeLabels`). Each distinct tag, tool, kind and model string is kept once. Objects per document (or per facet) cost more than the values they hold at a million.
 *
 * The vector is not kept here at all but read back from the vector index's 32-bit rows; only a vector those
 * rows cannot give back exactly (values that are not 32-bit floats, or a zero vector the vector index
 * leaves out) is kept beside, as given.
 */
export class StoredFields {
  private capacity = 0;
  private count = 0;
  private flags = new Uint8Array(0);
  /** String numbers of each slot's kind and vector model (-1: none). */
  private kinds = new Int32Array(0);
  private models = new Int32Array(0);
  /** Each slot's owner id: a loaded snapshot's are decoded when first read (`SavedStrings`). */
  private ownerStrings = new SavedStrings();
  /** Per time column, the milliseconds by slot (NaN: absent, or kept in `oddTimes`). */
  private times = TIME_COLUMNS.map(() => new Float64Array(0));
  private oddTimes = TIME_COLUMNS.map(() => new Map<number, string>());
  /** Per number column, the value by slot; `numberFlags` bit n says whether column n has one. */
  private numbers = NUMBER_COLUMNS.map(() => new Float64Array(0));
  private numberFlags = new Uint8Array(0);
  /** The document's version by slot (NaN: none). */
  private versions = new Float64Array(0);
  /** A profile's wanted hours per week by slot (from NaN: none; to NaN: no upper bound). */
  private wantedFrom = new Float64Array(0);
  private wantedTo = new Float64Array(0);
  private deadlines = new Map<number, string>();
  private codes = new SlotBlocks();
  private exactVectors = new Map<number, number[]>();
  private strings: string[] = [];
  private stringIds = new Map<string, number>();

  /** Each slot's owner id, every one decoded (for a write or a save). */
  private get owners(): string[] {
    return this.ownerStrings.list;
  }

  get size(): number {
    return this.count;
  }

  /** Makes room for slots below `slots` at once, where growing as they arrive would copy every column. */
  reserve(slots: number): void {
    if (slots > this.capacity) this.grow(slots);
  }

  /** Copies the document's fields into the slot; `vectors` must already hold its vector. */
  put(doc: SearchDocument, slot: number, vectors: VectorIndex): void {
    this.delete(slot);
    if (slot >= this.capacity) this.grow(Math.max(INITIAL_CAPACITY, 2 * this.capacity, slot + 1));
    this.codes.set(
      slot,
      encodeLabels(doc, (value) => this.stringId(value)),
    );
    this.flags[slot] = PRESENT | (doc.workingTypeRemote ? REMOTE : 0) | (doc.workingTypeOffice ? OFFICE : 0);
    this.kinds[slot] = this.stringId(doc.kind);
    this.models[slot] = doc.vectorModel === undefined ? -1 : this.stringId(doc.vectorModel);
    this.owners[slot] = doc.ownerId;
    TIME_COLUMNS.forEach((column, at) => {
      const value = doc[column];
      this.times[at][slot] = value === undefined ? NaN : canonicalMs(value);
      if (value !== undefined && Number.isNaN(this.times[at][slot])) this.oddTimes[at].set(slot, value);
    });
    let numberFlags = 0;
    NUMBER_COLUMNS.forEach((column, at) => {
      const value = doc.numbers[column];
      if (value === undefined) return;
      this.numbers[at][slot] = value;
      numberFlags |= 1 << at;
    });
    this.numberFlags[slot] = numberFlags;
    this.versions[slot] = doc.version ?? NaN;
    this.wantedFrom[slot] = doc.wantedHours?.from ?? NaN;
    this.wantedTo[slot] = doc.wantedHours?.to ?? NaN;
    if (doc.numbers.deadline !== undefined) this.deadlines.set(slot, doc.numbers.deadline);
    if (doc.vector && !sameValues(doc.vector, vectors.vectorOf(doc.id)))
      this.exactVectors.set(slot, [...doc.vector]);
    this.count++;
  }

  delete(slot: number): void {
    if (slot >= this.capacity || !(this.flags[slot] & PRESENT)) return;
    this.flags[slot] = 0;
    this.codes.remove(slot);
    this.owners[slot] = '';
    for (const odd of this.oddTimes) odd.delete(slot);
    this.deadlines.delete(slot);
    this.exactVectors.delete(slot);
    this.count--;
  }

  /**
   * A new copy of the slot's document, or undefined when the slot holds none; complete with its vector when
   * `vectors` is given.
   */
  document(slot: number, id: string, text: string, vectors?: VectorIndex): SearchDocument | undefined {
    const labels = this.labels(slot);
    if (!labels) return undefined;
    const numbers: SearchNumbers = {};
    NUMBER_COLUMNS.forEach((column, n) => {
      if (this.numberFlags[slot] & (1 << n)) numbers[column] = this.numbers[n][slot];
    });
    const deadline = this.deadlines.get(slot);
    if (deadline !== undefined) numbers.deadline = deadline;
    const doc: SearchDocument = {
      id,
      kind: this.strings[this.kinds[slot]] as SearchDocument['kind'],
      ownerId: this.ownerStrings.at(slot),
      createdAt: this.time(slot, 'createdAt') ?? '',
      text,
      tags: labels.tags,
      toolLevels: labels.toolLevels,
      numbers,
      workingTypeRemote: labels.workingTypeRemote,
      workingTypeOffice: labels.workingTypeOffice,
    };
    const lastActiveAt = this.time(slot, 'lastActiveAt');
    if (lastActiveAt !== undefined) doc.lastActiveAt = lastActiveAt;
    const openUntil = this.time(slot, 'openUntil');
    if (openUntil !== undefined) doc.openUntil = openUntil;
    const vector = vectors && (this.exactVectors.get(slot) ?? vectors.vectorOf(id));
    if (vector) doc.vector = [...vector];
    if (this.models[slot] >= 0) doc.vectorModel = this.strings[this.models[slot]];
    const version = this.version(slot);
    if (version !== undefined) doc.version = version;
    const wantedHours = this.wantedHours(slot);
    if (wantedHours) doc.wantedHours = wantedHours;
    return doc;
  }

  /** A new copy of the slot's document's labels, or undefined when the slot holds none. */
  labels(slot: number): DocumentLabels | undefined {
    if (slot >= this.capacity || !(this.flags[slot] & PRESENT)) return undefined;
    const { tags, toolLevels } = decodeLabels(this.codes.data, this.codes.offsets[slot], this.strings);
    return {
      tags,
      toolLevels,
      workingTypeRemote: (this.flags[slot] & REMOTE) !== 0,
      workingTypeOffice: (this.flags[slot] & OFFICE) !== 0,
    };
  }

  /** The hours per week the slot's profile asks for, if any. */
  wantedHours(slot: number): { from: number; to?: number } | undefined {
    const from = this.wantedFrom[slot];
    if (Number.isNaN(from)) return undefined;
    const to = this.wantedTo[slot];
    return Number.isNaN(to) ? { from } : { from, to };
  }

  /**
   * Whether the slot's profile asks for hours per week (`wantedHours`), and whether `hours` lie within them:
   * read in place, for scoring many slots in a row.
   */
  asksHours(slot: number): boolean {
    return !Number.isNaN(this.wantedFrom[slot]);
  }

  hoursWithinWanted(slot: number, hours: number): boolean {
    const to = this.wantedTo[slot];
    return hours >= this.wantedFrom[slot] && (Number.isNaN(to) || hours <= to);
  }

  ownerOf(slot: number): string {
    return this.ownerStrings.at(slot);
  }

  /** Whether the slot's record takes remote work, and office work. */
  remote(slot: number): boolean {
    return (this.flags[slot] & REMOTE) !== 0;
  }

  office(slot: number): boolean {
    return (this.flags[slot] & OFFICE) !== 0;
  }

  /** The slot's hours per week (`numbers.availability`), NaN when it has none. */
  availability(slot: number): number {
    return this.numberFlags[slot] & 1 ? this.numbers[0][slot] : NaN;
  }

  /** The number that stands for `value` in the slot codes, or -1 when no document holds it. */
  stringCode(value: string): number {
    return this.stringIds.get(value) ?? -1;
  }

  /** How many strings have numbers: every code is below it. */
  get stringCount(): number {
    return this.strings.length;
  }

  /**
   * Every slot's codes, valid until the next write: from `codeStart(slot)`, the run `encodeLabels` writes.
   */
  get codeData(): Int32Array {
    return this.codes.data;
  }

  codeStart(slot: number): number {
    return this.codes.offsets[slot];
  }

  /** The version of the slot's document, or undefined when it has none (or the slot holds none). */
  version(slot: number): number | undefined {
    if (slot >= this.capacity || !(this.flags[slot] & PRESENT)) return undefined;
    const version = this.versions[slot];
    return Number.isNaN(version) ? undefined : version;
  }

  /** How many documents were not embedded by this model (no vector, or another model's). */
  countWithoutModel(modelId: string): number {
    const model = this.stringIds.get(modelId) ?? -2;
    let without = 0;
    for (let slot = 0; slot < this.capacity; slot++)
      if (this.flags[slot] & PRESENT && this.models[slot] !== model) without++;
    return without;
  }

  /** The columns as binary sections, the few odd values (non-canonical times, exact vectors) beside them. */
  toSections(): SectionSource[] {
    const exact = [...this.exactVectors.values()];
    const exactValues = exact.reduce((sum, vector) => sum + vector.length, 0);
    return [
      jsonSection('settings', { capacity: this.capacity, count: this.count }),
      stringsSection('strings', this.strings),
      arraySection('flags', this.flags),
      arraySection('kinds', this.kinds),
      arraySection('models', this.models),
      stringsSection(
        'owners',
        Array.from(this.owners, (owner) => owner ?? ''),
      ),
      ...TIME_COLUMNS.flatMap((column, at) => [
        arraySection(`time.${column}`, this.times[at]),
        ...mapSections(`odd-time.${column}`, this.oddTimes[at]),
      ]),
      ...NUMBER_COLUMNS.map((column, at) => arraySection(`number.${column}`, this.numbers[at])),
      arraySection('number-flags', this.numberFlags),
      arraySection('versions', this.versions),
      arraySection('wanted-hours.from', this.wantedFrom),
      arraySection('wanted-hours.to', this.wantedTo),
      ...mapSections('deadline', this.deadlines),
      ...prefixed('codes', this.codes.toSections()),
      builtSection('exact-vector.slots', 4 * exact.length, () => Int32Array.from(this.exactVectors.keys())),
      builtSection('exact-vector.lengths', 4 * exact.length, () =>
        Int32Array.from(exact, (vector) => vector.length),
      ),
      builtSection('exact-vector.values', 8 * exactValues, () => Float64Array.from(exact.flat())),
    ];
  }

  /** The fields `toSections` saved, their columns wrapped (not copied) where aligned. */
  static fromSections(section: SectionReader): StoredFields {
    const fields = new StoredFields();
    const { capacity, count } = jsonOf<{ capacity: number; count: number }>(section('settings'));
    fields.capacity = capacity;
    fields.count = count;
    fields.strings = stringsOf(section('strings'));
    fields.strings.forEach((value, id) => fields.stringIds.set(value, id));
    fields.flags = arrayOfLength(Uint8Array, section('flags'), capacity, 'flags');
    fields.kinds = arrayOfLength(Int32Array, section('kinds'), capacity, 'kinds');
    fields.models = arrayOfLength(Int32Array, section('models'), capacity, 'models');
    fields.ownerStrings = new SavedStrings(section('owners'));
    TIME_COLUMNS.forEach((column, at) => {
      fields.times[at] = arrayOfLength(Float64Array, section(`time.${column}`), capacity, column);
      fields.oddTimes[at] = mapOf(`odd-time.${column}`, section);
    });
    NUMBER_COLUMNS.forEach((column, at) => {
      fields.numbers[at] = arrayOfLength(Float64Array, section(`number.${column}`), capacity, column);
    });
    fields.numberFlags = arrayOfLength(Uint8Array, section('number-flags'), capacity, 'number flags');
    fields.versions = arrayOfLength(Float64Array, section('versions'), capacity, 'versions');
    fields.wantedFrom = arrayOfLength(Float64Array, section('wanted-hours.from'), capacity, 'wanted hours');
    fields.wantedTo = arrayOfLength(Float64Array, section('wanted-hours.to'), capacity, 'wanted hours');
    fields.deadlines = mapOf('deadline', section);
    fields.codes = SlotBlocks.fromSections(readerUnder('codes', section));
    if (fields.codes.offsets.length !== capacity) throw new Error('codes of another capacity');
    const slots = arrayOf(Int32Array, section('exact-vector.slots'));
    const lengths = arrayOfLength(Int32Array, section('exact-vector.lengths'), slots.length, 'vectors');
    const values = arrayOf(Float64Array, section('exact-vector.values'));
    let at = 0;
    slots.forEach((slot, n) => {
      fields.exactVectors.set(slot, Array.from(values.subarray(at, at + lengths[n])));
      at += lengths[n];
    });
    let present = 0;
    for (const flag of fields.flags) if (flag & PRESENT) present++;
    if (present !== count || fields.ownerStrings.count !== capacity)
      throw new Error('stored fields disagree');
    return fields;
  }

  private time(slot: number, column: TimeColumn): string | undefined {
    const at = TIME_COLUMNS.indexOf(column);
    const ms = this.times[at][slot];
    return Number.isNaN(ms) ? this.oddTimes[at].get(slot) : new Date(ms).toISOString();
  }

  private grow(capacity: number): void {
    const grown = <T extends Uint8Array | Int32Array | Float64Array>(
      values: T,
      make: (n: number) => T,
    ): T => {
      const copy = make(capacity);
      copy.set(values);
      return copy;
    };
    this.flags = grown(this.flags, (n) => new Uint8Array(n));
    this.kinds = grown(this.kinds, (n) => new Int32Array(n));
    this.models = grown(this.models, (n) => new Int32Array(n));
    this.times = this.times.map((column) => grown(column, (n) => new Float64Array(n)));
    this.numbers = this.numbers.map((column) => grown(column, (n) => new Float64Array(n)));
    this.numberFlags = grown(this.numberFlags, (n) => new Uint8Array(n));
    this.versions = grown(this.versions, (n) => new Float64Array(n));
    this.wantedFrom = grown(this.wantedFrom, (n) => new Float64Array(n));
    this.wantedTo = grown(this.wantedTo, (n) => new Float64Array(n));
    for (let slot = this.capacity; slot < capacity; slot++) this.owners[slot] = '';
    this.codes.grow(capacity);
    this.capacity = capacity;
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

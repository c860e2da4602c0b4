import type { SearchDocument } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { fitVector, sameVectorSpace, type VectorSpace, vectorSpaceKey, withoutVector } from '../vector-space';
import {
  generationIndexName,
  indexBuiltFor,
  INITIAL_TAG,
  recordedVectorSpace,
  vectorSpaceMeta,
} from './index-naming';

const MINILM: VectorSpace = { model: 'Xenova/all-MiniLM-L6-v2', dims: 384 };
const STATIC: VectorSpace = { model: 'skillers/static-wordpiece-100d', dims: 100 };
const ALIAS = 'skillers-project';

/** What Elasticsearch accepts as an index name, from its documentation. */
const validIndexName = (name: string): boolean =>
  name === name.toLowerCase() &&
  !/[\\/*?"<>| ,#:]/.test(name) &&
  !/^[-_+]/.test(name) &&
  Buffer.byteLength(name) <= 255;

const doc = (extra: Partial<SearchDocument> = {}): SearchDocument => ({
  id: '0123456789abcdef01234567',
  kind: 'project',
  ownerId: '0123456789abcdef01234568',
  createdAt: '2030-01-01T00:00:00.000Z',
  text: 'Organic farming app',
  tags: {} as SearchDocument['tags'],
  toolLevels: {},
  numbers: {},
  workingTypeRemote: false,
  workingTypeOffice: false,
  ...extra,
});

describe('vector space keys', () => {
  it('are stable, readable and carry the dimension', () => {
    const key = vectorSpaceKey(MINILM);
    expect(key).toMatch(/^xenova-all-minilm-l6-v2-384d-[0-9a-f]{8}$/);
    expect(vectorSpaceKey({ ...MINILM })).toBe(key);
    expect(vectorSpaceKey(STATIC)).toMatch(/^skillers-static-wordpiece-100d-100d-[0-9a-f]{8}$/);
  });

  it('differ for another model, another dimension, or ids that slug alike', () => {
    const keys = [
      MINILM,
      { ...MINILM, dims: 768 },
      STATIC,
      { model: 'Org/Model', dims: 384 },
      { model: 'org-model', dims: 384 },
      { model: 'org/model', dims: 384 },
    ].map(vectorSpaceKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('stay short and valid in index names, whatever the model id', () => {
    const odd = { model: `  ___/${'Ünïcode Model*?"<>|,#:'.repeat(20)}`, dims: 4096 };
    for (const space of [MINILM, STATIC, odd, { model: '///', dims: 1 }]) {
      const name = generationIndexName(ALIAS, space, 'lz3k9a-x1y2z3');
      expect(validIndexName(name), name).toBe(true);
      expect(vectorSpaceKey(space).length).toBeLessThanOrEqual(40 + 6 + 9);
    }
  });

  it('refuse a vector space that cannot exist', () => {
    expect(() => vectorSpaceKey({ model: ' ', dims: 384 })).toThrow('needs a model id');
    expect(() => vectorSpaceKey({ model: 'm', dims: 0 })).toThrow('from 1 to 4096');
    expect(() => vectorSpaceKey({ model: 'm', dims: 4097 })).toThrow('from 1 to 4096');
    expect(() => vectorSpaceKey({ model: 'm', dims: 1.5 })).toThrow('whole number');
  });
});

describe('generation index names', () => {
  it('put the vector space key between the alias and the tag', () => {
    const name = generationIndexName(ALIAS, MINILM, INITIAL_TAG);
    expect(name).toBe(`${ALIAS}-${vectorSpaceKey(MINILM)}-initial`);
    expect(indexBuiltFor(name, ALIAS, MINILM)).toBe(true);
    expect(indexBuiltFor(name, ALIAS, STATIC)).toBe(false);
    expect(indexBuiltFor(name, ALIAS, { ...MINILM, dims: 768 })).toBe(false);
    expect(indexBuiltFor(name, 'skillers-teammate', MINILM)).toBe(false);
  });

  it('keep the former form for an index not keyed by a model', () => {
    expect(generationIndexName(ALIAS, undefined, 'abc')).toBe(`${ALIAS}-abc`);
  });

  it('tell the model from the mapping only when the name agrees', () => {
    const name = generationIndexName(ALIAS, MINILM, 'abc');
    expect(recordedVectorSpace(name, ALIAS, vectorSpaceMeta(MINILM))).toEqual(MINILM);
    // Indices made before keying: no `_meta`, or a name without the key.
    expect(recordedVectorSpace(`${ALIAS}-initial`, ALIAS, undefined)).toBeUndefined();
    expect(recordedVectorSpace(`${ALIAS}-initial`, ALIAS, vectorSpaceMeta(MINILM))).toBeUndefined();
    // A `_meta` that disagrees with the name, or is malformed.
    expect(recordedVectorSpace(name, ALIAS, vectorSpaceMeta(STATIC))).toBeUndefined();
    expect(
      recordedVectorSpace(name, ALIAS, { vectorModel: MINILM.model, vectorDims: '384' }),
    ).toBeUndefined();
    expect(recordedVectorSpace(name, ALIAS, { vectorModel: MINILM.model, vectorDims: -1 })).toBeUndefined();
  });
});

describe('vectors written into a generation', () => {
  const vector = (length: number) => Array.from({ length }, (_, i) => i + 1);

  it('keep a vector of the generation’s model and length', () => {
    const fits = doc({ vector: vector(384), vectorModel: MINILM.model });
    expect(fitVector(fits, MINILM)).toBe(fits);
  });

  it('leave out a vector of another model or length, with its model', () => {
    for (const other of [
      doc({ vector: vector(100), vectorModel: STATIC.model }),
      doc({ vector: vector(100), vectorModel: MINILM.model }),
      doc({ vector: vector(384) }),
      doc({ vectorModel: MINILM.model }),
    ]) {
      const fitted = fitVector(other, MINILM);
      expect(fitted).not.toHaveProperty('vector');
      expect(fitted).not.toHaveProperty('vectorModel');
      expect(fitted).toEqual(doc());
    }
  });

  it('are written as they come into an index not keyed by a model', () => {
    const any = doc({ vector: vector(3), vectorModel: 'test-model' });
    expect(fitVector(any, undefined)).toBe(any);
    expect(withoutVector(any)).toEqual(doc());
  });

  it('compare vector spaces by model and length, and an unknown one with none', () => {
    expect(sameVectorSpace(MINILM, { ...MINILM })).toBe(true);
    expect(sameVectorSpace(MINILM, { ...MINILM, dims: 768 })).toBe(false);
    expect(sameVectorSpace(MINILM, undefined)).toBe(false);
    expect(sameVectorSpace(undefined, undefined)).toBe(false);
  });
});

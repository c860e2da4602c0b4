import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from '../index';

/** The parts of a zod schema's definition the walk reads. */
interface Definition {
  type: string;
  /** Set on format schemas such as z.iso.date(), which check themselves. */
  format?: string;
  pattern?: RegExp;
  checks?: { _zod: { def: { check: string; format?: string; pattern?: RegExp } } }[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  innerType?: z.ZodType;
  getter?: () => z.ZodType;
}

const definition = (schema: z.ZodType): Definition =>
  (schema as unknown as { _zod: { def: Definition } })._zod.def;

/** A regular expression that cannot match more than a fixed number of characters. */
const boundedPattern = (pattern: RegExp): boolean => !/[*+]|\{\d+,\}/.test(pattern.source);

const formatIsBounded = (format: string, pattern: RegExp | undefined): boolean =>
  format !== 'regex' || (pattern !== undefined && boundedPattern(pattern));

const stringIsBounded = (def: Definition): boolean =>
  (def.format !== undefined && formatIsBounded(def.format, def.pattern)) ||
  (def.checks ?? []).some(({ _zod: { def: check } }) => {
    if (check.check === 'max_length' || check.check === 'length_equals') return true;
    return check.check === 'string_format' && formatIsBounded(check.format ?? 'regex', check.pattern);
  });

/** Every string and list a request schema accepts, by path, that has no upper bound. */
const unbounded = (schema: z.ZodType, path: string, found: string[]): string[] => {
  const def = definition(schema);
  switch (def.type) {
    case 'string':
      if (!stringIsBounded(def)) found.push(path);
      break;
    case 'array':
      if (!(def.checks ?? []).some(({ _zod }) => _zod.def.check === 'max_length')) found.push(`${path}[]`);
      unbounded(def.element!, `${path}[]`, found);
      break;
    case 'record':
    case 'map':
    case 'set':
    case 'any':
    case 'unknown':
      found.push(`${path} (${def.type})`);
      break;
    case 'object':
      for (const [key, field] of Object.entries(def.shape ?? {})) unbounded(field, `${path}.${key}`, found);
      if (def.catchall && definition(def.catchall).type !== 'never')
        unbounded(def.catchall, `${path}.*`, found);
      break;
    case 'union':
      for (const option of def.options ?? []) unbounded(option, path, found);
      break;
    case 'pipe':
      // What a bounded input turns into is bounded too; after a preprocess step, the output schema is the check.
      unbounded(definition(def.in!).type === 'transform' ? def.out! : def.in!, path, found);
      break;
    case 'lazy':
      unbounded(def.getter!(), path, found);
      break;
    default:
      if (def.innerType) unbounded(def.innerType, path, found);
  }
  return found;
};

const requestSchemas: [string, z.ZodType][] = Object.entries(domain as Record<string, unknown>).flatMap(
  ([name, value]) => (value instanceof z.ZodType ? [[name, value] as [string, z.ZodType]] : []),
);

describe('request schemas', () => {
  it('are all found', () => {
    const names = requestSchemas.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        'signupSchema',
        'filteringRequestSchema',
        'projectCreateSchema',
        'chatEventSchema',
      ]),
    );
  });

  it.each(requestSchemas)('%s caps every string and list it accepts', (name, schema) => {
    expect(unbounded(schema, name, [])).toEqual([]);
  });

  it('the walk notices a missing cap', () => {
    const loose = z.strictObject({
      tags: z.array(z.string().max(5)),
      note: z.string().trim(),
      extra: z.record(z.string(), z.number()),
    });
    expect(unbounded(loose, 'loose', [])).toEqual(['loose.tags[]', 'loose.note', 'loose.extra (record)']);
    expect(unbounded(z.string().regex(/^a+$/), 'pattern', [])).toEqual(['pattern']);
    expect(unbounded(z.string().regex(/^[a-f\d]{24}$/), 'id', [])).toEqual([]);
  });
});

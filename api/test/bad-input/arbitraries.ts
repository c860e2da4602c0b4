import { OBJECT_ID_PATTERN } from '@skillers/domain';
import fc from 'fast-check';
import { parse as parseQuery } from 'node:querystring';
import type { z } from 'zod';

/** Characters that break naive handling: controls, NUL, lone surrogates, direction marks, emoji, CJK. */
const awkwardUnit: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  fc.constantFrom(
    '\u0000',
    '\u007f',
    '\u202e',
    '\u200b',
    '\ufeff',
    '\ufffd',
    '\u2028',
    '😀',
    '👩‍💻',
    '漢',
    'é',
    'e\u0301',
    '"',
    '\\',
    '$',
    '{',
    '<',
    '%',
    "'",
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
);

/** Short strings full of awkward characters. */
export const awkwardString = (maxLength = 40): fc.Arbitrary<string> =>
  fc.string({ unit: awkwardUnit, minLength: 1, maxLength });

/** 100 000 to 250 000 characters, a repeated awkward seed, sliced anywhere (surrogate pairs may split). */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.oneof(awkwardString(8), fc.constant('a')), fc.integer({ min: 100_000, max: 250_000 }))
  .map(([seed, length]) => seed.repeat(Math.ceil(length / seed.length)).slice(0, length));

/** Query injection operators, as a document store would read them. */
export const operatorObject: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.constantFrom<Record<string, unknown>>(
    { $gt: '' },
    { $ne: null },
    { $where: 'sleep(5000) || true' },
    { $where: 'function () { while (true) {} }' },
    { $regex: '.*' },
    { $regex: '^(a+)+$', $options: 'si' },
    { $in: ['', null, 0] },
    { $exists: true },
    { $or: [{}, { a: 1 }] },
    { $expr: { $gt: ['$a', 0] } },
    { $function: { body: 'return true', args: [], lang: 'js' } },
    JSON.parse('{"__proto__": {"isAdmin": true}}') as Record<string, unknown>,
    { constructor: { prototype: { isAdmin: true } } },
  ),
  fc
    .tuple(fc.constantFrom('$gt', '$gte', '$lt', '$ne', '$nin', '$where', '$elemMatch'), fc.jsonValue())
    .map(([operator, value]) => ({ [operator]: value })),
);

const deeplyNested: fc.Arbitrary<unknown> = fc.integer({ min: 50, max: 2_000 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
});

const longArray = (item: fc.Arbitrary<unknown>): fc.Arbitrary<unknown[]> =>
  fc
    .tuple(item, fc.integer({ min: 101, max: 5_000 }))
    .map(([value, length]) => Array.from({ length }, () => value));

/** A value of some other type or shape than a field expects. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 1e308, -1e308, '', ' ', [], {}),
    weight: 3,
  },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: awkwardString(), weight: 3 },
  { arbitrary: operatorObject, weight: 4 },
  { arbitrary: hugeString, weight: 1 },
  { arbitrary: longArray(fc.oneof(fc.string({ maxLength: 5 }), operatorObject, fc.integer())), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: fc.array(awkwardString(), { maxLength: 5 }), weight: 1 },
  { arbitrary: deeplyNested, weight: 1 },
);

/** Wrong values small enough for one socket.io packet (the gateway's limit is 16 KB). */
export const smallWrongValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 1e308, '', ' ', [], {}), weight: 3 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: awkwardString(), weight: 3 },
  { arbitrary: operatorObject, weight: 4 },
  { arbitrary: fc.integer({ min: 2_001, max: 3_000 }).map((length) => 'x'.repeat(length)), weight: 1 },
  {
    arbitrary: fc
      .tuple(fc.string({ maxLength: 3 }), fc.integer({ min: 101, max: 300 }))
      .map(([item, length]) => Array.from({ length }, () => item)),
    weight: 1,
  },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 2 },
  {
    arbitrary: fc
      .integer({ min: 20, max: 200 })
      .map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth))),
    weight: 1,
  },
);

/** Field names that could reach a prototype or a query builder, or that the API owns (`_id`, `ownerId`). */
export const extraKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    '$where',
    '$gt',
    '_id',
    'ownerId',
    'id',
    'createdAt',
    'isAdmin',
    '',
    ' ',
    'a.b',
    'a[b]',
  ),
  awkwardString(20),
  fc.string({ maxLength: 30 }),
);

type Path = (string | number)[];

/**
 * Every path into a JSON value (object keys and array indexes), the root included, in depth-first order.
 * A walk with its own stack rather than recursion: mutations nest deep values into each other and grow
 * long lists, past what the call stack (or a call's arguments) can hold.
 */
const pathsOf = (root: unknown): Path[] => {
  const paths: Path[] = [];
  const pending: { value: unknown; path: Path }[] = [{ value: root, path: [] }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    paths.push(path);
    const children: [string | number, unknown][] = Array.isArray(value)
      ? value.map((item, index) => [index, item])
      : value !== null && typeof value === 'object'
        ? Object.entries(value)
        : [];
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const [step, item] = children[index];
      pending.push({ value: item, path: [...path, step] });
    }
  }
  return paths;
};

/** Sets an own, enumerable property, even one named `__proto__`, so JSON.stringify sends it. */
const defineOwn = (target: Record<string, unknown>, key: string, value: unknown): void => {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
};

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Bodies stay within a few times the API's 3 MB limit: big enough to be refused, small enough to build. */
const BODY_BUILD_LIMIT = 8 * 1024 * 1024;

/** A copy of the body as JSON would carry it; none when it is too big to build or nested too deep to write. */
const copyWithin = (value: unknown): unknown => {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    // Stacked deep values can nest past what JSON.stringify's recursion allows: such a body cannot be sent.
    return undefined;
  }
  return text === undefined || text.length > BODY_BUILD_LIMIT ? undefined : JSON.parse(text);
};

type Mutation =
  | { kind: 'drop'; at: number }
  | { kind: 'replace'; at: number; value: unknown }
  | { kind: 'extra'; at: number; key: string; value: unknown }
  | { kind: 'whole'; value: unknown };

const mutationOf = (values: fc.Arbitrary<unknown>): fc.Arbitrary<Mutation> =>
  fc.oneof(
    { arbitrary: fc.nat().map((at): Mutation => ({ kind: 'drop', at })), weight: 2 },
    {
      arbitrary: fc.record({ at: fc.nat(), value: values }).map((m): Mutation => ({ kind: 'replace', ...m })),
      weight: 6,
    },
    {
      arbitrary: fc
        .record({ at: fc.nat(), key: extraKey, value: values })
        .map((m): Mutation => ({ kind: 'extra', ...m })),
      weight: 3,
    },
    { arbitrary: values.map((value): Mutation => ({ kind: 'whole', value })), weight: 1 },
  );

const applyMutation = (root: unknown, change: Mutation): unknown => {
  if (change.kind === 'whole') return change.value;
  const paths = pathsOf(root);
  const path = paths[change.at % paths.length];
  if (path.length === 0) {
    if (change.kind === 'replace') return change.value;
    if (change.kind === 'drop') return undefined;
  }
  const parentPath = change.kind === 'extra' ? path : path.slice(0, -1);
  let parent: unknown = root;
  for (const step of parentPath) parent = (parent as Record<string | number, unknown>)[step];
  if (change.kind === 'extra') {
    if (parent !== null && typeof parent === 'object' && !Array.isArray(parent)) {
      defineOwn(parent as Record<string, unknown>, change.key, change.value);
    } else if (Array.isArray(parent)) parent.push(change.value);
    return root;
  }
  const last = path[path.length - 1];
  if (Array.isArray(parent) && typeof last === 'number') {
    if (change.kind === 'drop') parent.splice(last, 1);
    else parent[last] = change.value;
  } else if (parent !== null && typeof parent === 'object') {
    if (change.kind === 'drop') delete (parent as Record<string, unknown>)[last];
    else defineOwn(parent as Record<string, unknown>, String(last), change.value);
  }
  return root;
};

/** What the server holds after parsing the JSON text (NaN becomes null, undefined members vanish). */
export const asSent = (value: unknown): unknown => {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : JSON.parse(text);
};

/** True when the schema refuses the value, or throws on it (a throw is a fault the server must survive). */
export const refusedBy = (schema: z.ZodType, value: unknown): boolean => {
  try {
    return !schema.safeParse(value).success;
  } catch {
    return true;
  }
};

/**
 * A valid example changed by one to three mutations (a field dropped, given a wrong type, an operator
 * object, a huge string or a long list; an extra field; the whole body replaced), kept only when the
 * API's own schema refuses what the server would parse.
 */
export const mutatedBody = (
  valid: unknown,
  schema: z.ZodType,
  values: fc.Arbitrary<unknown> = wrongValue,
): fc.Arbitrary<unknown> =>
  fc
    .array(mutationOf(values), { minLength: 1, maxLength: 3 })
    .map((changes) =>
      changes.reduce<unknown>(
        // A copy after each change, so a long list never repeats one object that a later change grows.
        (body, change) => (body === undefined ? body : copyWithin(applyMutation(body, change))),
        clone(valid),
      ),
    )
    .filter((body) => body !== undefined && refusedBy(schema, asSent(body)));

/** Text that is not a JSON object or array: cut short, JavaScript-ish, or not JSON at all. */
export const invalidJsonText = (validText: string): fc.Arbitrary<string | Buffer> =>
  fc
    .oneof(
      fc.integer({ min: 1, max: Math.max(1, validText.length - 1) }).map((end) => validText.slice(0, end)),
      fc.constantFrom(
        '{',
        '}',
        '{"a":1,}',
        "{'a': 1}",
        '{a: 1}',
        '{"a": NaN}',
        '{"a": Infinity}',
        '{"a": undefined}',
        '{"a": 01}',
        '{"a": 1} trailing',
        '{"a": "\u0001"}',
        '{"a": "\\x41"}',
        '{"a": "\\u12"}',
        '/* comment */ {}',
        '[1, 2,]',
        'null',
        'true',
        '0',
        '"text"',
        'a=1&b=2',
        '<xml/>',
        '\u0000',
        ' ',
      ),
      fc.constant(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0xff, 0xfe, 0x7d])),
      fc.tuple(fc.constantFrom('', '{', '['), awkwardString(60)).map(([lead, text]) => lead + text),
    )
    .filter((text) => {
      try {
        // The body parser drops a leading byte-order mark and reads an empty body as no body.
        const read = text.toString().replace(/^\uFEFF/, '');
        if (read === '') return false;
        const parsed: unknown = JSON.parse(read);
        // A top-level primitive parses, but the API's strict JSON parser refuses it.
        return parsed === null || typeof parsed !== 'object';
      } catch {
        return true;
      }
    });

/** Percent-encodes every byte outside the unreserved set; a lone surrogate goes as U+FFFD. */
export const encodePart = (value: string): string =>
  [...Buffer.from(value, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

const hexString = (length: number, digits = '0123456789abcdef'): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...digits), minLength: length, maxLength: length });

/** Strings that are not 24 lower-case hex characters, though many look close. */
export const malformedId: fc.Arbitrary<string> = fc
  .oneof(
    fc
      .integer({ min: 1, max: 48 })
      .filter((length) => length !== 24)
      .chain((length) => hexString(length)),
    hexString(24, '0123456789ABCDEF'),
    fc
      .tuple(hexString(23), fc.constantFrom('g', 'z', 'G', ' ', '\u0000', '-', '.', 'é', '😀'))
      .map(([hex, odd]) => hex + odd),
    hexString(24).map((hex) => ` ${hex}`),
    hexString(24).map((hex) => `${hex}\n`),
    hexString(24).map((hex) => `ObjectId("${hex}")`),
    fc.uuid(),
    fc.constantFrom(
      '{"$gt":""}',
      '[object Object]',
      'null',
      'undefined',
      'NaN',
      '-1',
      '0',
      '..',
      '.',
      '../../etc/passwd',
      "' OR '1'='1",
      '1; DROP TABLE users',
      '__proto__',
      'constructor',
      '$where',
      'found',
      'editTeammate',
      'a/b',
      '%',
    ),
    awkwardString(30),
    fc.integer({ min: 1_000, max: 6_000 }).map((length) => 'f'.repeat(length)),
  )
  .filter((id) => id.length > 0 && !OBJECT_ID_PATTERN.test(id));

/** Well-formed ids that name nothing: no stored id starts with "ffff" (it would be a far-future timestamp). */
export const absentId: fc.Arbitrary<string> = hexString(20).map((hex) => `ffff${hex}`);

/** A raw query string, read the way the API's query parser reads it. */
export const queryRefusedBy = (schemas: z.ZodType[], query: string): boolean =>
  schemas.some((schema) => refusedBy(schema, { ...parseQuery(query) }));

/** `page` values outside the whole numbers 1 to 1 000 000, or sent twice. */
export const badPageValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    'abc',
    '',
    '1e3',
    '0x10',
    '١',
    '１',
    '99999999',
    '1000001',
    ' 1',
    '+1',
    'Infinity',
    'NaN',
    'null',
    '[]',
    '{"$gt":""}',
    '1\u0000',
  ),
  awkwardString(20),
  fc.integer({ min: 1_000, max: 3_000 }).map((length) => '9'.repeat(length)),
);

import type { FieldCondition, Filter, FindOptions, Scalar } from '../record-store.port';

const FIELD_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** Field names are code, not input, but they are spliced into SQL, so they are checked anyway. */
export const jsonPath = (field: string): string => {
  if (!FIELD_PATTERN.test(field)) throw new Error(`Invalid field name: ${field}`);
  return `$.${field}`;
};

/** Indexes are built on this exact expression, so queries must use it verbatim to hit them. */
export const fieldExpression = (field: string): string => `json_extract(doc, '${jsonPath(field)}')`;

/** The id is the table's key column; every other field is read from the JSON document. */
export const columnFor = (field: string): string => (field === '_id' ? 'id' : fieldExpression(field));

/** SQLite's JSON functions cannot take booleans as parameters; they compare as 1 and 0. */
const bindable = (value: Scalar): string | number | null =>
  typeof value === 'boolean' ? Number(value) : value;

const isOperator = (condition: FieldCondition): condition is Exclude<FieldCondition, Scalar> =>
  typeof condition === 'object' && condition !== null;

export interface SqlFragment {
  sql: string;
  params: (string | number | null)[];
}

export const whereClause = (filter: Filter): SqlFragment => {
  const parts: string[] = [];
  const params: (string | number | null)[] = [];
  for (const [field, condition] of Object.entries(filter)) {
    const column = columnFor(field);
    if (!isOperator(condition)) {
      if (condition === null) parts.push(`${column} IS NULL`);
      else {
        parts.push(`${column} = ?`);
        params.push(bindable(condition));
      }
    } else if ('$in' in condition) {
      if (condition.$in.length === 0) parts.push('0');
      else {
        parts.push(`${column} IN (${condition.$in.map(() => '?').join(', ')})`);
        params.push(...condition.$in.map(bindable));
      }
    } else if ('$lt' in condition) {
      parts.push(`${column} < ?`);
      params.push(condition.$lt);
    } else if ('$gt' in condition) {
      parts.push(`${column} > ?`);
      params.push(condition.$gt);
    } else {
      parts.push(`EXISTS (SELECT 1 FROM json_each(doc, '${jsonPath(field)}') WHERE value = ?)`);
      params.push(bindable(condition.$contains));
    }
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
};

export const orderAndPage = (options: FindOptions = {}): SqlFragment => {
  const order = (options.sort ?? [])
    .map(({ field, direction }) => `${columnFor(field)} ${direction === 'desc' ? 'DESC' : 'ASC'}`)
    .join(', ');
  const params: number[] = [];
  let sql = order ? `ORDER BY ${order}` : '';
  if (options.limit !== undefined || options.skip !== undefined) {
    sql += ' LIMIT ? OFFSET ?';
    params.push(options.limit ?? -1, options.skip ?? 0);
  }
  return { sql, params };
};

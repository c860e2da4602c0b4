// DuckDB (in memory) as a peer of the embedded search index's filtering: one row per profile, each option
// list a SMALLINT[] column of option codes, tools coded as tool * 8 + level; a query is one SQL statement with
// `list_has_any` (min_1_match) or `list_has_all` (all_match) per option filter and the product's ranking in
// ORDER BY: the rarity-weighted sum of picked options present (the fused score without free text or vector
// is that sum over a constant), then newest, then the greater id; the total by `count(*) OVER ()`.
import { createRequire } from 'node:module';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';

const require = createRequire(import.meta.url);
const { TAG_FACETS, activeNumberRanges, activeOptionGroups, createdAtMs } = require('@skillers/domain');

const LIST_FACETS = TAG_FACETS.filter((facet) => facet !== 'tools');
const TOOL_LEVELS = 8;
const MAX_TOOL_LEVEL = 5;
const NUMBER_COLUMNS = {
  availability: 'availability',
  durationMonths: 'duration_months',
  bizRole: 'biz_role',
};

/** Option label → code, one map per facet; the tools' codes also name the tool. */
class OptionCodes {
  constructor() {
    this.maps = new Map();
  }

  code(facet, label) {
    let map = this.maps.get(facet);
    if (!map) this.maps.set(facet, (map = new Map()));
    if (!map.has(label)) map.set(label, map.size);
    return map.get(label);
  }

  /** The code of a label no record carries is -1, which no list holds. */
  known(facet, label) {
    return this.maps.get(facet)?.get(label) ?? -1;
  }
}

const column = (facet) => `"${facet}"`;

/** The SQL condition that one picked option of a group is present, and the group's whole condition. */
const groupSql = (group, codes, allMatch) => {
  if (group.type === 'tag') {
    const col = column(group.facet);
    const list = group.options.map((label) => codes.known(group.facet, label)).join(', ');
    const presence = group.options.map((label) => `list_has(${col}, ${codes.known(group.facet, label)})`);
    return { presence, condition: `${allMatch ? 'list_has_all' : 'list_has_any'}(${col}, [${list}])` };
  }
  if (group.type === 'tool') {
    const levels = ({ tool, level }) => {
      const code = codes.known('tools', tool);
      if (code < 0) return [-1];
      const list = [];
      for (let at = level; at <= MAX_TOOL_LEVEL; at++) list.push(code * TOOL_LEVELS + at);
      return list;
    };
    const presence = group.options.map((pick) => `list_has_any(tools, [${levels(pick).join(', ')}])`);
    const condition = allMatch
      ? presence.join(' AND ')
      : `list_has_any(tools, [${group.options.flatMap(levels).join(', ')}])`;
    return { presence, condition: `(${condition})` };
  }
  const presence = group.options.map((type) => (type === 'Remote' ? 'remote' : 'office'));
  return { presence, condition: `(${presence.join(allMatch ? ' AND ' : ' OR ')})` };
};

const rangeSql = (range) => {
  const col = NUMBER_COLUMNS[range.field];
  const low = `${col} ${range.minInclusive ? '>=' : '>'} ${range.min}`;
  return Number.isFinite(range.max) ? `(${low} AND ${col} <= ${range.max})` : low;
};

/** The statement for one query; `weights` are the picked options' weights (`optionStatistics`). */
export const duckdbFilterSql = (query, weights, codes) => {
  const allMatch = query.restriction === 'all_match';
  const conditions = [];
  const terms = [];
  activeOptionGroups(query).forEach((group, at) => {
    const { presence, condition } = groupSql(group, codes, allMatch);
    conditions.push(condition);
    presence.forEach((present, index) =>
      terms.push(`CASE WHEN ${present} THEN ${weights[at][index]} ELSE 0 END`),
    );
  });
  for (const range of activeNumberRanges(query)) conditions.push(rangeSql(range));
  // Without picked options every match weighs 0 (and a bare 0 would name a column).
  const order = [...(terms.length > 0 ? [`${terms.join(' + ')} DESC`] : []), 'created DESC', 'id DESC'];
  const offset = (query.page - 1) * query.pageSize;
  return (
    `SELECT id, count(*) OVER () AS total FROM profiles` +
    (conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '') +
    ` ORDER BY ${order.join(', ')} LIMIT ${query.pageSize} OFFSET ${offset}`
  );
};

/** One profile as a JSON line whose keys are the table's columns. */
const row = (doc, codes) =>
  JSON.stringify({
    id: doc.id,
    created: createdAtMs(doc),
    tools: Object.entries(doc.toolLevels).map(
      ([tool, level]) => codes.code('tools', tool) * TOOL_LEVELS + level,
    ),
    ...Object.fromEntries(
      LIST_FACETS.map((facet) => [facet, doc.tags[facet].map((label) => codes.code(facet, label))]),
    ),
    remote: doc.workingTypeRemote,
    office: doc.workingTypeOffice,
    availability: doc.numbers.availability ?? null,
    duration_months: doc.numbers.durationMonths ?? null,
    biz_role: doc.numbers.bizRole,
  });

const COLUMNS = {
  id: 'VARCHAR',
  created: 'BIGINT',
  tools: 'SMALLINT[]',
  ...Object.fromEntries(LIST_FACETS.map((facet) => [facet, 'SMALLINT[]'])),
  remote: 'BOOLEAN',
  office: 'BOOLEAN',
  availability: 'SMALLINT',
  duration_months: 'SMALLINT',
  biz_role: 'SMALLINT',
};

/**
 * Loads the profiles (`batches(use)` hands them over in batches) into a new in-memory database through a temporary newline-delimited JSON file
 * (`read_json`): appending list values row by row through the client's appender held about 14 KB of native
 * memory per profile. `threads` caps DuckDB's worker threads.
 */
export const createDuckdbFilterPeer = async (batches, { threads = 1 } = {}) => {
  const codes = new OptionCodes();
  const folder = mkdtempSync(join(tmpdir(), 'skillers-bench-duckdb-'));
  const file = join(folder, 'profiles.ndjson');
  const instance = await DuckDBInstance.create(':memory:', { threads: String(threads) });
  const connection = await instance.connect();
  try {
    const fd = openSync(file, 'w');
    await batches((docs) => {
      writeSync(fd, `${docs.map((doc) => row(doc, codes)).join('\n')}\n`);
    });
    closeSync(fd);
    const columns = Object.entries(COLUMNS)
      .map(([name, type]) => `${name}: '${type}'`)
      .join(', ');
    await connection.run(
      `CREATE TABLE profiles AS SELECT * FROM read_json('${file}', format = 'newline_delimited', columns = {${columns}})`,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return {
    /** The page of ids and the total, as `referenceSearch` gives them. */
    search: async (query, weights) => {
      const reader = await connection.runAndReadAll(duckdbFilterSql(query, weights, codes));
      const rows = reader.getRows();
      return { ids: rows.map((row) => row[0]), total: rows.length > 0 ? Number(rows[0][1]) : 0 };
    },
    close: () => {
      connection.closeSync();
      instance.closeSync();
    },
  };
};

// Grades records for the judged home-search queries (home-queries.json) from each query's rules alone:
// 2 = the record has all that was asked (`full`), 1 = only the main ask (`main`), 0 = not relevant. The rules
// were written with the demo corpus in view, never the ranking, so any corpus the demo generator makes can be
// graded the same way.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { VOCABULARIES } = require('@skillers/domain');

export const QUERY_TAGS = [
  'typo',
  'paraphrase',
  'negation',
  'synonym',
  'place',
  'over-constrained',
  'everyday',
];

/** The record fields a `tags` rule may name, with the vocabulary their labels come from. */
const TAG_FIELDS = {
  toolsExperience: 'tool',
  hardSkills: 'role',
  softSkills: 'softSkill',
  areaOfExpertise: 'industry',
  productType: 'productType',
  projectType: 'projectType',
  offeredGratification: 'reward',
  forGratification: 'compensationBasis',
  usedLanguages: 'language',
  locations: 'country',
};

const labelsOf = (record, field) =>
  field === 'toolsExperience'
    ? (record.toolsExperience ?? []).map((entry) => entry.tool)
    : [record[field] ?? []].flat();

const proseOf = (record) =>
  [record.projectName, record.nickname, record.description, record.projectGoal].filter(Boolean).join('\n');

/** The problems of one rule's form and labels, each prefixed with where it sits. */
const ruleProblems = (rule, where) => {
  const keys = Object.keys(rule ?? {});
  if (keys.length !== 1) return [`${where}: a rule has exactly one key, got ${keys.join(',') || 'none'}`];
  const [key] = keys;
  const value = rule[key];
  switch (key) {
    case 'all':
    case 'any':
      return Array.isArray(value) && value.length > 0
        ? value.flatMap((child, at) => ruleProblems(child, `${where}.${key}[${at}]`))
        : [`${where}.${key}: a non-empty list`];
    case 'not':
      return ruleProblems(value, `${where}.not`);
    case 'tags': {
      const vocabulary = TAG_FIELDS[value?.field];
      if (!vocabulary) return [`${where}.tags: unknown field ${value?.field}`];
      if (!Array.isArray(value.any) || value.any.length === 0) return [`${where}.tags: needs any: [labels]`];
      return value.any
        .filter((label) => !VOCABULARIES[vocabulary].includes(label))
        .map((label) => `${where}.tags: "${label}" is not a ${vocabulary} label`);
    }
    case 'tool':
      return [
        ...(VOCABULARIES.tool.includes(value?.name) ? [] : [`${where}.tool: "${value?.name}" is not a tool`]),
        ...(Number.isInteger(value?.minLevel) ? [] : [`${where}.tool: needs minLevel`]),
      ];
    case 'remote':
    case 'office':
      return typeof value === 'boolean' ? [] : [`${where}.${key}: true or false`];
    case 'availability':
    case 'months':
      return value?.min === undefined && value?.max === undefined ? [`${where}.${key}: min and/or max`] : [];
    case 'text':
      try {
        new RegExp(value, 'i');
        return [];
      } catch (error) {
        return [`${where}.text: ${error.message}`];
      }
    default:
      return [`${where}: unknown rule ${key}`];
  }
};

/** Whether one record satisfies a rule. */
export const holds = (rule, record) => {
  const [[key, value]] = Object.entries(rule);
  switch (key) {
    case 'all':
      return value.every((child) => holds(child, record));
    case 'any':
      return value.some((child) => holds(child, record));
    case 'not':
      return !holds(value, record);
    case 'tags': {
      const labels = labelsOf(record, value.field);
      return value.any.some((label) => labels.includes(label));
    }
    case 'tool':
      return (record.toolsExperience ?? []).some(
        (entry) => entry.tool === value.name && (entry.mep ?? 0) >= value.minLevel,
      );
    case 'remote':
      return Boolean(record.workingTypeRemote) === value;
    case 'office':
      return Boolean(record.workingTypeOffice) === value;
    case 'availability': {
      const hours = Number(record.availability ?? 0);
      return hours > 0 && hours >= (value.min ?? 0) && hours <= (value.max ?? Infinity);
    }
    case 'months': {
      // A skiller profile's `deadline` is the collaboration length in months.
      const months = typeof record.deadline === 'number' ? record.deadline : 0;
      return months >= (value.min ?? 0) && months <= (value.max ?? Infinity);
    }
    case 'text':
      return new RegExp(value, 'i').test(proseOf(record));
    default:
      throw new Error(`unknown rule ${key}`);
  }
};

/** The grade of one record for one query. */
export const grade = (query, record) => (holds(query.full, record) ? 2 : holds(query.main, record) ? 1 : 0);

/** The records of the query's kind with a grade above 0, by id. */
export const judge = (query, recordsByKind) => {
  const grades = new Map();
  for (const record of recordsByKind[query.kind]) {
    const value = grade(query, record);
    if (value > 0) grades.set(record._id, value);
  }
  return grades;
};

/** Everything wrong with the query file against this corpus: form, labels, empty or over-broad answers. */
export const checkQueries = (queries, recordsByKind) => {
  const problems = [];
  const ids = new Set();
  const texts = new Map();
  for (const query of queries) {
    const where = `query ${query.id}`;
    if (ids.has(query.id)) problems.push(`${where}: id used twice`);
    ids.add(query.id);
    if (!recordsByKind[query.kind]) problems.push(`${where}: kind must be project or teammate`);
    if (typeof query.text !== 'string' || query.text.trim() === '') problems.push(`${where}: no text`);
    if (!['test', 'tuning'].includes(query.split)) problems.push(`${where}: split must be test or tuning`);
    if (
      !Array.isArray(query.tags) ||
      query.tags.length === 0 ||
      query.tags.some((tag) => !QUERY_TAGS.includes(tag))
    )
      problems.push(`${where}: tags from ${QUERY_TAGS.join(', ')}`);
    const ruleIssues = [
      ...ruleProblems(query.main, `${where} main`),
      ...ruleProblems(query.full, `${where} full`),
    ];
    problems.push(...ruleIssues);
    const seen = texts.get(query.text);
    if (seen && seen.split !== query.split)
      problems.push(`${where}: same text as ${seen.id} in the other split`);
    texts.set(query.text, query);
    if (
      ruleIssues.length === 0 &&
      recordsByKind[query.kind] &&
      ![...judge(query, recordsByKind).values()].includes(2)
    )
      problems.push(`${where}: no record gets grade 2`);
  }
  return problems;
};

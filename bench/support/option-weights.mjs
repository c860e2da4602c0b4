// How many records carry each option, counted once while loading, so that a peer of the search index can weigh
// a query's picked options (`optionWeight`, an IDF) without scanning the records per query, as the index reads
// its posting sizes. Every record here is of the queries' kind.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { TAG_FACETS, activeOptionGroups, optionWeight } = require('@skillers/domain');

const MAX_TOOL_LEVEL = 5;

export const createOptionStatistics = () => {
  let records = 0;
  const tags = Object.fromEntries(TAG_FACETS.map((facet) => [facet, new Map()]));
  /** Per tool, how many records have it at each level exactly. */
  const toolLevels = new Map();
  const working = { Remote: 0, Office: 0 };
  const addOne = (doc) => {
    records++;
    for (const facet of TAG_FACETS) {
      for (const label of new Set(doc.tags[facet])) tags[facet].set(label, (tags[facet].get(label) ?? 0) + 1);
    }
    for (const [tool, level] of Object.entries(doc.toolLevels)) {
      if (!toolLevels.has(tool)) toolLevels.set(tool, new Array(MAX_TOOL_LEVEL + 1).fill(0));
      toolLevels.get(tool)[level]++;
    }
    if (doc.workingTypeRemote) working.Remote++;
    if (doc.workingTypeOffice) working.Office++;
  };
  const carrying = (group, option) => {
    switch (group.type) {
      case 'tag':
        return tags[group.facet].get(option) ?? 0;
      case 'tool': {
        const counts = toolLevels.get(option.tool) ?? [];
        let sum = 0;
        for (let level = option.level; level <= MAX_TOOL_LEVEL; level++) sum += counts[level] ?? 0;
        return sum;
      }
      case 'workingType':
        return working[option];
    }
  };
  return {
    add: (docs) => docs.forEach(addOne),
    /** The weight of each picked option, in `activeOptionGroups(query)` order, as `pickedOptionWeights` gives. */
    weights: (query) =>
      activeOptionGroups(query).map((group) =>
        group.options.map((option) => optionWeight(records, carrying(group, option))),
      ),
  };
};

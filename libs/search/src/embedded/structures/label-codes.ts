import { type SearchDocument, TAG_FACETS, type TagFacet } from '@skillers/domain';

type CodedLabels = Pick<SearchDocument, 'tags' | 'toolLevels'>;

/**
 * A document's tags and tool levels as one run of small integers (`StoredFields` keeps a run per slot): per
 * tag facet, how many labels and then their string numbers; then how many tools, and each tool's string
 * number and level.
 */
export const encodeLabels = ({ tags, toolLevels }: CodedLabels, stringId: (value: string) => number) => {
  const codes: number[] = [];
  for (const facet of TAG_FACETS) {
    codes.push(tags[facet].length);
    for (const option of tags[facet]) codes.push(stringId(option));
  }
  const tools = Object.entries(toolLevels);
  codes.push(tools.length);
  for (const [tool, level] of tools) codes.push(stringId(tool), level);
  return Int32Array.from(codes);
};

/** New copies of the tags and tool levels of the run starting at `data[at]`, its numbers read in `strings`. */
export const decodeLabels = (data: Int32Array, at: number, strings: readonly string[]): CodedLabels => {
  const tags = {} as Record<TagFacet, string[]>;
  for (const facet of TAG_FACETS) {
    const end = at + 1 + data[at];
    const labels: string[] = [];
    for (at++; at < end; at++) labels.push(strings[data[at]]);
    tags[facet] = labels;
  }
  // Keyed by tool names, different in every document: a dictionary from the start, not a new shape per tool.
  const toolLevels: Record<string, number> = Object.create(null);
  const toolsEnd = at + 1 + 2 * data[at];
  for (at++; at < toolsEnd; at += 2) toolLevels[strings[data[at]]] = data[at + 1];
  return { tags, toolLevels };
};

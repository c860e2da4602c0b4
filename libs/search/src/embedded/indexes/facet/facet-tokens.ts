import {
  askedToolLevel,
  FACET_DIMENSIONS,
  type FacetDimension,
  type OptionGroup,
  type SearchDocument,
  type SearchFilter,
  TAG_FACETS,
} from '@skillers/domain';
import { askedToolToken, documentToolTokens, toolLevelToken } from '../../../tool-level-tokens';
import type { PostingSet } from '../../structures/posting-set';

// One namespace per filter, separated by a character labels never contain, so equal labels of
// different filters never share a posting list.
export const tagToken = (facet: string, option: string): string => `tag\u0000${facet}\u0000${option}`;
const toolToken = (levelToken: string): string => `tool\u0000${levelToken}`;
/** The token of the records holding `tool` at `level` or above. */
export const toolAtLevelToken = (tool: string, level: number): string =>
  toolToken(toolLevelToken(tool, level));
export const workingTypeToken = (type: string): string => `work\u0000${type}`;

/** The level from which a tool counts as a facet label (a tool in a filter asks for level 1 at least). */
const TOOL_LABEL_LEVEL = 1;

/** A token and, when it stands for a facet label, that label. */
export interface DocumentToken {
  token: string;
  label?: { dimension: FacetDimension; label: string };
}

export const documentTokens = (doc: SearchDocument): DocumentToken[] => {
  const tokens = new Map<string, DocumentToken>();
  const add = (token: string, label?: DocumentToken['label']) => tokens.set(token, { token, label });
  for (const facet of TAG_FACETS) {
    // Tool names are counted through their levels below.
    const dimension = facet === 'tools' ? undefined : facet;
    for (const option of doc.tags[facet]) {
      add(tagToken(facet, option), dimension && { dimension, label: option });
    }
  }
  for (const token of documentToolTokens(doc.toolLevels)) add(toolToken(token));
  for (const tool of Object.keys(doc.toolLevels)) {
    const token = toolToken(toolLevelToken(tool, TOOL_LABEL_LEVEL));
    if (tokens.has(token)) add(token, { dimension: 'tools', label: tool });
  }
  if (doc.workingTypeRemote) add(workingTypeToken('Remote'), { dimension: 'workingType', label: 'Remote' });
  if (doc.workingTypeOffice) add(workingTypeToken('Office'), { dimension: 'workingType', label: 'Office' });
  return [...tokens.values()];
};

/** The token of one label of an option filter, a tool at the level the filter asks it at. */
export const labelToken = (filter: SearchFilter, dimension: FacetDimension, label: string): string => {
  switch (dimension) {
    case 'tools':
      return toolToken(askedToolToken(label, askedToolLevel(filter, label)));
    case 'workingType':
      return workingTypeToken(label);
    default:
      return tagToken(dimension, label);
  }
};

export const groupTokens = (group: OptionGroup): string[] => {
  switch (group.type) {
    case 'tag':
      return group.options.map((option) => tagToken(group.facet, option));
    case 'tool':
      return group.options.map(({ tool, level }) => toolToken(askedToolToken(tool, level)));
    case 'workingType':
      return group.options.map(workingTypeToken);
  }
};

export const groupDimension = (group: OptionGroup): FacetDimension =>
  group.type === 'tag' ? group.facet : group.type === 'tool' ? 'tools' : 'workingType';

export interface Posting {
  readonly token: string;
  /** Its place in `FacetStore.postingByNumber`, by which each slot names its postings. */
  readonly number: number;
  /** The slots holding the token. */
  readonly slots: PostingSet;
  /** Set on the postings of facet labels, with the label's number in the facet tallies. */
  readonly label?: DocumentToken['label'] & { id: number };
}

export const DIMENSION_INDEX = Object.fromEntries(
  FACET_DIMENSIONS.map((dimension, at) => [dimension, at]),
) as Record<FacetDimension, number>;

/** A document's label ids behind a header of where each option filter's ids start (see `slotLabels`). */
export const groupedLabelIds = (postings: readonly Posting[]): Int32Array => {
  const byDimension = FACET_DIMENSIONS.map(() => [] as number[]);
  for (const { label } of postings) if (label) byDimension[DIMENSION_INDEX[label.dimension]].push(label.id);
  const header = FACET_DIMENSIONS.length + 1;
  const grouped = new Int32Array(header + byDimension.reduce((sum, ids) => sum + ids.length, 0));
  let next = header;
  byDimension.forEach((ids, dimension) => {
    grouped[dimension] = next;
    grouped.set(ids, next);
    next += ids.length;
  });
  grouped[FACET_DIMENSIONS.length] = next;
  return grouped;
};

import type { MatchExplanation } from '@skillers/domain';

const folded = (label: string): string => label.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The record's tools with the ones the search asked for first: the picked tools it has, then the tools the
 * free text named, then the rest in the record's order. A card cut to a few tools then shows why it came up
 * instead of hiding it inside "+3 more".
 */
export const matchedToolsFirst = (tools: readonly string[], why: MatchExplanation | undefined): string[] => {
  if (!why) return [...tools];
  const asked = new Set([...(why.matched.toolsExperience ?? []), ...(why.text ?? [])].map(folded));
  const matched = tools.filter((tool) => asked.has(folded(tool)));
  return [...matched, ...tools.filter((tool) => !asked.has(folded(tool)))];
};

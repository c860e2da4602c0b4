import type { ActiveFilters } from '@skillers/domain';

/**
 * The text `/sort` embeds: every picked label, then the free text. Records are embedded from their name,
 * description, goal and tag labels, so labels alone already land near records that carry them.
 */
export const sortQueryText = (filters: ActiveFilters, text?: string): string => {
  const tools = (filters.toolsExperience ?? []).map((pick) => (typeof pick === 'string' ? pick : pick.tool));
  const labels = [
    ...tools,
    ...(filters.projectType ?? []),
    ...(filters.productType ?? []),
    ...(filters.product_type ?? []),
    ...(filters.hardSkills ?? []),
    ...(filters.softSkills ?? []),
    ...(filters.requiredAreaOfExpertise ?? []),
    ...(filters.offeredGratification ?? []),
    ...(filters.forGratification ?? []),
    ...(filters.usedLanguages ?? []),
    ...(filters.locations ?? []),
    ...(filters.offeredWorkingType ?? []),
    ...(filters.offeredWorkingTypeActiveOptions ?? []),
  ];
  return [[...new Set(labels)].join(', '), text?.trim() ?? ''].filter(Boolean).join('. ');
};

/**
 * The text the filtering calls embed for their ranking: the picked labels and the free text, only when free
 * text was given. Without it the picked options are already exact facet evidence, so plain filtering never
 * waits for the model.
 */
export const rankingQueryText = (filters: ActiveFilters, text?: string): string | undefined =>
  text?.trim() ? sortQueryText(filters, text) : undefined;

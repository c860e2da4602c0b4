import type { ToolOption, VocabularyKey } from '@skillers/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/** Every option list, as GET /api/options serves it; the lists are never bundled into the app. */
export type OptionLists = Record<Exclude<VocabularyKey, 'tool'>, readonly string[]> & {
  tool: readonly ToolOption[];
};

export const OPTIONS_LOAD_FAILED = "We couldn't load the form's option lists. Please try again in a moment.";

/** The lists only change with a release, so one answer serves the whole visit. */
export const optionsQuery = queryOptions({
  queryKey: ['options'],
  queryFn: () => api.get<{ options: OptionLists }>('/options').then((answer) => answer.options),
  staleTime: Infinity,
});

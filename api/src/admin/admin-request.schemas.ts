import { PROPOSABLE_FILTER_TYPES, REPORT_STATUSES, SEARCH_KINDS } from '@skillers/domain';
import { z } from 'zod';

/** `POST /admin/reindex`: every kind by default, or the one named. */
export const reindexRequestSchema = z.strictObject({
  kind: z.enum(SEARCH_KINDS, { error: `kind must be one of: ${SEARCH_KINDS.join(', ')}` }).optional(),
});

export type ReindexRequest = z.infer<typeof reindexRequestSchema>;

/** `?filterType=` of the proposal list; the page is read by the shared page schema. */
export const propositionFilterSchema = z.object({
  filterType: z
    .enum(PROPOSABLE_FILTER_TYPES, {
      error: `filterType must be one of: ${PROPOSABLE_FILTER_TYPES.join(', ')}`,
    })
    .optional(),
});

export type PropositionFilter = z.infer<typeof propositionFilterSchema>;

/** `?status=` of the report queue: every report by default. */
export const reportFilterSchema = z.object({
  status: z
    .enum(REPORT_STATUSES, { error: `status must be one of: ${REPORT_STATUSES.join(', ')}` })
    .optional(),
});

export type ReportFilter = z.infer<typeof reportFilterSchema>;

/** The longest range the analytics report covers in one call: a year, leap day included. */
export const ANALYTICS_DAYS_MAX = 366;
/** Without `from`, the report covers this many days up to `to`. */
export const ANALYTICS_DAYS_DEFAULT = 30;

const MS_PER_DAY = 86_400_000;
const day = (label: string) => z.iso.date({ error: `${label} must be a date such as 2031-05-04` }).optional();

/** `?from=&to=` of the analytics report: UTC days, both included; by default the last 30 days. */
export const analyticsQuerySchema = z
  .object({ from: day('from'), to: day('to') })
  .transform(({ from, to }) => {
    const last = to ?? new Date().toISOString().slice(0, 10);
    const first =
      from ??
      new Date(Date.parse(last) - (ANALYTICS_DAYS_DEFAULT - 1) * MS_PER_DAY).toISOString().slice(0, 10);
    return { from: first, to: last };
  })
  .refine(({ from, to }) => from <= to, { error: 'from must be on or before to', path: ['from'] })
  .refine(({ from, to }) => (Date.parse(to) - Date.parse(from)) / MS_PER_DAY < ANALYTICS_DAYS_MAX, {
    error: `The range can cover at most ${ANALYTICS_DAYS_MAX} days`,
    path: ['from'],
  });

export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

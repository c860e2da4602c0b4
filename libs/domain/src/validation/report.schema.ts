import { z } from 'zod';
import {
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_KINDS,
  REPORT_TEXT_MAX_LENGTH,
  type ReportRecord,
} from '../trust';
import { objectIdSchema } from './object-id';
import { boundedText } from './text';

/** `POST /api/reports`: what is reported, why (from the fixed list), and optionally in the reporter's words. */
export const reportSchema = z.strictObject({
  targetKind: z.enum(REPORT_TARGET_KINDS, {
    error: `targetKind must be one of: ${REPORT_TARGET_KINDS.join(', ')}`,
  }),
  targetId: objectIdSchema,
  reason: z.enum(REPORT_REASONS, { error: `reason must be one of: ${REPORT_REASONS.join(', ')}` }),
  text: boundedText(REPORT_TEXT_MAX_LENGTH, 'The report text').default(''),
});

export type ReportInput = z.infer<typeof reportSchema>;

const storedReportSchema: z.ZodType<ReportRecord> = z.object({
  _id: z.string().min(1),
  reporterId: z.string(),
  targetKind: z.enum(REPORT_TARGET_KINDS),
  targetId: z.string(),
  reason: z.enum(REPORT_REASONS),
  text: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.string().optional(),
});

/** A report as stored, read back before the queue shows it. */
export const readStoredReport = (row: unknown) => storedReportSchema.safeParse(row);

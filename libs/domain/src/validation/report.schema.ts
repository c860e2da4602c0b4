import { z } from 'zod';
import { REPORT_REASONS, REPORT_TARGET_KINDS, REPORT_TEXT_MAX_LENGTH } from '../trust';
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

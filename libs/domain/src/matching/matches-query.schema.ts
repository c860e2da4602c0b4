import { z } from 'zod';
import { objectIdSchema } from '../validation/object-id';
import { pageQuerySchema } from '../validation/page.schema';

/** `?projectId=ID&page=N` of `GET /matches/teammates`: the project whose matching profiles are asked for. */
export const profileMatchesQuerySchema = pageQuerySchema.and(z.object({ projectId: objectIdSchema }));
export type ProfileMatchesQuery = z.output<typeof profileMatchesQuerySchema>;

export const HIDDEN_MATCH_MESSAGES = {
  hidden: 'Hidden from your matches',
  notFound: 'No project or skiller profile has this id',
} as const;

/** `POST /matches/hidden {id}`: a project or profile the caller no longer wants among their matches. */
export const hideMatchSchema = z.strictObject({ id: objectIdSchema });
export type HideMatch = z.output<typeof hideMatchSchema>;

/** One record one user hid from their matches, for good. */
export interface HiddenMatchRecord {
  _id: string;
  userId: string;
  recordId: string;
  hiddenAt: string;
}

import { z } from 'zod';
import { objectIdSchema } from '../validation/object-id';
import { pageQuerySchema } from '../validation/page.schema';

/** `?projectId=ID&page=N` of `GET /matches/teammates`: the project whose matching profiles are asked for. */
export const profileMatchesQuerySchema = pageQuerySchema.and(z.object({ projectId: objectIdSchema }));
export type ProfileMatchesQuery = z.output<typeof profileMatchesQuerySchema>;

import { z } from 'zod';

/** Record ids are 24 hexadecimal characters (MongoDB ObjectId form) in every store. */
export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/;

export const objectIdSchema = z.string().regex(OBJECT_ID_PATTERN, 'Malformed id');

export const isObjectId = (value: unknown): value is string =>
  typeof value === 'string' && OBJECT_ID_PATTERN.test(value);

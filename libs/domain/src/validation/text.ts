import { z } from 'zod';

/** A trimmed string with a length cap, whose messages name the field. */
export const boundedText = (max: number, label: string, requiredMessage = `${label} is required`) =>
  z.string({ error: requiredMessage }).trim().max(max, `${label} must be at most ${max} characters`);

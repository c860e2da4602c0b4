import { z } from 'zod';
import { AUTH_MESSAGES, FORM_MESSAGES } from '../messages';
import { EMAIL_PATTERN } from './email';
import { emailField } from './auth.schema';
import { boundedText, isPlainText, unsafeTextMessage } from './text';

export const PERSON_NAME_MAX_LENGTH = 80;
export const PHONE_MAX_LENGTH = 32;
export const FEEDBACK_MAX_LENGTH = 5000;
export const PROPOSITION_MAX_LENGTH = 100;

/** Settings send every field; an empty string clears an optional one. */
export const settingsSchema = z.strictObject({
  name: boundedText(PERSON_NAME_MAX_LENGTH, 'First name').optional(),
  surname: boundedText(PERSON_NAME_MAX_LENGTH, 'Last name').optional(),
  email: emailField.optional(),
  phoneNumber: boundedText(PHONE_MAX_LENGTH, 'Phone number')
    .regex(/^[+\d\s().-]*$/, 'Phone number can only contain digits, spaces and + ( ) - .')
    .optional(),
});

export const feedbackSchema = z.strictObject({
  description: z
    .string({ error: FORM_MESSAGES.feedbackRequired })
    .trim()
    .min(1, FORM_MESSAGES.feedbackRequired)
    .max(FEEDBACK_MAX_LENGTH, `Feedback must be at most ${FEEDBACK_MAX_LENGTH} characters`)
    .refine(isPlainText, unsafeTextMessage('Feedback')),
  email: z
    .string()
    .trim()
    .max(254, AUTH_MESSAGES.emailInvalid)
    .refine((email) => email === '' || EMAIL_PATTERN.test(email), AUTH_MESSAGES.emailInvalid)
    .optional(),
});

/** Filter kinds a user may propose a new option for. */
export const PROPOSABLE_FILTER_TYPES = [
  'toolsExperience',
  'projectType',
  'offeredGratification',
  'forGratification',
  'areaOfExpertise',
  'productType',
] as const;

export const propositionSchema = z.strictObject({
  proposition: z
    .string({ error: 'Please write the option you propose' })
    .trim()
    .min(1, 'Please write the option you propose')
    .max(PROPOSITION_MAX_LENGTH, `A proposal must be at most ${PROPOSITION_MAX_LENGTH} characters`)
    .refine(isPlainText, unsafeTextMessage('A proposal')),
  filterType: z.enum(PROPOSABLE_FILTER_TYPES, {
    error: `filterType must be one of: ${PROPOSABLE_FILTER_TYPES.join(', ')}`,
  }),
});

export type SettingsInput = z.infer<typeof settingsSchema>;
export type FeedbackInput = z.infer<typeof feedbackSchema>;
export type PropositionInput = z.infer<typeof propositionSchema>;

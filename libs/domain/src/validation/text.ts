import { z } from 'zod';

/**
 * Characters no text field takes: NUL and the other control characters but tab, line feed and carriage
 * return (the C0 set, DEL and the C1 set U+0080–U+009F, which no keyboard types and some terminals and
 * logs obey), and the bidirectional embeddings, overrides and isolates, which make stored text display in
 * another order than it reads ("Trojan Source"). Marks such as U+200F, which right-to-left text needs,
 * stay allowed.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** True when the text holds none of the characters above. */
export const isPlainText = (text: string): boolean => !UNSAFE_CHARACTERS.test(text);

export const unsafeTextMessage = (label: string) =>
  `${label} cannot contain control characters or text-direction overrides`;

/** A trimmed string with a length cap, whose messages name the field. */
export const boundedText = (max: number, label: string, requiredMessage = `${label} is required`) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isPlainText, unsafeTextMessage(label));

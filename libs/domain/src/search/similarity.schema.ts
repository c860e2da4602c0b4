import { z } from 'zod';
import { isPlainText, unsafeTextMessage } from '../validation/text';
import { activeFiltersSchema } from './active-filters.schema';
import { SEARCH_KINDS } from './search-document';

export const SIMILARITY_TEXT_MAX_LENGTH = 2000;
export const SORT_LIMIT_DEFAULT = 20;
export const SORT_LIMIT_MAX = 100;
export const LABELS_PER_KEY_DEFAULT = 2;
export const LABELS_PER_KEY_MAX = 10;
/** The embedder service embeds at most this many texts per call. */
export const EMBED_TEXTS_MAX = 256;

const similarityText = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(SIMILARITY_TEXT_MAX_LENGTH, `${label} must be at most ${SIMILARITY_TEXT_MAX_LENGTH} characters`)
    .refine(isPlainText, unsafeTextMessage(label));

/** Body of POST /sort: rank records by similarity to the picked labels and the free text. */
export const sortRequestSchema = z.strictObject({
  type: z.enum(SEARCH_KINDS, { error: 'Type must be project or teammate' }),
  filter: activeFiltersSchema.default({}),
  text: similarityText('Text').optional(),
  limit: z
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(SORT_LIMIT_MAX, `Limit must be at most ${SORT_LIMIT_MAX}`)
    .default(SORT_LIMIT_DEFAULT),
});
export type SortRequest = z.output<typeof sortRequestSchema>;

/** Body of POST /ml: free text to filter labels. */
export const labelSuggestionRequestSchema = z.strictObject({
  input_text: similarityText('Input text').min(1, 'Please describe what you are looking for'),
  len_2_cnt: z
    .number({ error: 'len_2_cnt must be a number' })
    .int('len_2_cnt must be a whole number')
    .min(1, 'len_2_cnt must be at least 1')
    .max(LABELS_PER_KEY_MAX, `len_2_cnt must be at most ${LABELS_PER_KEY_MAX}`)
    .default(LABELS_PER_KEY_DEFAULT),
  /** The kind the labels are for: with it, only labels some record of the kind carries are suggested. */
  type: z.enum(SEARCH_KINDS, { error: 'Type must be project or teammate' }).optional(),
});
export type LabelSuggestionRequest = z.output<typeof labelSuggestionRequestSchema>;

/** Body of POST /embed on the embedder service. */
export const embedRequestSchema = z.strictObject({
  texts: z
    .array(similarityText('Each text'), { error: 'Texts must be a list of strings' })
    .min(1, 'Give at least one text')
    .max(EMBED_TEXTS_MAX, `Give at most ${EMBED_TEXTS_MAX} texts`),
});
export type EmbedRequest = z.output<typeof embedRequestSchema>;

/** The API's public `POST /embedder/embed` takes fewer texts per call than the internal service. */
export const PUBLIC_EMBED_TEXTS_MAX = 64;
/** All texts of one public call together: the model's work grows with their length. */
export const PUBLIC_EMBED_CHARACTERS_MAX = 32_000;
/** Visitors (no valid token) embed at most this many texts per call. */
export const ANONYMOUS_EMBED_TEXTS_MAX = 8;
export const ANONYMOUS_EMBED_TEXTS_MESSAGE = `Sign in to embed more than ${ANONYMOUS_EMBED_TEXTS_MAX} texts at once`;

/** Body of the API's public `POST /embedder/embed`. */
export const publicEmbedRequestSchema = z.strictObject({
  texts: z
    .array(similarityText('Each text'), { error: 'Texts must be a list of strings' })
    .min(1, 'Give at least one text')
    .max(PUBLIC_EMBED_TEXTS_MAX, `Give at most ${PUBLIC_EMBED_TEXTS_MAX} texts`)
    .refine(
      (texts) => texts.reduce((total, text) => total + text.length, 0) <= PUBLIC_EMBED_CHARACTERS_MAX,
      `The texts must be at most ${PUBLIC_EMBED_CHARACTERS_MAX} characters together`,
    ),
});

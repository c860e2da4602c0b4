import {
  findOption,
  notAnOptionMessage,
  TAG_LISTS,
  type TagListField,
  type VocabularyKey,
} from '@skillers/domain';
import type { z } from 'zod';

interface ToolEntry {
  tool: string;
  mep: number;
}

const checkedLists = (Object.keys(TAG_LISTS) as TagListField[]).flatMap((field) => {
  const info: { label: string; vocabulary?: VocabularyKey } = TAG_LISTS[field];
  return info.vocabulary ? [{ field, label: info.label, vocabulary: info.vocabulary }] : [];
});

/**
 * A listing schema whose tag lists accept only their options. Forms only offer the lists, and new options go
 * through proposals, so anything else is a client error. Entries are matched ignoring case, accents and extra
 * spaces (tools also by alias, "k8s" for Kubernetes) and stored as the canonical label, once.
 */
export const withKnownOptions = <Listing extends object>(schema: z.ZodType<Listing>) =>
  schema.transform((listing, ctx) => {
    const checked = { ...listing } as Record<string, unknown>;
    for (const { field, label, vocabulary } of checkedLists) {
      const entries = checked[field];
      if (!Array.isArray(entries)) continue;
      const canonical = new Map<string, unknown>();
      entries.forEach((entry: string | ToolEntry, index) => {
        const name = typeof entry === 'string' ? entry : entry.tool;
        const option = findOption(vocabulary, name);
        if (option === undefined) {
          ctx.addIssue({ code: 'custom', path: [field, index], message: notAnOptionMessage(label, name) });
        } else if (!canonical.has(option)) {
          // The first of two spellings of one option keeps its place (and a tool its level).
          canonical.set(option, typeof entry === 'string' ? option : { ...entry, tool: option });
        }
      });
      checked[field] = [...canonical.values()];
    }
    return checked as Listing;
  });

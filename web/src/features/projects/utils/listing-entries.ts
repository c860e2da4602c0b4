import type { ProjectView, ProfileView } from '@skillers/domain';
import type { Ranked } from '../../../lib/similarity';

export const LISTING_KINDS = ['All', 'Projects', 'Teammates'] as const;
export type ListingKind = (typeof LISTING_KINDS)[number];

/** Items found by similarity ranking keep their similarity for the card. */
export type ListingEntry =
  { kind: 'project'; item: Ranked<ProjectView> } | { kind: 'teammate'; item: Ranked<ProfileView> };

/** The grid shows projects, profiles or both, newest first by creation date. */
export const listingEntries = (
  projects: readonly Ranked<ProjectView>[],
  profiles: readonly Ranked<ProfileView>[],
  kind: ListingKind,
): ListingEntry[] => {
  const entries: ListingEntry[] = [
    ...(kind === 'Teammates' ? [] : projects.map((item) => ({ kind: 'project' as const, item }))),
    ...(kind === 'Projects' ? [] : profiles.map((item) => ({ kind: 'teammate' as const, item }))),
  ];
  // ISO timestamps of one format sort as text; the sort is stable for items created together.
  return entries.sort((a, b) =>
    a.item.createdAt < b.item.createdAt ? 1 : a.item.createdAt > b.item.createdAt ? -1 : 0,
  );
};

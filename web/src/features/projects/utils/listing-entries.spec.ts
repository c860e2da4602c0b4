import type { ProjectView, ProfileView } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { listingEntries } from './listing-entries';

const project = (id: string, createdAt: string) => ({ _id: id, createdAt }) as ProjectView;
const profile = (id: string, createdAt: string) => ({ _id: id, createdAt }) as ProfileView;

describe('listingEntries', () => {
  const projects = [project('p2', '2030-01-03T10:00:00.000Z'), project('p1', '2030-01-01T10:00:00.000Z')];
  const profiles = [profile('t2', '2030-01-04T10:00:00.000Z'), profile('t1', '2030-01-02T10:00:00.000Z')];

  it('mixes both kinds newest first', () => {
    expect(
      listingEntries(projects, profiles, 'All').map((entry) => `${entry.kind}:${entry.item._id}`),
    ).toEqual(['teammate:t2', 'project:p2', 'teammate:t1', 'project:p1']);
  });

  it('limits the grid to one kind', () => {
    expect(listingEntries(projects, profiles, 'Projects').map((entry) => entry.item._id)).toEqual([
      'p2',
      'p1',
    ]);
    expect(listingEntries(projects, profiles, 'Teammates').map((entry) => entry.item._id)).toEqual([
      't2',
      't1',
    ]);
  });
});

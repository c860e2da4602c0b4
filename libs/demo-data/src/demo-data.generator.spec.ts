import {
  isKnownOption,
  isOpenAt,
  OBJECT_ID_PATTERN,
  projectCreateSchema,
  type ProjectRecord,
  settingsSchema,
  signupSchema,
  TAG_LISTS,
  profileCreateSchema,
  type ProfileRecord,
  type VocabularyKey,
} from '@skillers/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ARCHETYPES } from './archetypes';
import { type DemoAccount, DemoDataGenerator } from './demo-data.generator';
import { DEMO_PASSWORD } from './demo-password';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const DAY_MS = 86_400_000;
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';

interface Sample {
  accounts: DemoAccount[];
  projects: ProjectRecord[];
  teammates: ProfileRecord[];
}

const generate = async (seed: number, size: number): Promise<Sample> => {
  const generator = await DemoDataGenerator.create({ seed, now: NOW });
  const accounts = Array.from({ length: size }, () => generator.account(HASH));
  const profiles = accounts.map((account) => generator.profile(account));
  const projects = Array.from({ length: size }, () => generator.project(generator.pickOwner(accounts)));
  return { accounts, projects, teammates: profiles };
};

/** What the create form would send: the record without what the server adds. */
const formFields = ({
  _id,
  ownerId,
  createdAt,
  updatedAt,
  lastActiveAt,
  openToCollaborate,
  openConfirmedAt,
  ...fields
}: ProjectRecord | ProfileRecord) => {
  expect([_id, ownerId, createdAt, updatedAt, lastActiveAt, openConfirmedAt].every(Boolean)).toBe(true);
  expect(typeof openToCollaborate).toBe('boolean');
  return fields;
};

/** The tag lists (tools apart) that the API accepts only options in, with their option lists. */
const TAG_VOCABULARIES = Object.entries(TAG_LISTS).flatMap(([field, info]) =>
  field !== 'toolsExperience' && 'vocabulary' in info
    ? [[field, info.vocabulary as VocabularyKey] as const]
    : [],
);

/** Every tag of a listing that is not in the vocabulary its filter uses, as "field: label". */
const unknownTags = (listing: ProjectRecord | ProfileRecord): string[] => {
  const fields = listing as unknown as Record<string, unknown>;
  const unknown = listing.toolsExperience
    .filter((entry) => !isKnownOption('tool', entry.tool))
    .map((entry) => `tool: ${entry.tool}`);
  for (const [field, vocabulary] of TAG_VOCABULARIES) {
    for (const label of (fields[field] as string[] | undefined) ?? []) {
      if (!isKnownOption(vocabulary, label)) unknown.push(`${field}: ${label}`);
    }
  }
  return unknown;
};

describe('DemoDataGenerator', () => {
  let sample: Sample;
  beforeAll(async () => {
    sample = await generate(42, 600);
  });
  const listings = () => [...sample.projects, ...sample.teammates];

  it('gives the same records for the same seed, and different ones for another seed', async () => {
    const again = await generate(42, 50);
    expect(again.accounts).toEqual(sample.accounts.slice(0, 50));
    const other = await generate(43, 50);
    expect(other.accounts.map((account) => account.user.username)).not.toEqual(
      again.accounts.map((account) => account.user.username),
    );
    expect(other.projects.map((project) => project.description)).not.toEqual(
      again.projects.map((project) => project.description),
    );
  });

  it('makes projects exactly as the create schema stores them', () => {
    for (const project of sample.projects) {
      const fields = formFields(project);
      expect(projectCreateSchema.parse(fields)).toEqual(fields);
      expect(project.bizRole + project.techRole).toBe(100);
    }
  });

  it('makes profiles exactly as the create schema stores them', () => {
    for (const profile of sample.teammates) {
      const fields = formFields(profile);
      expect(profileCreateSchema.parse(fields)).toEqual(fields);
      expect(profile.bizRole + profile.techRole).toBe(100);
    }
  });

  it('draws every tag and tool from the vocabularies', () => {
    expect(listings().flatMap(unknownTags)).toEqual([]);
  });

  it('makes accounts that could have signed up, with unique names and emails', () => {
    const users = sample.accounts.map((account) => account.user);
    for (const user of users) {
      expect(
        signupSchema.parse({ username: user.username, email: user.email, password: DEMO_PASSWORD }),
      ).toEqual({ username: user.username, email: user.email, password: DEMO_PASSWORD });
      expect(
        settingsSchema.safeParse({ name: user.name, surname: user.surname, phoneNumber: user.phoneNumber }),
      ).toMatchObject({ success: true });
      expect(user.username).toMatch(/^[a-z]+\.[a-z]+\d+$/);
      expect(user.usernameKey).toBe(user.username.toLowerCase());
      expect(user.passwordHash).toBe(HASH);
    }
    expect(new Set(users.map((user) => user.usernameKey)).size).toBe(users.length);
    expect(new Set(users.map((user) => user.email)).size).toBe(users.length);
  });

  it('numbers usernames from the first number it is given', async () => {
    const generator = await DemoDataGenerator.create({ seed: 1, now: NOW, firstUserNumber: 501 });
    expect(generator.account(HASH).user.username).toMatch(/\D501$/);
    expect(generator.account(HASH).user.username).toMatch(/\D502$/);
  });

  it('gives listings distinct ObjectId-shaped ids and dates in the half year before now, after their owner signed up', () => {
    const records = [...sample.accounts.map((account) => account.user), ...listings()];
    expect(records.every((record) => OBJECT_ID_PATTERN.test(record._id))).toBe(true);
    expect(new Set(records.map((record) => record._id)).size).toBe(records.length);
    const newestAccount = Math.max(...sample.accounts.map((account) => Date.parse(account.user.createdAt)));
    for (const listing of listings()) {
      const created = Date.parse(listing.createdAt);
      expect(new Date(created).toISOString()).toBe(listing.createdAt);
      expect(created).toBeGreaterThan(Math.max(NOW - 183 * DAY_MS, newestAccount));
      expect(Date.parse(listing.updatedAt)).toBeGreaterThanOrEqual(created);
      expect(Date.parse(listing.updatedAt)).toBeLessThanOrEqual(NOW);
      expect(parseInt(listing._id.slice(0, 8), 16)).toBe(Math.floor(created / 1000));
    }
  });

  it('gives every profile to its own owner and projects to generated owners', () => {
    const userIds = new Set(sample.accounts.map((account) => account.user._id));
    const profileOwners = sample.teammates.map((profile) => profile.ownerId);
    expect(new Set(profileOwners).size).toBe(profileOwners.length);
    expect(listings().every((listing) => userIds.has(listing.ownerId))).toBe(true);
    const [first] = sample.teammates;
    const { name, surname } = sample.accounts[0].user;
    expect(first.nickname).toBe(`${name} ${surname?.charAt(0)}.`);
  });

  it('builds each project from one idea: its products and industries belong together, and its text names its tags', () => {
    const ideas = ARCHETYPES.flatMap((archetype) => archetype.ideas);
    for (const project of sample.projects) {
      const idea = ideas.find(
        (candidate) =>
          project.productType?.every((type) => candidate.productTypes.includes(type)) &&
          project.areaOfExpertise?.every((industry) => candidate.industries.includes(industry)),
      );
      expect(idea, project.projectName).toBeDefined();
      expect(project.description).toContain(project.hardSkills?.[0]);
      expect(project.description).toContain(project.toolsExperience[0].tool);
    }
  });

  it('keeps tool popularity skewed: the most used tool is far more common than the median one', () => {
    const uses = new Map<string, number>();
    for (const listing of listings()) {
      for (const { tool } of listing.toolsExperience) uses.set(tool, (uses.get(tool) ?? 0) + 1);
    }
    const counts = [...uses.values()].sort((a, b) => a - b);
    const median = counts[Math.floor(counts.length / 2)];
    expect(counts.length).toBeGreaterThan(150);
    expect(counts[counts.length - 1]).toBeGreaterThanOrEqual(10 * median);
  });
});

describe('demo freshness', () => {
  it('spreads last-active times and leaves some listings lapsed or closed', async () => {
    const { projects, teammates: profiles } = await generate(7, 300);
    const listings = [...projects, ...profiles];
    const now = new Date(NOW);
    const daysAgo = (iso: string | undefined) => (NOW - Date.parse(iso ?? '')) / DAY_MS;
    const active = listings.map((listing) => daysAgo(listing.lastActiveAt));
    const share = (keep: (days: number) => boolean) => active.filter(keep).length / active.length;
    expect(share((days) => days <= 7)).toBeGreaterThan(0.2);
    expect(share((days) => days > 30 && days <= 90)).toBeGreaterThan(0.05);
    expect(share((days) => days > 90)).toBeGreaterThan(0.05);
    for (const listing of listings) {
      expect(Date.parse(listing.lastActiveAt ?? '')).toBeGreaterThanOrEqual(Date.parse(listing.updatedAt));
      expect(Date.parse(listing.openConfirmedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(listing.createdAt));
    }
    const closed = listings.filter((listing) => listing.openToCollaborate === false);
    const lapsed = listings.filter((listing) => listing.openToCollaborate && !isOpenAt(listing, now));
    expect(closed.length).toBeGreaterThan(0);
    expect(lapsed.length).toBeGreaterThan(0);
    expect(closed.length + lapsed.length).toBeLessThan(listings.length / 2);
  });

  it('is reproducible from the seed', async () => {
    const [first, second] = [await generate(3, 20), await generate(3, 20)];
    expect(second.teammates.map((profile) => profile.lastActiveAt)).toEqual(
      first.teammates.map((profile) => profile.lastActiveAt),
    );
  });
});

import { type FreshnessFields, MS_PER_DAY } from '@skillers/domain';
import type { Faker } from './seeded-fakers';

/** How long ago owners were last active: most lately, a long tail months back. */
const ACTIVE_DAYS_AGO: readonly { value: { min: number; max: number }; weight: number }[] = [
  { value: { min: 0, max: 7 }, weight: 40 },
  { value: { min: 7, max: 30 }, weight: 25 },
  { value: { min: 30, max: 90 }, weight: 20 },
  { value: { min: 90, max: 240 }, weight: 15 },
];
/** Owners who switched "Open to collaborate" off. */
const CLOSED_SHARE = 0.08;
/** How long before their last activity the open ones last confirmed it: some beyond the 60-day lapse. */
const CONFIRMED_DAYS_BEFORE_ACTIVE = { min: 0, max: 90 };

/**
 * A spread of last-active times and open switches for one listing: active at or after its last edit, open
 * unless closed, confirmed at or after its creation. Drawn from a stream of its own, so every other generated
 * value is what it was before listings had them.
 */
export const listingFreshness = (
  faker: Faker,
  now: number,
  createdAt: Date,
  updatedAt: Date,
): Required<Pick<FreshnessFields, 'lastActiveAt' | 'openToCollaborate' | 'openConfirmedAt'>> => {
  const daysAgo = faker.number.float(faker.helpers.weightedArrayElement(ACTIVE_DAYS_AGO));
  const lastActive = Math.max(updatedAt.getTime(), Math.round(now - daysAgo * MS_PER_DAY));
  const confirmedBefore = faker.number.float(CONFIRMED_DAYS_BEFORE_ACTIVE) * MS_PER_DAY;
  const confirmed = Math.max(createdAt.getTime(), Math.round(lastActive - confirmedBefore));
  return {
    lastActiveAt: new Date(lastActive).toISOString(),
    openToCollaborate: !faker.datatype.boolean(CLOSED_SHARE),
    openConfirmedAt: new Date(confirmed).toISOString(),
  };
};

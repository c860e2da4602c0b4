import type { ContactAnswerRecord, UserRecord } from '@skillers/domain';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { createSeededFakers, type Faker, timeOrderedId } from './seeded-fakers';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How demo people answer their first contacts: the share they answer, and how many hours an answer
 * usually takes (drawn around that). Drawn per person in these proportions, so cards show a spread.
 */
const HABITS = [
  { share: 0.3, answers: 0.95, typicalHours: 0.5 },
  { share: 0.3, answers: 0.85, typicalHours: 5 },
  { share: 0.2, answers: 0.7, typicalHours: 20 },
  { share: 0.12, answers: 0.55, typicalHours: 50 },
  { share: 0.08, answers: 0.15, typicalHours: 30 },
] as const;

/** Each person received this many first contacts over the last 80 days (below 5, no rate shows). */
const CONTACTS = { min: 2, max: 14 } as const;

export interface DemoAnswerHistoryOptions {
  seed: number;
  users: readonly Pick<UserRecord, '_id'>[];
  /** Dates fall before this moment; defaults to the current time. */
  now?: number;
}

const habitOf = (faker: Faker) => {
  let draw = faker.number.float({ min: 0, max: 1 });
  for (const habit of HABITS) {
    if (draw < habit.share) return habit;
    draw -= habit.share;
  }
  return HABITS[HABITS.length - 1];
};

/**
 * The first contacts demo people received before the demo starts, from conversations the demo does not
 * keep, and when they answered: the answer-rate records (docs/matching.md) a live product would hold.
 */
export const generateDemoAnswerHistory = async (
  options: DemoAnswerHistoryOptions,
): Promise<ContactAnswerRecord[]> => {
  const { main: faker } = await createSeededFakers(options.seed, []);
  const now = options.now ?? Date.now();
  const rows: ContactAnswerRecord[] = [];
  for (const user of options.users) {
    const habit = habitOf(faker);
    const contacts = faker.number.int(CONTACTS);
    for (let at = 0; at < contacts; at += 1) {
      // From 4 to 80 days ago: every contact is past its 3 days to answer.
      const received = now - faker.number.float({ min: 4, max: 80 }) * DAY_MS;
      const answers = faker.number.float({ min: 0, max: 1 }) < habit.answers;
      const delay = habit.typicalHours * HOUR_MS * faker.number.float({ min: 0.3, max: 1.7 });
      rows.push({
        _id: timeOrderedId(faker, received),
        userId: user._id,
        conversationId: timeOrderedId(faker, received),
        receivedAt: new Date(received).toISOString(),
        ...(answers && { answeredAt: new Date(received + delay).toISOString() }),
      });
    }
  }
  return rows;
};

/** Stores the generated history in one batch. */
export const seedDemoAnswerHistory = async (store: RecordStore, options: DemoAnswerHistoryOptions) => {
  const rows = await generateDemoAnswerHistory(options);
  await store.collection<ContactAnswerRecord>(COLLECTIONS.contactAnswers).insertMany(rows);
  return rows.length;
};

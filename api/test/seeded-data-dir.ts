import { hashDemoPassword, seedDatabase } from '@skillers/demo-data';
import { openRecordStore } from '@skillers/store';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A data directory whose store already holds generated records, for `startTestApp({ DATA_DIR })`: the
 * application indexes them at start. The caller removes the directory.
 */
export const seededDataDir = async (counts: { projects: number; teammates: number }): Promise<string> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skillers-seeded-'));
  const store = await openRecordStore({ dataDir });
  try {
    await seedDatabase(store, {
      ...counts,
      users: Math.max(counts.teammates, Math.ceil(counts.projects / 2)),
      seed: 7,
      passwordHash: await hashDemoPassword(),
    });
  } finally {
    await store.close();
  }
  return dataDir;
};

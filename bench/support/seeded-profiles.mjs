// A data folder holding N users and N skiller profiles made by the demo generator, and the server's vector
// cache filled with one random but clustered vector per profile (`clustered-vectors.mjs`) for a model, so that
// the server builds its index at start without embedding anything. bench/server-scale.mjs and
// bench/text-search-speed.mjs share it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clusteredVectorRows } from './clustered-vectors.mjs';

const require = createRequire(import.meta.url);
const { hashDemoPassword, seedDatabase } = require('@skillers/demo-data');
const { embeddingText, profileSearchDocument } = require('@skillers/indexing');
const { SqliteVectorCache } = require('@skillers/embedding');
const { openRecordStore, COLLECTIONS } = require('@skillers/store');

const MARKER = 'bench-seeded-profiles.json';
const BATCH = 5000;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * Seeds `profiles` users and profiles into `dataDir` and caches their vectors (`dims` numbers, for `model`),
 * unless the folder already holds that many for that model; logs its progress.
 */
export const seedProfilesWithVectors = async (dataDir, { profiles, model, dims }) => {
  const marker = join(dataDir, MARKER);
  const wanted = { profiles, model, dims };
  if (
    existsSync(marker) &&
    JSON.stringify(JSON.parse(readFileSync(marker, 'utf8'))) === JSON.stringify(wanted)
  ) {
    console.log(`reusing the ${profiles} profiles seeded in ${dataDir}`);
    return;
  }
  const store = await openRecordStore({ dataDir });
  let started = performance.now();
  let shown = 0;
  await seedDatabase(store, {
    users: profiles,
    teammates: profiles,
    projects: 0,
    seed: 7,
    passwordHash: await hashDemoPassword(),
    onProgress: (kind, done, total) => {
      if (done - shown < total / 10 && done !== total) return;
      shown = done === total ? 0 : done;
      console.log(`  seeding ${kind}: ${done}/${total}, ${seconds(started)} s`);
    },
  });
  console.log(`seeded ${profiles} users and profiles in ${seconds(started)} s   load ${load()}`);

  started = performance.now();
  const cache = SqliteVectorCache.open(join(dataDir, 'models', 'vector-cache.sqlite'));
  const rows = clusteredVectorRows({ count: profiles, dims });
  const teammates = store.collection(COLLECTIONS.teammates);
  let last;
  let cached = 0;
  for (;;) {
    const batch = await teammates.find(last === undefined ? {} : { _id: { $lt: last } }, {
      sort: [{ field: '_id', direction: 'desc' }],
      limit: BATCH,
    });
    if (batch.length === 0) break;
    last = batch[batch.length - 1]._id;
    const texts = batch.map((record) => embeddingText(profileSearchDocument(record)));
    cache.put(
      model,
      texts,
      texts.map(() => rows.next()),
    );
    cached += batch.length;
  }
  cache.close();
  await store.close();
  console.log(`cached ${cached} vectors of ${dims} numbers in ${seconds(started)} s   load ${load()}`);
  writeFileSync(marker, JSON.stringify(wanted));
};

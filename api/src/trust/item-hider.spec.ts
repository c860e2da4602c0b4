import { type IndexedRecord, type OutboxRelay, rebuildIndex } from '@skillers/indexing';
import { EmbeddedSearchIndex } from '@skillers/search';
import { COLLECTIONS, SqliteRecordStore } from '@skillers/store';
import { afterEach, describe, expect, it } from 'vitest';
import { projectRecord, profileRecord } from '../../../libs/indexing/src/record-fixtures.testing';
import { RecordChangesService } from '../indexing/record-changes.service';
import { ItemHider, type RestoreOutcome } from './item-hider';

describe('ItemHider on the embedded store', () => {
  let store: SqliteRecordStore | undefined;
  afterEach(() => store?.close());

  it('restores a hidden project stamped now, so a reindex running meanwhile replays it', async () => {
    store = new SqliteRecordStore(':memory:');
    const relay = { handOver: () => undefined } as unknown as OutboxRelay;
    const hider = new ItemHider(store, new RecordChangesService(relay));
    const longAgo = '2026-01-01T00:00:00.000Z';
    const project = projectRecord('Farm app', { createdAt: longAgo, updatedAt: longAgo });
    await store.collection<IndexedRecord>(COLLECTIONS.projects).insert(project);
    await store.collection<IndexedRecord>(COLLECTIONS.teammates).insert(profileRecord('Ana'));
    await hider.hide('project', project._id, 'r'.repeat(24));
    const index = EmbeddedSearchIndex.create();
    // The restore lands while the build embeds the profiles, after it copied the projects.
    let restored: RestoreOutcome | undefined;
    const embedder = {
      modelId: 'test/model',
      embed: async (texts: readonly string[]) => {
        restored ??= await hider.restore('project', project._id);
        return texts.map(() => undefined);
      },
    };
    await rebuildIndex(store, index, { embedder });
    expect(restored).toMatchObject({ restored: { _id: project._id } });
    const back = await store.collection<IndexedRecord>(COLLECTIONS.projects).findById(project._id);
    expect((back?.updatedAt ?? longAgo) > longAgo).toBe(true);
    expect((await index.get(project._id))?.text).toMatch(/^Farm app\n/);
  });
});

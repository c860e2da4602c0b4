import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

const DAY_MS = 86_400_000;

export const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

/** Runs `change` on the server's SQLite file, waiting out the server's own writes. */
const withServerDatabase = <T>(change: (db: Database.Database) => T): T => {
  const db = new Database(join(process.env.SKILLERS_E2E_DATA_DIR as string, 'skillers.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    return change(db);
  } finally {
    db.close();
  }
};

/**
 * Rewrites stored fields of a listing in the server's SQLite file, as time would have left them (a browser
 * test cannot wait weeks), with an index outbox entry in the same transaction, exactly as the server writes
 * an edit: the server's outbox sweep (every 5 seconds) hands it to the index.
 */
export const rewriteListing = (kind: 'project' | 'teammate', id: string, fields: Record<string, unknown>) =>
  withServerDatabase((db) => {
    const table = kind === 'project' ? 'projects' : 'teammates';
    const row = db.prepare(`SELECT doc FROM "${table}" WHERE id = ?`).get(id) as { doc: string } | undefined;
    if (!row) throw new Error(`no stored ${kind} ${id}`);
    const entryId = randomBytes(12).toString('hex');
    const entry = { _id: entryId, kind, recordId: id, at: new Date().toISOString() };
    db.transaction(() => {
      const doc = { ...(JSON.parse(row.doc) as Record<string, unknown>), ...fields };
      db.prepare(`UPDATE "${table}" SET doc = ? WHERE id = ?`).run(JSON.stringify(doc), id);
      db.prepare('INSERT INTO "index_outbox" (id, doc) VALUES (?, ?)').run(entryId, JSON.stringify(entry));
    })();
  });

/** Rewrites stored fields of a saved search, as a restore or a bug could leave them. */
export const rewriteSavedSearch = (id: string, fields: Record<string, unknown>) =>
  withServerDatabase((db) => {
    const row = db.prepare('SELECT doc FROM "saved_searches" WHERE id = ?').get(id) as
      { doc: string } | undefined;
    if (!row) throw new Error(`no stored saved search ${id}`);
    const doc = { ...(JSON.parse(row.doc) as Record<string, unknown>), ...fields };
    db.prepare('UPDATE "saved_searches" SET doc = ? WHERE id = ?').run(JSON.stringify(doc), id);
  });

import { SQLITE_FILE_NAME } from '@skillers/store';
import Database from 'better-sqlite3';
import { join } from 'node:path';

/**
 * Renames a collection's table in the data directory's SQLite file while `during` runs, through a
 * connection of its own: every query the running application makes on that collection then fails for
 * real, as with a store that broke mid-operation. The table is put back afterwards.
 */
export const withTableHidden = async <T>(
  dataDir: string,
  table: string,
  during: () => Promise<T>,
): Promise<T> => {
  const db = new Database(join(dataDir, SQLITE_FILE_NAME));
  db.exec(`ALTER TABLE "${table}" RENAME TO "${table}_hidden"`);
  try {
    return await during();
  } finally {
    db.exec(`ALTER TABLE "${table}_hidden" RENAME TO "${table}"`);
    db.close();
  }
};

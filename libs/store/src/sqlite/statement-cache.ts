import type Database from 'better-sqlite3';

/**
 * Prepared statements by SQL text. Preparing is a tenth of the server's CPU under load when every
 * call parses its SQL again; filters with lists make many shapes, so the oldest shapes are dropped.
 */
export class StatementCache {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(
    private readonly db: Database.Database,
    private readonly capacity = 256,
  ) {}

  get(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (statement) {
      // Most recently used last, so eviction takes the least recently used.
      this.statements.delete(sql);
    } else {
      statement = this.db.prepare(sql);
      if (this.statements.size >= this.capacity) {
        const oldest = this.statements.keys().next().value as string;
        this.statements.delete(oldest);
      }
    }
    this.statements.set(sql, statement);
    return statement;
  }

  get size(): number {
    return this.statements.size;
  }
}

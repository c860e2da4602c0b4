import type { Logger } from '@nestjs/common';
import type { z } from 'zod';

/**
 * Reads stored rows back through the schema of what was written (`read`, its `safeParse`): a row that no longer reads (a restore, a
 * bug) is left out of the answer instead of failing it, and logged once per process with its id.
 */
export class StoredRows<T> {
  private readonly reported = new Set<string>();

  constructor(
    private readonly read: (row: unknown) => z.ZodSafeParseResult<T>,
    private readonly what: string,
    private readonly logger: Logger,
  ) {}

  readable(rows: readonly unknown[]): T[] {
    return rows.flatMap((row) => {
      const parsed = this.read(row);
      if (parsed.success) return [parsed.data];
      const id = String((row as { _id?: unknown } | null)?._id);
      if (!this.reported.has(id)) {
        this.reported.add(id);
        this.logger.warn(
          `Stored ${this.what} ${id} left out, unreadable: ${parsed.error.issues[0]?.message}`,
        );
      }
      return [];
    });
  }
}

import { describe, expect, it } from 'vitest';
import { EventBuffer } from './event-buffer';

const warnings = () => {
  const seen: string[] = [];
  return { seen, logger: { warn: (message: string) => seen.push(message) } };
};

describe('EventBuffer', () => {
  it('writes events in batches of the configured size, in order', async () => {
    const batches: number[][] = [];
    const { logger } = warnings();
    const buffer = new EventBuffer<number>({
      label: 'events',
      logger,
      batchSize: 2,
      write: async (batch) => {
        batches.push(batch);
      },
    });
    for (const n of [1, 2, 3, 4, 5]) buffer.push(n);
    await buffer.flush();
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('writes on its own after the flush delay', async () => {
    const written: number[] = [];
    const { logger } = warnings();
    const buffer = new EventBuffer<number>({
      label: 'events',
      logger,
      flushDelayMs: 5,
      write: async (batch) => {
        written.push(...batch);
      },
    });
    buffer.push(7);
    expect(written).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(written).toEqual([7]);
  });

  it('keeps at most its capacity while a write is stuck, drops the rest without waiting, and says so once', async () => {
    const written: number[] = [];
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const writing = new Promise<void>((resolve) => (started = resolve));
    const { seen, logger } = warnings();
    const buffer = new EventBuffer<number>({
      label: 'events',
      logger,
      capacity: 3,
      write: async (batch) => {
        started();
        await stuck;
        written.push(...batch);
      },
    });
    buffer.push(0);
    const firstWrite = buffer.flush();
    await writing;
    for (let n = 1; n <= 6; n += 1) buffer.push(n);
    expect(seen).toEqual(['The events buffer is full (3): dropping new ones until it drains']);

    release();
    await firstWrite;
    await buffer.flush();
    expect(written).toEqual([0, 1, 2, 3]);
    expect(seen).toContain('Dropped 3 events while the buffer was full');
  });

  it('drops a batch whose write fails, warns once per outage, and carries on', async () => {
    let failing = true;
    const written: number[] = [];
    const { seen, logger } = warnings();
    const buffer = new EventBuffer<number>({
      label: 'events',
      logger,
      batchSize: 1,
      write: async (batch) => {
        if (failing) throw new Error('cluster unreachable');
        written.push(...batch);
      },
    });
    buffer.push(1);
    buffer.push(2);
    await buffer.flush();
    failing = false;
    buffer.push(3);
    await buffer.flush();

    expect(written).toEqual([3]);
    expect(seen).toEqual([
      'Could not record 1 events (cluster unreachable); they are dropped, and further failures are only counted until a write succeeds',
      'Recording events again; 2 were lost while writes failed',
    ]);
  });

  it('ignores events pushed after close', async () => {
    const written: number[] = [];
    const { logger } = warnings();
    const buffer = new EventBuffer<number>({
      label: 'events',
      logger,
      write: async (batch) => {
        written.push(...batch);
      },
    });
    buffer.push(1);
    await buffer.close();
    buffer.push(2);
    await buffer.flush();
    expect(written).toEqual([1]);
  });
});

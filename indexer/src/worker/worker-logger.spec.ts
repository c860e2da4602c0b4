import { describe, expect, it } from 'vitest';
import { createWorkerLogger } from './worker-logger';

describe('index worker log', () => {
  it('writes pino lines shaped as the other services write them, at the configured level', () => {
    const lines: string[] = [];
    const logger = createWorkerLogger('info', (line) => lines.push(line));
    logger.debug('hidden');
    logger.info('Index worker running');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: 30,
      service: 'indexer',
      msg: 'Index worker running',
      pid: process.pid,
    });
    expect(typeof line.time).toBe('number');
  });
});

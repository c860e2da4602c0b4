import { describe, expect, it } from 'vitest';
import { createJsonLogger } from './json-logger';

describe('createJsonLogger', () => {
  it('writes pino lines, as the API does: numeric levels, epoch times, the service name', () => {
    const lines: string[] = [];
    const before = Date.now();
    const logger = createJsonLogger('warn', (line) => lines.push(line));
    logger.debug('hidden');
    logger.info('hidden');
    logger.warn('kept');
    logger.error('also kept');
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed).toMatchObject([
      { level: 40, service: 'embedder', msg: 'kept' },
      { level: 50, service: 'embedder', msg: 'also kept' },
    ]);
    for (const line of parsed) {
      expect(typeof line.time).toBe('number');
      expect(line.time as number).toBeGreaterThanOrEqual(before);
      expect(line).toHaveProperty('pid', process.pid);
    }

    const quiet: string[] = [];
    createJsonLogger('silent', (line) => quiet.push(line)).error('never shown');
    expect(quiet).toEqual([]);
  });
});

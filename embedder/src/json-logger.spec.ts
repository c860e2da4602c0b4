import { describe, expect, it } from 'vitest';
import { createJsonLogger } from './json-logger';

describe('createJsonLogger', () => {
  it('writes one JSON line per message at or above the level, and nothing when silent', () => {
    const lines: string[] = [];
    const logger = createJsonLogger('warn', (line) => lines.push(line));
    logger.debug('hidden');
    logger.info('hidden');
    logger.warn('kept');
    logger.error('also kept');
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
    expect(lines.map((line) => JSON.parse(line))).toMatchObject([
      { level: 'warn', service: 'embedder', msg: 'kept' },
      { level: 'error', service: 'embedder', msg: 'also kept' },
    ]);

    const quiet: string[] = [];
    createJsonLogger('silent', (line) => quiet.push(line)).error('never shown');
    expect(quiet).toEqual([]);
  });
});

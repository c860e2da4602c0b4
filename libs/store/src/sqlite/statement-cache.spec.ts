import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { StatementCache } from './statement-cache';

describe('StatementCache', () => {
  const db = new Database(':memory:');

  it('prepares each SQL text once and hands back the same statement', () => {
    const cache = new StatementCache(db);
    const first = cache.get('SELECT 1 AS one');
    expect(cache.get('SELECT 1 AS one')).toBe(first);
    expect(first.get()).toEqual({ one: 1 });
    expect(cache.size).toBe(1);
  });

  it('drops the least recently used statement when full', () => {
    const cache = new StatementCache(db, 2);
    const a = cache.get('SELECT 1');
    const b = cache.get('SELECT 2');
    cache.get('SELECT 1'); // a is now the most recently used
    cache.get('SELECT 3'); // evicts b
    expect(cache.size).toBe(2);
    expect(cache.get('SELECT 1')).toBe(a);
    expect(cache.get('SELECT 2')).not.toBe(b);
  });
});

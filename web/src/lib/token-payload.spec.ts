import { describe, expect, it } from 'vitest';
import { readTokenUser } from './token-payload';

const encode = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const tokenWith = (payload: object) => `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;

describe('readTokenUser', () => {
  it('reads the user id and username from the payload', () => {
    const token = tokenWith({ id: '0123456789abcdef01234567', sub: 'other', username: 'ada' });
    expect(readTokenUser(token)).toEqual({ id: '0123456789abcdef01234567', username: 'ada' });
  });

  it('falls back to the subject when the payload has no id', () => {
    expect(readTokenUser(tokenWith({ sub: 'abc' }))).toEqual({ id: 'abc', username: '' });
  });

  it('gives null for no token, a malformed one, or one without a user', () => {
    expect(readTokenUser(null)).toBeNull();
    expect(readTokenUser('not-a-token')).toBeNull();
    expect(readTokenUser(tokenWith({ username: 'nobody' }))).toBeNull();
  });
});

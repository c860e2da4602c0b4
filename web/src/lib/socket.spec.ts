import { describe, expect, it } from 'vitest';
import { CHAT_SOCKET_OPTIONS, politeSocketNotice } from './socket';

describe('chat socket', () => {
  it('reconnects with the spec settings, without ever giving up', () => {
    expect(CHAT_SOCKET_OPTIONS).toEqual({
      path: '/socket.io',
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      timeout: 20000,
      reconnectionAttempts: Infinity,
    });
  });

  it('keeps the spec texts inside a polite sentence', () => {
    expect(politeSocketNotice('socket has been disconnected')).toBe(
      'Live chat paused: socket has been disconnected. Reconnecting...',
    );
    expect(politeSocketNotice('operation has timed out')).toBe(
      'Live chat is slow to answer: operation has timed out. Please try again in a moment.',
    );
    expect(politeSocketNotice('server error')).toBe(
      'Live chat ran into a problem (server error). Please try again in a moment.',
    );
    expect(politeSocketNotice('You need to be logged in to do that.')).toBe(
      'Live chat is unavailable: You need to be logged in to do that.',
    );
  });
});

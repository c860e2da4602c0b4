import type { ChatMessage } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import {
  fileNote,
  fromRealtime,
  inDateOrder,
  lastSeenMessageId,
  messageTime,
  unreadLabel,
  withMessage,
  withoutRepeats,
} from './chat-lines';

const message = (id: string, date: string): ChatMessage => ({
  _id: id,
  conversationId: 'c1',
  senderId: 'u1',
  message: `text ${id}`,
  date,
});

describe('chat lines', () => {
  it('reads a pushed message as a stored one', () => {
    expect(
      fromRealtime({
        _id: 'm1',
        conversationId: 'c1',
        senderId: 'u1',
        text: 'Hi',
        date: '2030-01-01T10:00:00.000Z',
      }),
    ).toEqual({
      _id: 'm1',
      conversationId: 'c1',
      senderId: 'u1',
      message: 'Hi',
      date: '2030-01-01T10:00:00.000Z',
    });
  });

  it('appends a message once, whichever of the echo and the answer comes first', () => {
    const first = message('m1', '2030-01-01T10:00:00.000Z');
    const second = message('m2', '2030-01-01T10:01:00.000Z');
    const once = withMessage([first], second);
    expect(once.map((item) => item._id)).toEqual(['m1', 'm2']);
    expect(withMessage(once, { ...second }).map((item) => item._id)).toEqual(['m1', 'm2']);
  });

  it('puts messages in date order', () => {
    const later = message('b', '2030-01-01T10:05:00.000Z');
    const earlier = message('a', '2030-01-01T10:00:00.000Z');
    expect(inDateOrder([later, earlier]).map((item) => item._id)).toEqual(['a', 'b']);
  });

  it('shows the hour and minute in the reader’s clock', () => {
    expect(messageTime(new Date(2030, 0, 1, 9, 5, 59).toISOString())).toBe('09:05');
    expect(messageTime(new Date(2030, 0, 1, 23, 40).toISOString())).toBe('23:40');
  });

  it('shows the capped unread count as 100+', () => {
    expect(unreadLabel(1)).toBe('1');
    expect(unreadLabel(99)).toBe('99');
    expect(unreadLabel(100)).toBe('100+');
  });

  it('names a picked file after a paperclip', () => {
    expect(fileNote('plan.pdf')).toBe('\u{1F4CE} plan.pdf');
  });

  it('keeps each message once where loaded pages overlap', () => {
    const [a, b, c] = [
      message('a', '2030-01-01T10:00:00Z'),
      message('b', '2030-01-01T10:01:00Z'),
      message('c', '2030-01-01T10:02:00Z'),
    ];
    expect(withoutRepeats([a, b, b, c, a]).map((m) => m._id)).toEqual(['a', 'b', 'c']);
  });

  it('marks as seen my newest message at or before the friend’s read marker', () => {
    const mine = (id: string, date: string) => message(id, date);
    const theirs = (id: string, date: string) => ({ ...message(id, date), senderId: 'u2' });
    const messages = [
      mine('m1', '2030-01-01T10:00:00Z'),
      mine('m2', '2030-01-01T10:01:00Z'),
      theirs('t1', '2030-01-01T10:02:00Z'),
      mine('m3', '2030-01-01T10:03:00Z'),
    ];
    expect(lastSeenMessageId(messages, 'u1', undefined)).toBeUndefined();
    expect(lastSeenMessageId(messages, 'u1', '2030-01-01T10:01:00Z')).toBe('m2');
    expect(lastSeenMessageId(messages, 'u1', '2030-01-01T10:02:30Z')).toBe('m2');
    expect(lastSeenMessageId(messages, 'u1', '2030-01-01T10:03:00Z')).toBe('m3');
    expect(lastSeenMessageId(messages, 'u1', '2029-12-31T00:00:00Z')).toBeUndefined();
  });
});

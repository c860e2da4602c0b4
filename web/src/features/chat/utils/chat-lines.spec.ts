import type { ChatMessage } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { fileNote, fromRealtime, inDateOrder, messageTime, unreadLabel, withMessage } from './chat-lines';

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
});

import { describe, expect, it } from 'vitest';
import { conversationPairKey, MESSAGE_MAX_LENGTH } from '../chat';
import { CHAT_MESSAGES } from '../messages';
import { chatEventSchema, joinEventSchema, sendMessageSchema } from './chat.schema';

const ID = '0123456789abcdef01234567';

describe('chat schemas', () => {
  it('trims messages and bounds their length', () => {
    expect(sendMessageSchema.parse({ id: ID, message: '  hi  ' })).toEqual({ id: ID, message: 'hi' });
    expect(sendMessageSchema.safeParse({ id: ID, message: 'x'.repeat(MESSAGE_MAX_LENGTH) }).success).toBe(
      true,
    );
    expect(sendMessageSchema.safeParse({ id: ID, message: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }).success).toBe(
      false,
    );
    expect(sendMessageSchema.safeParse({ id: ID, message: ' ' }).error?.issues[0]?.message).toBe(
      CHAT_MESSAGES.messageRequired,
    );
  });

  it('takes a join payload that is a conversation id and nothing else', () => {
    expect(joinEventSchema.parse(ID)).toBe(ID);
    for (const payload of [undefined, 42, { room: ID }, ID.toUpperCase(), `${ID}0`]) {
      expect(joinEventSchema.safeParse(payload).success).toBe(false);
    }
  });

  it('takes a chat payload with room and text, user optional', () => {
    expect(chatEventSchema.parse({ room: ID, text: 'hey', user: 'ada' })).toEqual({
      room: ID,
      text: 'hey',
      user: 'ada',
    });
    for (const payload of ['hey', null, [ID, 'hey'], { room: ID }, { room: ID, text: 'hey', extra: 1 }]) {
      expect(chatEventSchema.safeParse(payload).success).toBe(false);
    }
  });

  it('keys a pair of users the same whichever side starts', () => {
    expect(conversationPairKey('b', 'a')).toBe(conversationPairKey('a', 'b'));
  });
});

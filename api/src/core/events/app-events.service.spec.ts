import { describe, expect, it } from 'vitest';
import { AppEvents } from './app-events.service';

describe('AppEvents', () => {
  it('runs the subscribers one after another, in the order they subscribed, before the publish resolves', async () => {
    const events = new AppEvents();
    const heard: string[] = [];
    events.subscribe('notifications.read', async ({ userId }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      heard.push(`first ${userId}`);
    });
    events.subscribe('notifications.read', ({ userId }) => heard.push(`second ${userId}`));
    await events.publish('notifications.read', { userId: 'u1' });
    expect(heard).toEqual(['first u1', 'second u1']);
  });

  it('rejects with the first subscriber error and runs no subscriber after it', async () => {
    const events = new AppEvents();
    const heard: string[] = [];
    events.subscribe('record.deleted', () => {
      throw new Error('store down');
    });
    events.subscribe('record.deleted', ({ id }) => heard.push(id));
    await expect(events.publish('record.deleted', { kind: 'project', id: 'p1' })).rejects.toThrow(
      'store down',
    );
    expect(heard).toEqual([]);
  });

  it('publishes to nobody when no one subscribed', async () => {
    await expect(
      new AppEvents().publish('conversation.read', { userId: 'u', conversationId: 'c' }),
    ).resolves.toBeUndefined();
  });

  it('notifies without the caller waiting, and keeps a subscriber failure from the caller', async () => {
    const events = new AppEvents();
    const heard: number[] = [];
    events.subscribe('record.indexed', ({ writtenAtMs }) => {
      heard.push(writtenAtMs);
      throw new Error('observer broke');
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      expect(events.notify('record.indexed', { kind: 'project', writtenAtMs: 7 })).toBeUndefined();
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(heard).toEqual([7]);
    expect(unhandled).toEqual([]);
  });
});

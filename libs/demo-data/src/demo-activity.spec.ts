import type { PublicUser } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { DEMO_ACTIVITY_COUNTS, generateDemoActivity } from './demo-activity';

const NOW = Date.UTC(2026, 5, 1, 12);
const hex = (n: number) => n.toString(16).padStart(24, '0');
const demo: PublicUser = { _id: hex(1), username: 'demo' };
const people: PublicUser[] = Array.from({ length: 40 }, (_, n) => ({
  _id: hex(n + 2),
  username: `person${n}`,
}));
const options = { seed: 7, now: NOW, demo, people };

describe('demo activity', () => {
  it('is the same for the same seed, time and people, and differs for another seed', async () => {
    expect(await generateDemoActivity(options)).toEqual(await generateDemoActivity(options));
    const other = await generateDemoActivity({ ...options, seed: 8 });
    expect(other.posts.map((post) => post._id)).not.toEqual(
      (await generateDemoActivity(options)).posts.map((post) => post._id),
    );
  });

  it('fills the feed with dated posts, likes and comments, some by the demo account’s contacts', async () => {
    const { posts, comments } = await generateDemoActivity(options);
    expect(posts).toHaveLength(DEMO_ACTIVITY_COUNTS.posts);
    expect(posts.filter((post) => post.user._id === demo._id)).toHaveLength(DEMO_ACTIVITY_COUNTS.ownPosts);
    const contacts = new Set(people.slice(0, DEMO_ACTIVITY_COUNTS.contacts).map((person) => person._id));
    expect(posts.some((post) => contacts.has(post.user._id))).toBe(true);
    expect(comments.some((comment) => contacts.has(comment.user._id))).toBe(true);
    expect(posts.filter((post) => post.likes.length > 0).length).toBeGreaterThan(posts.length / 2);
    for (const post of posts) {
      expect(post.likes).not.toContain(post.user._id);
      expect(new Set(post.likes).size).toBe(post.likes.length);
      expect(Date.parse(post.createdAt)).toBeLessThan(NOW);
    }
    const postIds = new Set(posts.map((post) => post._id));
    for (const comment of comments) {
      expect(postIds.has(comment.postId)).toBe(true);
      const post = posts.find((candidate) => candidate._id === comment.postId);
      expect(comment.createdAt > (post?.createdAt ?? '')).toBe(true);
      expect(Date.parse(comment.createdAt)).toBeLessThan(NOW);
    }
  });

  it('gives the demo account conversations, some with messages it has not read', async () => {
    const { conversations, messages, reads } = await generateDemoActivity(options);
    expect(conversations).toHaveLength(DEMO_ACTIVITY_COUNTS.contacts);
    const unread = conversations.filter((conversation) => {
      const marker = reads.find(
        (read) => read.conversationId === conversation._id && read.userId === demo._id,
      );
      return messages.some(
        (message) =>
          message.conversationId === conversation._id &&
          message.senderId !== demo._id &&
          message.date > (marker?.readAt ?? ''),
      );
    });
    expect(unread).toHaveLength(DEMO_ACTIVITY_COUNTS.unreadConversations);
    for (const conversation of conversations) {
      expect(conversation.participants).toContain(demo._id);
      expect(conversation.pairKey).toBe([...conversation.participants].sort().join(':'));
    }
    // Unique ids across everything stored, as the store requires.
    const ids = [...conversations, ...messages, ...reads].map((record) => record._id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('notifies only the demo account, and only of others’ doings', async () => {
    const { notifications } = await generateDemoActivity(options);
    expect(notifications.length).toBeGreaterThan(DEMO_ACTIVITY_COUNTS.unreadConversations);
    expect(new Set(notifications.map((notification) => notification.kind))).toEqual(
      new Set(['message', 'like', 'comment']),
    );
    for (const notification of notifications) {
      expect(notification.userId).toBe(demo._id);
      expect(notification.actor._id).not.toBe(demo._id);
    }
    expect(notifications.some((notification) => !notification.read && notification.kind !== 'message')).toBe(
      true,
    );
  });

  it('refuses too few people to talk to', async () => {
    await expect(generateDemoActivity({ ...options, people: people.slice(0, 2) })).rejects.toThrow(
      /at least 6 other people/,
    );
  });
});

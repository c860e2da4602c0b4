import type { Notification } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { badgeLabel, notificationLink, notificationText } from './notification-text';

const base: Notification = {
  _id: 'n1',
  kind: 'like',
  actor: { _id: 'a1', username: 'ada' },
  postId: 'p1',
  read: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('notification texts', () => {
  it('names who did what, with the preview where there is one', () => {
    expect(notificationText(base)).toBe('ada liked your post');
    expect(notificationText({ ...base, kind: 'comment', text: 'Nice!' })).toBe(
      'ada commented on your post: Nice!',
    );
    expect(notificationText({ ...base, kind: 'message', text: 'Hi' })).toBe('ada sent you a message: Hi');
    expect(notificationText({ ...base, kind: 'message' })).toBe('ada sent you a message');
  });

  it('leads to the conversation with the sender, or to the feed', () => {
    expect(notificationLink({ ...base, kind: 'message' })).toBe('/conversations?friendId=a1');
    expect(notificationLink(base)).toBe('/feed');
  });

  it('names the project of an invitation, and leads to the invitations or, once accepted, the conversation', () => {
    const listing = { kind: 'project' as const, id: 'p9', name: 'Farm app' };
    const invitation: Notification = { ...base, kind: 'invitation', listing, text: 'Join us' };
    expect(notificationText(invitation)).toBe('ada invites you to join “Farm app”: Join us');
    expect(notificationText({ ...invitation, kind: 'join_request', text: undefined })).toBe(
      'ada asks to join “Farm app”',
    );
    expect(notificationText({ ...invitation, kind: 'invitation_declined' })).toBe(
      'ada declined your invitation about “Farm app”',
    );
    expect(notificationLink(invitation)).toBe('/invitations');
    expect(notificationLink({ ...invitation, kind: 'invitation_accepted' })).toBe(
      '/conversations?friendId=a1',
    );
  });

  it('names the saved search a new record matched, and leads to that record', () => {
    const alert: Notification = {
      ...base,
      kind: 'saved_search',
      text: 'Figma people',
      savedSearchId: 's1',
      recordKind: 'teammate',
      recordId: 'r1',
    };
    expect(notificationText(alert)).toBe(
      'ada published a skiller profile matching your saved search “Figma people”',
    );
    expect(notificationText({ ...alert, recordKind: 'project' })).toBe(
      'ada published a project matching your saved search “Figma people”',
    );
    expect(notificationLink(alert)).toBe('/teammates/r1');
    expect(notificationLink({ ...alert, recordKind: 'project' })).toBe('/projects/r1');
  });

  it('caps the badge at 99+', () => {
    expect(badgeLabel(7)).toBe('7');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
  });
});

describe('lapse notifications', () => {
  const lapse: Notification = {
    ...base,
    kind: 'open_lapsed',
    listing: { kind: 'teammate', id: 't1', name: 'pixel-pusher' },
  };

  it('names the listing and leads to the owner screen of its kind', () => {
    expect(notificationText(lapse)).toBe('pixel-pusher is no longer shown as open to collaborate');
    expect(notificationLink(lapse)).toBe('/skillers/my');
    expect(notificationLink({ ...lapse, listing: { kind: 'project', id: 'p1', name: 'Solar' } })).toBe(
      '/projects/my',
    );
  });
});

describe('moderation notifications', () => {
  const hidden: Notification = {
    ...base,
    kind: 'item_hidden',
    moderated: { kind: 'project', id: 'p1', name: 'Solar farm' },
  };
  const restored: Notification = { ...hidden, kind: 'item_restored' };

  it('tells the owner which item was hidden and how to ask for a review', () => {
    expect(notificationText(hidden)).toBe(
      'Your project “Solar farm” was hidden after a report. Write to us through Feedback if you think this is a mistake',
    );
    expect(notificationLink(hidden)).toBe('/feedback');
  });

  it('leads back to a restored item, or to the feed for posts and comments', () => {
    expect(notificationText({ ...restored, moderated: { kind: 'profile', id: 't1', name: 'pixel' } })).toBe(
      'Your skiller profile “pixel” is shown again: a review found nothing wrong',
    );
    expect(notificationLink(restored)).toBe('/projects/p1');
    expect(notificationLink({ ...restored, moderated: { kind: 'profile', id: 't1', name: 'pixel' } })).toBe(
      '/teammates/t1',
    );
    expect(notificationLink({ ...restored, moderated: { kind: 'comment', id: 'c1', name: 'Nice' } })).toBe(
      '/feed',
    );
  });
});

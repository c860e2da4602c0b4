import { describe, expect, it } from 'vitest';
import type { OpenAnswer } from './open-switch.api';
import { announceProjectOpen, onProjectOpen } from './open-switch-changes';

const answer: OpenAnswer = {
  openToCollaborate: true,
  openNow: true,
  openConfirmedAt: '2026-11-25T00:00:00.000Z',
  lastActiveAt: '2026-11-25T00:00:00.000Z',
};

describe('project open switch announcements', () => {
  it('reaches each listener until it stops listening', () => {
    const heard: string[] = [];
    const stop = onProjectOpen((id, fresh) => heard.push(`${id}:${fresh.openNow}`));
    announceProjectOpen('p1', answer);
    stop();
    announceProjectOpen('p2', answer);
    expect(heard).toEqual(['p1:true']);
  });
});

import { type AdminAnalyticsReport, INVITATION_MESSAGES } from '@skillers/domain';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfile, createProject, type ErrorAnswer } from './listing-fixtures';
import { startTestApp, type TestApp, type TestUser } from './test-app';
import { markEmailVerified } from './verified-account';

const ADMIN_TOKEN = 'invitation-analytics-token-'.padEnd(48, '0');
const FIT = {
  toolsExperience: [{ tool: 'Rust', mep: 3 }],
  hardSkills: ['Backend Developer'],
  offeredGratification: ['Equity Grant'],
  workingTypeRemote: true,
};

describe('invitation events and the acceptance plots of the admin analytics (embedded profile)', () => {
  let api: TestApp;
  let owner: TestUser;
  let projectId: string;

  const candidate = async (nickname: string) => {
    const user = await api.signUp();
    const profile = await createProfile(api, user, { nickname, ...FIT });
    return { user, profileId: profile._id };
  };
  const invite = (profileId: string, shown: Record<string, unknown>) =>
    api.request<{ invitation: { _id: string } } & ErrorAnswer>('POST', '/api/invitations', {
      token: owner.token,
      body: { projectId, teammateId: profileId, ...shown },
    });
  const answer = (reader: TestUser, id: string, verb: 'accept' | 'decline') =>
    api.request('POST', `/api/invitations/${id}/${verb}`, { token: reader.token, body: {} });
  const report = async () => {
    const answered = await api.request<AdminAnalyticsReport>('GET', '/api/admin/analytics', {
      token: ADMIN_TOKEN,
    });
    expect(answered.status).toBe(200);
    return answered.body;
  };
  /** The lines written, once a report has flushed the buffered events. */
  const recorded = async () => {
    await report();
    const folder = join(api.dataDir, 'search-events');
    return readdirSync(folder)
      .filter((file) => file.startsWith('invitation-events-'))
      .flatMap((file) => readFileSync(join(folder, file), 'utf8').split('\n').filter(Boolean));
  };

  beforeAll(async () => {
    api = await startTestApp({ ADMIN_TOKEN, FIRST_CONTACTS_PER_DAY: '50' });
    owner = await api.signUp();
    await markEmailVerified(api, owner.id);
    projectId = (await createProject(api, owner, { projectName: 'Ledger engine', ...FIT }))._id;
  });
  afterAll(() => api.close());

  it('refuses a shown score or rank out of range with a message, and sends nothing', async () => {
    const { profileId } = await candidate('out-of-range');
    for (const [shown, message] of [
      [{ shownScore: 1.5 }, INVITATION_MESSAGES.shownScore],
      [{ shownScore: '0.5' }, INVITATION_MESSAGES.shownScore],
      [{ shownRank: 0 }, INVITATION_MESSAGES.shownRank],
      [{ shownRank: 2.5 }, INVITATION_MESSAGES.shownRank],
    ] as const) {
      const refused = await invite(profileId, shown);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body.message)).toContain(message);
    }
    expect(await recorded()).toEqual([]);
  });

  it('records sent, accepted and declined invitations without user ids, and reports them by score and rank', async () => {
    const strong = await candidate('strong-fit');
    const weak = await candidate('weak-fit');
    const unranked = await candidate('from-detail-page');
    const first = await invite(strong.profileId, { shownScore: 0.9, shownRank: 1 });
    const second = await invite(weak.profileId, { shownScore: 0.3, shownRank: 3 });
    const third = await invite(unranked.profileId, {});
    expect([first.status, second.status, third.status]).toEqual([201, 201, 201]);
    expect((await answer(strong.user, first.body.invitation._id, 'accept')).status).toBe(200);
    expect((await answer(weak.user, second.body.invitation._id, 'decline')).status).toBe(200);

    const lines = await recorded();
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ outcome: 'sent', reciprocalScore: 0.9, matchRank: 1, direction: 'invite' }),
      expect.objectContaining({ outcome: 'sent', reciprocalScore: 0.3, matchRank: 3 }),
      expect.not.objectContaining({ reciprocalScore: expect.anything() }),
      expect.objectContaining({ outcome: 'accepted', reciprocalScore: 0.9, matchRank: 1 }),
      expect.objectContaining({ outcome: 'declined', reciprocalScore: 0.3, matchRank: 3 }),
    ]);
    for (const id of [owner.id, strong.user.id, weak.user.id, unranked.user.id, projectId, strong.profileId])
      for (const line of lines) expect(line).not.toContain(id);

    const { invitations, totals } = await report();
    expect(invitations.totals).toEqual({ sent: 3, accepted: 1, declined: 1, acceptanceRate: 0.3333 });
    expect(invitations.byScore.map(({ from, sent, accepted }) => [from, sent, accepted])).toEqual([
      [0, 0, 0],
      [0.2, 1, 0],
      [0.4, 0, 0],
      [0.6, 0, 0],
      [0.8, 1, 1],
    ]);
    expect(invitations.byRank.map(({ rank, sent, acceptanceRate }) => [rank, sent, acceptanceRate])).toEqual([
      [1, 1, 1],
      [2, 0, 0],
      [3, 1, 0],
    ]);
    // The search analytics of the same report count no invitation as a search.
    expect(totals.searches).toBe(0);
  });
});

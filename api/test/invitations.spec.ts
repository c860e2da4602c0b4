import {
  type ConversationPage,
  INVITATION_MESSAGES,
  INVITATIONS_PER_PROJECT_PER_DAY,
  type InvitationsPage,
  type InvitationView,
  type NotificationsPage,
  type ProfileView,
  type ProjectView,
  TRUST_MESSAGES,
} from '@skillers/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProfile, createProject, type ErrorAnswer, UNKNOWN_ID } from './listing-fixtures';
import { startTestApp, type TestApp, type TestUser } from './test-app';
import { markEmailVerified } from './verified-account';

type Sent = { message: string; invitation: InvitationView } & ErrorAnswer;
type Accepted = Sent & { conversationId: string };

/** A project asking for Rust backend work, remote, offering equity. */
const PROJECT = {
  projectName: 'Ledger engine',
  toolsExperience: [{ tool: 'Rust', mep: 3 }],
  hardSkills: ['Backend Developer'],
  offeredGratification: ['Equity Grant'],
  forGratification: ['Milestone'],
  workingTypeRemote: true,
};
/** A profile that fits the project both ways. */
const FITTING = {
  toolsExperience: [{ tool: 'Rust', mep: 4 }],
  hardSkills: ['Backend Developer'],
  offeredGratification: ['Equity Grant'],
  forGratification: ['Milestone'],
  workingTypeRemote: true,
};

describe('invitations', () => {
  let api: TestApp;
  let owner: TestUser;
  let projectId: string;
  const profileIdOf = new Map<string, string>();

  const user = async (nickname?: string) => {
    const created = await api.signUp();
    if (nickname)
      profileIdOf.set(created.id, (await createProfile(api, created, { nickname, ...FITTING }))._id);
    return created;
  };
  const send = (from: TestUser, body: Record<string, unknown>) =>
    api.request<Sent>('POST', '/api/invitations', { token: from.token, body });
  const invite = (to: TestUser, message?: string, from = owner, project = projectId) =>
    send(from, { projectId: project, teammateId: profileIdOf.get(to.id), ...(message && { message }) });
  const listOf = (reader: TestUser) =>
    api.request<InvitationsPage>('GET', '/api/invitations', { token: reader.token });
  const answer = (reader: TestUser, id: string, verb: 'accept' | 'decline', body?: unknown) =>
    api.request<Accepted>('POST', `/api/invitations/${id}/${verb}`, { token: reader.token, body });
  const notificationsOf = async (reader: TestUser) =>
    (await api.request<NotificationsPage>('GET', '/api/notifications', { token: reader.token })).body
      .notifications;
  const profileMatches = async () =>
    (
      await api.request<{ teammates: ProfileView[] }>(
        'GET',
        `/api/matches/teammates?projectId=${projectId}`,
        {
          token: owner.token,
        },
      )
    ).body.teammates.map((profile) => profile.nickname);
  const projectMatches = async (reader: TestUser) =>
    (
      await api.request<{ projects: ProjectView[] }>('GET', '/api/matches/projects', { token: reader.token })
    ).body.projects.map((project) => project.projectName);

  beforeAll(async () => {
    api = await startTestApp({ RATE_LIMIT_SCALE: '5', FIRST_CONTACTS_PER_DAY: '50' });
    owner = await api.signUp();
    // Confirmed: unconfirmed accounts start only 3 conversations a day, and the owner sends more.
    await markEmailVerified(api, owner.id);
    projectId = (await createProject(api, owner, PROJECT))._id;
  });
  afterAll(() => api.close());

  it('an owner invites a matched profile; the invitee sees it with both sides of the fit and on the bell', async () => {
    const invitee = await user('rust-invitee');
    // Matches come from the search index, which the index worker fills shortly after each write.
    await vi.waitFor(async () => expect(await profileMatches()).toContain('rust-invitee'), {
      timeout: 10_000,
    });

    const sent = await invite(invitee, 'We need your Rust');
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      message: INVITATION_MESSAGES.sent,
      invitation: {
        direction: 'invite',
        status: 'open',
        project: { _id: projectId, projectName: 'Ledger engine' },
        profile: { nickname: 'rust-invitee' },
        from: { _id: owner.id },
        to: { _id: invitee.id },
        message: 'We need your Rust',
      },
    });

    const received = (await listOf(invitee)).body.received;
    expect(received.map((invitation) => invitation._id)).toEqual([sent.body.invitation._id]);
    expect(received[0].why?.needs.matched).toEqual(expect.arrayContaining(['Rust', 'Backend Developer']));
    expect(received[0].why?.wants.matched).toEqual(expect.arrayContaining(['Equity Grant', 'Remote']));
    expect((await listOf(owner)).body.sent.map((invitation) => invitation._id)).toContain(
      sent.body.invitation._id,
    );
    expect(await notificationsOf(invitee)).toContainEqual(
      expect.objectContaining({
        kind: 'invitation',
        actor: expect.objectContaining({ _id: owner.id }),
        listing: { kind: 'project', id: projectId, name: 'Ledger engine' },
        text: 'We need your Rust',
      }),
    );
    // The pair leaves both sides' matches as soon as the invitation is out.
    expect(await profileMatches()).not.toContain('rust-invitee');
    expect(await projectMatches(invitee)).not.toContain('Ledger engine');
  });

  it('accepting opens the conversation with the invitation as its first message, once', async () => {
    const invitee = await user('accepting-one');
    const { invitation } = (await invite(invitee, 'Join the ledger')).body;

    const accepted = await answer(invitee, invitation._id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      message: INVITATION_MESSAGES.accepted,
      invitation: { status: 'accepted' },
    });
    const conversation = await api.request<ConversationPage>(
      'GET',
      `/api/chat/conversation?friendId=${owner.id}`,
      { token: invitee.token },
    );
    expect(conversation.body.conversation._id).toBe(accepted.body.conversationId);
    expect(conversation.body.conversation.messages).toEqual([
      expect.objectContaining({
        senderId: owner.id,
        message: 'Invitation to join “Ledger engine”: Join the ledger',
      }),
    ]);
    expect(await notificationsOf(owner)).toContainEqual(
      expect.objectContaining({
        kind: 'invitation_accepted',
        actor: expect.objectContaining({ _id: invitee.id }),
      }),
    );

    // Accepting again stores nothing more; declining an accepted one is refused.
    expect((await answer(invitee, invitation._id, 'accept')).status).toBe(200);
    const again = await api.request<ConversationPage>('GET', `/api/chat/conversation?friendId=${owner.id}`, {
      token: invitee.token,
    });
    expect(again.body.conversation.messages).toHaveLength(1);
    const decline = await answer(invitee, invitation._id, 'decline');
    expect(decline.status).toBe(409);
    expect(decline.body.message).toBe(INVITATION_MESSAGES.alreadyAnswered);
    // Now they talk: another invitation between them is refused.
    const more = await invite(invitee);
    expect(more.status).toBe(409);
    expect(more.body.message).toBe(INVITATION_MESSAGES.alreadyTalking);
  });

  it('declining with a reason tells the sender, and the pair never comes back', async () => {
    const invitee = await user('declining-one');
    const { invitation } = (await invite(invitee)).body;
    const bad = await answer(invitee, invitation._id, 'decline', { reason: 'Because' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(INVITATION_MESSAGES.reason);

    const declined = await answer(invitee, invitation._id, 'decline', { reason: 'No time right now' });
    expect(declined.status).toBe(200);
    expect(declined.body.invitation).toMatchObject({ status: 'declined', reason: 'No time right now' });
    const seenBySender = (await listOf(owner)).body.sent.find((sent) => sent._id === invitation._id);
    expect(seenBySender).toMatchObject({ status: 'declined', reason: 'No time right now' });
    expect(await notificationsOf(owner)).toContainEqual(
      expect.objectContaining({
        kind: 'invitation_declined',
        actor: expect.objectContaining({ _id: invitee.id }),
      }),
    );
    const again = await invite(invitee);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(INVITATION_MESSAGES.declinedBefore);
    expect(await profileMatches()).not.toContain('declining-one');
    expect(await projectMatches(invitee)).not.toContain('Ledger engine');
    // Nothing was said: the reserved conversation stays out of both lists.
    const conversations = await api.request<{ conversations: unknown[] }>('GET', '/api/chat/conversations', {
      token: invitee.token,
    });
    expect(conversations.body.conversations).toEqual([]);
  });

  it('a skiller asks to join a project with only its id; the owner gets the request', async () => {
    const asker = await user('asking-one');
    const asked = await send(asker, { projectId, message: 'May I join?' });
    expect(asked.status).toBe(201);
    expect(asked.body.invitation).toMatchObject({
      direction: 'ask',
      from: { _id: asker.id },
      to: { _id: owner.id },
      profile: { _id: profileIdOf.get(asker.id) },
    });
    expect((await listOf(owner)).body.received.map((invitation) => invitation._id)).toContain(
      asked.body.invitation._id,
    );
    expect(await notificationsOf(owner)).toContainEqual(
      expect.objectContaining({ kind: 'join_request', text: 'May I join?' }),
    );
    // The asker cannot answer their own request.
    const ownAnswer = await answer(asker, asked.body.invitation._id, 'accept');
    expect(ownAnswer.status).toBe(403);
    expect(ownAnswer.body.message).toBe(INVITATION_MESSAGES.notYours);
    expect((await answer(owner, asked.body.invitation._id, 'accept')).status).toBe(200);
  });

  it('refuses what is not the caller’s to send or answer, with a message', async () => {
    const stranger = await user('stranger-one');
    const invitee = await user('refusals-invitee');
    const cases: [Promise<{ status: number; body: ErrorAnswer }>, number, string][] = [
      [
        send(stranger, { projectId, teammateId: profileIdOf.get(invitee.id) }),
        403,
        INVITATION_MESSAGES.notYourProject,
      ],
      [
        send(owner, { projectId: UNKNOWN_ID, teammateId: profileIdOf.get(invitee.id) }),
        404,
        INVITATION_MESSAGES.projectNotFound,
      ],
      [send(owner, { projectId, teammateId: UNKNOWN_ID }), 404, INVITATION_MESSAGES.profileNotFound],
      [send(await api.signUp(), { projectId }), 404, INVITATION_MESSAGES.noProfile],
      [send(owner, { projectId, teammateId: 'nope' }), 400, 'Malformed id'],
      [
        send(owner, { projectId, teammateId: profileIdOf.get(invitee.id), message: 'x'.repeat(501) }),
        400,
        'The message must be at most 500 characters',
      ],
      [send(owner, { projectId, extra: true }), 400, ''],
    ];
    for (const [pending, status, message] of cases) {
      const answered = await pending;
      expect(answered.status).toBe(status);
      expect(JSON.stringify(answered.body)).toContain(message);
    }
    const ownProfile = await createProfile(api, owner, { nickname: 'owner-self', ...FITTING });
    const self = await send(owner, { projectId, teammateId: ownProfile._id });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(INVITATION_MESSAGES.ownListing);

    const { invitation } = (await invite(invitee)).body;
    const open = await invite(invitee);
    expect(open.status).toBe(409);
    expect(open.body.message).toBe(INVITATION_MESSAGES.alreadyOpen);
    const byStranger = await answer(stranger, invitation._id, 'accept');
    expect(byStranger.status).toBe(404);
    expect(byStranger.body.message).toBe(INVITATION_MESSAGES.notFound);
    expect((await answer(invitee, UNKNOWN_ID, 'decline')).status).toBe(404);
    expect((await answer(invitee, 'not-an-id', 'accept')).status).toBe(400);
    expect((await api.request('GET', '/api/invitations')).status).toBe(401);
  });

  it('a blocked pair: the blocker cannot invite, and what the blocked one sends never shows', async () => {
    const [blocker, blocked] = [await user('blocking-one'), await user('blocked-one')];
    const [blockerProject, blockedProject] = [
      (await createProject(api, blocker, PROJECT))._id,
      (await createProject(api, blocked, PROJECT))._id,
    ];
    const block = await api.request('POST', `/api/user/blocks/${blocked.id}`, { token: blocker.token });
    expect(block.status).toBeLessThan(300);

    const withheld = await invite(blocker, undefined, blocked, blockedProject);
    expect(withheld.status).toBe(201);
    expect((await listOf(blocker)).body.received).toEqual([]);
    expect((await notificationsOf(blocker)).map((notification) => notification.kind)).not.toContain(
      'invitation',
    );
    expect((await answer(blocker, withheld.body.invitation._id, 'accept')).status).toBe(404);

    const fromBlocker = await invite(blocked, undefined, blocker, blockerProject);
    expect(fromBlocker.status).toBe(403);
    expect(fromBlocker.body.message).toBe(TRUST_MESSAGES.youBlockedThem);
  });

  it('an invitation from an account deleted since cannot be accepted', async () => {
    const leaver = await api.signUp();
    const leaverProject = (await createProject(api, leaver, PROJECT))._id;
    const invitee = await user('left-behind');
    const { invitation } = (await invite(invitee, undefined, leaver, leaverProject)).body;
    const deleted = await api.request('DELETE', '/api/user', {
      token: leaver.token,
      body: { password: leaver.password },
    });
    expect(deleted.status).toBeLessThan(300);
    const accepted = await answer(invitee, invitation._id, 'accept');
    expect(accepted.status).toBe(404);
    expect(accepted.body.message).toBe(INVITATION_MESSAGES.senderGone);
  });

  it(`a project sends at most ${INVITATIONS_PER_PROJECT_PER_DAY} invitations a day: then 429 with its own text`, async () => {
    const busy = await api.signUp();
    await markEmailVerified(api, busy.id);
    const busyProject = (await createProject(api, busy, PROJECT))._id;
    const invitees = await Promise.all(
      Array.from({ length: INVITATIONS_PER_PROJECT_PER_DAY + 1 }, (_, at) => user(`capped-${at}`)),
    );
    // Sent together: the cap holds under a race too.
    const answers = await Promise.all(
      invitees.map((invitee) => invite(invitee, undefined, busy, busyProject)),
    );
    expect(answers.filter((sent) => sent.status === 201)).toHaveLength(INVITATIONS_PER_PROJECT_PER_DAY);
    const refused = answers.filter((sent) => sent.status === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0].body.message).toBe(
      INVITATION_MESSAGES.perProjectPerDay(INVITATIONS_PER_PROJECT_PER_DAY),
    );
  });
});

describe('invitations and the first-contact limit', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp({ FIRST_CONTACTS_PER_DAY: '2' });
  });
  afterAll(() => api.close());

  it('an invitation is a first contact: a message and an invitation use up a limit of two', async () => {
    const owner = await api.signUp();
    await markEmailVerified(api, owner.id);
    const projectId = (await createProject(api, owner, PROJECT))._id;
    const [first, second, third] = await Promise.all([api.signUp(), api.signUp(), api.signUp()]);
    const [, secondProfile, thirdProfile] = await Promise.all(
      [first, second, third].map((invitee, at) =>
        createProfile(api, invitee, { nickname: `limited-${at}`, ...FITTING }),
      ),
    );
    const message = await api.request('POST', '/api/chat/sendMessage', {
      token: owner.token,
      body: { id: first.id, message: 'Hello' },
    });
    expect(message.status).toBe(201);
    const invited = await api.request('POST', '/api/invitations', {
      token: owner.token,
      body: { projectId, teammateId: secondProfile._id },
    });
    expect(invited.status).toBe(201);
    const over = await api.request<ErrorAnswer>('POST', '/api/invitations', {
      token: owner.token,
      body: { projectId, teammateId: thirdProfile._id },
    });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(TRUST_MESSAGES.tooManyFirstContacts(2));
  });
});

import { type AnswerRates, answerRateLine, INVITATION_MESSAGES } from '@skillers/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfile, createProject, type ErrorAnswer } from './listing-fixtures';
import { startTestApp, type TestApp, type TestUser } from './test-app';

describe('answer rates', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp({ RATE_LIMIT_SCALE: '5', FIRST_CONTACTS_PER_DAY: '50' });
  });
  afterAll(() => api.close());

  const message = async (from: TestUser, to: TestUser, text: string) => {
    const sent = await api.request('POST', '/api/chat/sendMessage', {
      token: from.token,
      body: { id: to.id, message: text },
    });
    expect(sent.status).toBe(201);
  };
  const ratesOf = (...users: TestUser[]) =>
    api.request<AnswerRates & ErrorAnswer>(
      'GET',
      `/api/answer-rates?userIds=${users.map((user) => user.id).join(',')}`,
    );

  it('counts first messages and invitations a user answered; replies and later messages are no new contacts', async () => {
    const answerer = await api.signUp();
    const senders = await Promise.all(Array.from({ length: 4 }, () => api.signUp()));
    for (const sender of senders) {
      await message(sender, answerer, 'Hello, are you free?');
      await message(sender, answerer, 'A second message is no second contact');
      await message(answerer, sender, 'Yes!');
    }
    expect((await ratesOf(answerer)).body.rates).toEqual({});

    // The fifth contact is an invitation, answered by accepting it.
    const owner = await api.signUp();
    const project = await createProject(api, owner, { projectName: 'Answer rates' });
    const profile = await createProfile(api, answerer, { nickname: 'quick-answerer' });
    const invited = await api.request<{ invitation: { _id: string } }>('POST', '/api/invitations', {
      token: owner.token,
      body: { projectId: project._id, teammateId: profile._id },
    });
    expect(invited.status).toBe(201);
    const accepted = await api.request<{ message: string }>(
      'POST',
      `/api/invitations/${invited.body.invitation._id}/accept`,
      { token: answerer.token },
    );
    expect(accepted.body.message).toBe(INVITATION_MESSAGES.accepted);

    const { rates } = (await ratesOf(answerer, owner)).body;
    expect(Object.keys(rates)).toEqual([answerer.id]);
    expect(rates[answerer.id]).toEqual({ contacts: 5, answered: 1, medianMinutes: 0 });
    expect(answerRateLine(rates[answerer.id])).toBe('Usually answers within an hour');
    // The senders wrote first and were answered: they owe no answer.
    expect((await ratesOf(...senders)).body.rates).toEqual({});
  });

  it('refuses a missing, malformed or too long list of users with a message', async () => {
    for (const query of [
      '',
      '?userIds=nope',
      `?userIds=${Array.from({ length: 51 }, (_, at) => at.toString(16).padStart(24, '0')).join(',')}`,
    ]) {
      const answer = await api.request<ErrorAnswer>('GET', `/api/answer-rates${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
  });
});

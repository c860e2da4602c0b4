import { AUTH_MESSAGES, FORM_MESSAGES, PROPOSABLE_FILTER_TYPES } from '@skillers/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test-app';

describe('feedback', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp();
  });
  afterAll(() => api.close());

  it('thanks a visitor for feedback with or without an email', async () => {
    for (const body of [
      { description: 'Love it' },
      { description: 'Love it', email: 'fan@example.com' },
      { description: 'x', email: '' },
    ]) {
      const response = await api.request('POST', '/api/feedback', { body });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ message: FORM_MESSAGES.feedbackThanks });
    }
  });

  it('accepts feedback from a signed-in user too', async () => {
    const user = await api.signUp();
    const response = await api.request('POST', '/api/feedback', {
      token: user.token,
      body: { description: 'Nice' },
    });
    expect(response.status).toBe(201);
  });

  it.each([
    [{}, 'description', FORM_MESSAGES.feedbackRequired],
    [{ description: '   ' }, 'description', FORM_MESSAGES.feedbackRequired],
    [{ description: 'hi', email: 'nope' }, 'email', AUTH_MESSAGES.emailInvalid],
    [{ description: { $gt: '' } }, 'description', FORM_MESSAGES.feedbackRequired],
    [{ description: 'x'.repeat(5001) }, 'description', 'Feedback must be at most 5000 characters'],
    [{ description: 'hi', rating: 5 }, 'rating', 'Unknown field: rating'],
  ])('rejects %j with 400', async (body, field, message) => {
    const response = await api.request('POST', '/api/feedback', { body });
    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual({ field, message });
  });
});

describe('filter proposals', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp();
  });
  afterAll(() => api.close());

  it.each(PROPOSABLE_FILTER_TYPES)('accepts a proposal for %s', async (filterType) => {
    const user = await api.signUp();
    const response = await api.request('POST', '/api/proposition', {
      token: user.token,
      body: { proposition: ' Quantum Basket Weaving ', filterType },
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe(FORM_MESSAGES.proposalSent);
    expect(response.body.proposition).toMatchObject({
      proposition: 'Quantum Basket Weaving',
      filterType,
      userId: user.id,
    });
  });

  it('requires a token', async () => {
    const response = await api.request('POST', '/api/proposition', {
      body: { proposition: 'Rust', filterType: 'toolsExperience' },
    });
    expect(response.status).toBe(401);
  });

  it.each([
    [{ proposition: 'Rust', filterType: 'locations' }, 'filterType'],
    [{ proposition: '', filterType: 'toolsExperience' }, 'proposition'],
    [{ proposition: 'x'.repeat(101), filterType: 'toolsExperience' }, 'proposition'],
    [{ proposition: ['Rust'], filterType: 'toolsExperience' }, 'proposition'],
    [{ filterType: 'toolsExperience' }, 'proposition'],
  ])('rejects %j with 400 naming %s', async (body, field) => {
    const user = await api.signUp();
    const response = await api.request('POST', '/api/proposition', { token: user.token, body });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    expect(typeof response.body.message).toBe('string');
  });
});

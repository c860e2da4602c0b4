import { type APIRequestContext, expect } from '@playwright/test';
import type { Account } from './accounts';

export interface Created {
  _id: string;
}

const authorised = (account: Account) => ({ authorization: `Bearer ${account.token}` });

/** The required fields of a project or profile, for tests that are not about the forms. */
const requiredTags = {
  toolsExperience: [{ tool: 'React', mep: 2 }],
  projectType: ['Start Up'],
  productType: ['Web Application'],
  offeredGratification: ['Salary'],
  forGratification: ['Milestone'],
};

export const createProject = async (
  request: APIRequestContext,
  owner: Account,
  fields: Record<string, unknown>,
): Promise<Created> => {
  const answer = await request.post('/api/project', {
    headers: authorised(owner),
    data: { ...requiredTags, ...fields },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { project: Created }).project;
};

export const createProfile = async (
  request: APIRequestContext,
  owner: Account,
  fields: Record<string, unknown>,
): Promise<Created> => {
  const answer = await request.post('/api/teammate', {
    headers: authorised(owner),
    data: { ...requiredTags, ...fields },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { teammate: Created }).teammate;
};

/** Replaces the caller's profile; an edit, unlike a creation, may leave the product type out. */
export const editProfile = async (
  request: APIRequestContext,
  owner: Account,
  fields: Record<string, unknown>,
) => {
  const answer = await request.put('/api/teammate/editTeammate', {
    headers: authorised(owner),
    data: { ...requiredTags, ...fields },
  });
  expect(answer.status(), await answer.text()).toBe(200);
};

/** A name no other test uses, so a card can be found by it on shared lists. */
export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

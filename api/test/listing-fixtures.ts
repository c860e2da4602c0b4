import type { ProjectRecord, ProjectView, PublicUser, ProfileView } from '@skillers/domain';
import type { TestApp, TestUser } from './test-app';

/** A well-formed id that names nothing. */
export const UNKNOWN_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

/** Everything the add-project form requires, and nothing more. */
export const projectBody = (overrides: Record<string, unknown> = {}) => ({
  projectName: 'Solar rooftop map',
  toolsExperience: [{ tool: 'React', mep: 3 }],
  projectType: ['Start Up'],
  productType: ['Web Application'],
  offeredGratification: ['Equity Grant'],
  forGratification: ['Milestone'],
  ...overrides,
});

/** Everything the create-profile form requires, and nothing more. */
export const profileBody = (overrides: Record<string, unknown> = {}) => ({
  nickname: 'pixel-pusher',
  toolsExperience: [{ tool: 'Figma', mep: 5 }],
  projectType: ['Freelancing'],
  productType: ['Mobile Application'],
  offeredGratification: ['Salary'],
  forGratification: ['Time'],
  ...overrides,
});

export interface ErrorAnswer {
  statusCode: number;
  message: string;
  errors?: { field: string; message: string }[];
}

export interface ProjectsPage {
  projects: ProjectView[];
  projectsPages: number;
}

export interface ProjectDetail {
  project: ProjectView;
  project_creator: PublicUser | null;
}

export interface ProfilesPage {
  teammates: ProfileView[];
  teammatesPages: number;
}

export const createProject = async (
  api: TestApp,
  owner: TestUser,
  overrides: Record<string, unknown> = {},
) => {
  const created = await api.request<{ project: ProjectRecord }>('POST', '/api/project', {
    token: owner.token,
    body: projectBody(overrides),
  });
  if (created.status !== 201) throw new Error(`project creation failed: ${JSON.stringify(created.body)}`);
  return created.body.project;
};

export const createProfile = async (
  api: TestApp,
  owner: TestUser,
  overrides: Record<string, unknown> = {},
) => {
  const created = await api.request<{ teammate: ProfileView }>('POST', '/api/teammate', {
    token: owner.token,
    body: profileBody(overrides),
  });
  if (created.status !== 201) throw new Error(`profile creation failed: ${JSON.stringify(created.body)}`);
  return created.body.teammate;
};

/** Malformed ids and page numbers every id or page route must refuse with 400. */
export const MALFORMED_IDS = [
  '123',
  'zzzzzzzzzzzzzzzzzzzzzzzz',
  'AAAAAAAAAAAAAAAAAAAAAAAA',
  `${UNKNOWN_ID}0`,
];
export const BAD_PAGES = ['0', '-1', '1.5', 'abc', '', '1e2'];

import type { ProjectView, SavedKind, ProfileView } from '@skillers/domain';
import { api } from './api-client';
import type { Page } from './paged-list';

export const fetchProjectPage = (page: number): Promise<Page<ProjectView>> =>
  api
    .get<{ projects: ProjectView[]; projectsPages: number }>(`/project?page=${page}`)
    .then((answer) => ({ items: answer.projects, pages: answer.projectsPages }));

export const fetchProfilePage = (page: number): Promise<Page<ProfileView>> =>
  api
    .get<{ teammates: ProfileView[]; teammatesPages: number }>(`/teammates/?page=${page}`)
    .then((answer) => ({ items: answer.teammates, pages: answer.teammatesPages }));

const SAVED_PATHS: Record<SavedKind, string> = { project: '/user/projects', teammate: '/user/teammates' };

/** Saves (keeps) or forgets an item; resolves with whether it is saved now. */
export const setSaved = (kind: SavedKind, id: string, saved: boolean): Promise<boolean> => {
  const path = `${SAVED_PATHS[kind]}/${id}`;
  const call = saved ? api.post<{ saved: boolean }>(path) : api.delete<{ saved: boolean }>(path);
  return call.then((answer) => answer.saved);
};

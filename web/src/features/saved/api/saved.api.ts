import type { ProjectView, TeammateView } from '@skillers/domain';
import { api } from '../../../lib/api-client';
import type { Page } from '../../../lib/paged-list';

export const fetchFoundTeammatesPage = (page: number): Promise<Page<TeammateView>> =>
  api
    .get<{ teammates: TeammateView[]; teammatesPages: number }>(`/user/teammates/found?page=${page}`)
    .then((answer) => ({ items: answer.teammates, pages: answer.teammatesPages }));

export const fetchFoundProjectsPage = (page: number): Promise<Page<ProjectView>> =>
  api
    .get<{ projects: ProjectView[]; projectPages: number }>(`/user/projects/found?page=${page}`)
    .then((answer) => ({ items: answer.projects, pages: answer.projectPages }));

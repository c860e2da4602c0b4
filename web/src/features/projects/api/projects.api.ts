import type { ProjectEditInput, ProjectInput, ProjectView, PublicUser, ProfileView } from '@skillers/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchProjectPage, fetchProfilePage } from '../../../lib/listings-api';
import type { Page } from '../../../lib/paged-list';
import type { Ranked } from '../../../lib/similarity';

export interface ProjectDetail {
  project: ProjectView;
  project_creator: PublicUser;
}

/** A project page is always read fresh: its saved state may have changed on another screen. */
export const projectQuery = (id: string) =>
  queryOptions({
    queryKey: ['project', id],
    queryFn: () => api.get<ProjectDetail>(`/project/${id}`),
    staleTime: 0,
  });

export interface ListingItems {
  projects: readonly Ranked<ProjectView>[];
  teammates: readonly Ranked<ProfileView>[];
}

/** Where the listing's items come from, e.g. a filtered search; each key is fetched on its own. */
export interface ListingSource {
  key: string;
  fetch(): Promise<ListingItems>;
}

/** The listing fetches page 1 of projects and of teammates, nothing more. */
export const EVERY_LISTING: ListingSource = {
  key: 'all',
  fetch: async () => {
    const [projects, profiles] = await Promise.all([fetchProjectPage(1), fetchProfilePage(1)]);
    return { projects: projects.items, teammates: profiles.items };
  },
};

export const projectsListingQuery = (source: ListingSource) =>
  queryOptions({
    queryKey: ['projects-listing', source.key],
    queryFn: source.fetch,
    staleTime: 0,
  });

export const fetchMyProjectsPage = (page: number): Promise<Page<ProjectView>> =>
  api
    .get<{ UserProjects: ProjectView[]; myProjectsPages: number }>(`/user/myProjects?page=${page}`)
    .then((answer) => ({ items: answer.UserProjects, pages: answer.myProjectsPages }));

export const createProject = (input: ProjectInput) =>
  api.post<{ message: string; project: ProjectView }>('/project', input);

export const editProject = (id: string, input: ProjectEditInput) =>
  api.put<{ message: string; project: ProjectView }>(`/project/editProject/${id}`, input);

export const deleteProject = (id: string) =>
  api.delete<{ message: string; project_id: string }>('/user/myProjects', { project_id: id });

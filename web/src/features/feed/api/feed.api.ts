import type { Comment, FeedPage, Post, ProjectView } from '@skillers/domain';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchProjectPage, fetchProfilePage } from '../../../lib/listings-api';
import { FIRST_PAGE } from '../../../lib/paged-list';

/** How many items each side box lists. */
export const SIDE_LIST_SIZE = 5;

export const feedQuery = infiniteQueryOptions({
  queryKey: ['feed'],
  queryFn: ({ pageParam }: { pageParam: number }) => api.get<FeedPage>(`/post?page=${pageParam}`),
  initialPageParam: FIRST_PAGE,
  getNextPageParam: (last, _pages, lastPage) => (last.hasMore ? lastPage + 1 : undefined),
});

export interface NewPost {
  data: string;
  /** A `data:image/...;base64,` address. */
  image?: string;
}

export const createPost = (input: NewPost) =>
  api.post<{ post: Post }>('/post', input).then((answer) => answer.post);

export const likePost = (id: string) =>
  api.post<{ likes: string[] }>(`/post/${id}/like`).then((answer) => answer.likes);

export const unlikePost = (id: string) =>
  api.delete<{ likes: string[] }>(`/post/${id}/like`).then((answer) => answer.likes);

export const addComment = (id: string, data: string) =>
  api.post<{ comment: Comment }>(`/post/${id}/comments`, { data }).then((answer) => answer.comment);

export const myProjectsQuery = queryOptions({
  queryKey: ['feed', 'my-projects'],
  queryFn: () =>
    api
      .get<{ UserProjects: ProjectView[] }>(`/user/myProjects?page=${FIRST_PAGE}`)
      .then((answer) => answer.UserProjects.slice(0, SIDE_LIST_SIZE)),
});

export const newestProjectsQuery = queryOptions({
  queryKey: ['feed', 'newest-projects'],
  queryFn: () => fetchProjectPage(FIRST_PAGE).then((page) => page.items.slice(0, SIDE_LIST_SIZE)),
});

export const newestProfilesQuery = queryOptions({
  queryKey: ['feed', 'newest-skillers'],
  queryFn: () => fetchProfilePage(FIRST_PAGE).then((page) => page.items.slice(0, SIDE_LIST_SIZE)),
});

import type { FeedPage, Post, ProfileView } from '@skillers/domain';
import type { InfiniteData } from '@tanstack/react-query';

export type FeedData = InfiniteData<FeedPage>;

/** The feed lists up to 8 of the user's own skills. */
export const MY_SKILLS_SIZE = 8;

/**
 * Every loaded post once, newest first. A post written here moves the others down, so the next page
 * can repeat one this list already shows.
 */
export const feedPosts = (data: FeedData | undefined): Post[] => {
  const seen = new Set<string>();
  const posts: Post[] = [];
  for (const post of data?.pages.flatMap((page) => page.posts) ?? []) {
    if (seen.has(post._id)) continue;
    seen.add(post._id);
    posts.push(post);
  }
  return posts;
};

/** A new post goes to the top. */
export const withNewPost = (data: FeedData | undefined, post: Post): FeedData | undefined => {
  if (!data || data.pages.length === 0) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first, posts: [post, ...first.posts] }, ...rest] };
};

/** Changes one post wherever it is loaded (likes, a new comment). */
export const withPostChange = (
  data: FeedData | undefined,
  postId: string,
  change: (post: Post) => Post,
): FeedData | undefined =>
  data && {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      posts: page.posts.map((post) => (post._id === postId ? change(post) : post)),
    })),
  };

/** The skills a profile offers, most specific first: target roles, then soft skills, then tools. */
export const profileSkills = (profile: ProfileView): string[] =>
  [...new Set([...(profile.hardSkills ?? []), ...(profile.softSkills ?? []), ...profile.tools])].slice(
    0,
    MY_SKILLS_SIZE,
  );

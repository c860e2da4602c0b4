import type { Post, ProfileView } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { type FeedData, feedPosts, profileSkills, withNewPost, withPostChange } from './feed-data';

const post = (id: string): Post => ({
  _id: id,
  data: `post ${id}`,
  user: { _id: 'u1', username: 'ada' },
  likes: [],
  comments: [],
  commentCount: 0,
  createdAt: '2030-01-01T10:00:00.000Z',
});

const feed = (...pages: string[][]): FeedData => ({
  pages: pages.map((ids, index) => ({ posts: ids.map(post), hasMore: index < pages.length - 1 })),
  pageParams: pages.map((_ids, index) => index + 1),
});

describe('feed data', () => {
  it('lists each loaded post once, in page order', () => {
    expect(feedPosts(feed(['c', 'b'], ['b', 'a'])).map((item) => item._id)).toEqual(['c', 'b', 'a']);
    expect(feedPosts(undefined)).toEqual([]);
  });

  it('puts a new post at the top of the first page', () => {
    const next = withNewPost(feed(['b'], ['a']), post('new'));
    expect(feedPosts(next).map((item) => item._id)).toEqual(['new', 'b', 'a']);
    expect(next?.pages[1].posts.map((item) => item._id)).toEqual(['a']);
  });

  it('changes only the named post, on whichever page it is', () => {
    const next = withPostChange(feed(['b'], ['a']), 'a', (item) => ({ ...item, likes: ['u2'] }));
    expect(next?.pages[1].posts[0].likes).toEqual(['u2']);
    expect(next?.pages[0].posts[0].likes).toEqual([]);
    expect(withPostChange(undefined, 'a', (item) => item)).toBeUndefined();
  });

  it('offers up to 8 distinct skills of a profile, roles first', () => {
    const profile = {
      hardSkills: ['Frontend Developer', 'Designer'],
      softSkills: ['Communication', 'Designer'],
      tools: ['React', 'TypeScript', 'Figma', 'Node.js', 'Docker', 'Git'],
    } as ProfileView;
    expect(profileSkills(profile)).toEqual([
      'Frontend Developer',
      'Designer',
      'Communication',
      'React',
      'TypeScript',
      'Figma',
      'Node.js',
      'Docker',
    ]);
    expect(profileSkills({ tools: ['React'] } as ProfileView)).toEqual(['React']);
  });
});

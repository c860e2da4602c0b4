import { expect, test } from '@playwright/test';
import { type Account, createAccount, openSignedIn } from './support/accounts';
import { uniqueName } from './support/listings';

/** A real 1×1 PNG: the API checks that an image's bytes are what its type claims. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const writePost = async (
  request: import('@playwright/test').APIRequestContext,
  author: Account,
  text: string,
) => {
  const answer = await request.post('/api/post', {
    headers: { authorization: `Bearer ${author.token}` },
    data: { data: text },
  });
  expect(answer.status(), await answer.text()).toBe(201);
};

test('visitors read the feed and are asked to log in to take part', async ({ page, request }) => {
  const author = await createAccount(request);
  const text = uniqueName('Looking for a designer');
  await writePost(request, author, text);

  await page.goto('/feed');
  const left = page.getByRole('complementary', { name: 'You and the newest listings' });
  await expect(left.getByText('Zaloguj się, aby publikować posty, polubić je i komentować.')).toBeVisible();
  await expect(left.getByRole('link', { name: 'Zaloguj się' })).toHaveAttribute('href', '/login');
  await expect(left.getByRole('heading', { name: 'Newest projects' })).toBeVisible();
  await expect(left.getByRole('heading', { name: 'Newest skillers' })).toBeVisible();
  await expect(left.getByRole('heading', { name: 'My projects' })).toHaveCount(0);
  const news = page.getByRole('complementary', { name: 'News' });
  await expect(news.getByRole('heading', { name: "What's new" })).toBeVisible();

  const post = page.getByRole('article').filter({ hasText: text });
  await expect(post.getByText(author.username, { exact: true })).toBeVisible();
  await expect(post.getByText('Just now')).toBeVisible();
  await expect(post.getByRole('button', { name: 'Share' })).toBeDisabled();
  await post.getByRole('button', { name: 'Like' }).click();
  await expect(post.getByText('Please log in to like posts')).toBeVisible();
  await expect(post.getByText('0 likes')).toBeVisible();

  await post.getByRole('textbox', { name: 'Write a comment' }).fill('Count me in');
  await post.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(post.getByText('Please log in to comment on posts')).toBeVisible();

  const composer = page.getByRole('form', { name: 'Create a post' });
  // Visitors learn it before typing, with the way to do it.
  await expect(composer.getByText('to share a post with the community.')).toBeVisible();
  await expect(composer.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  await composer.getByRole('textbox', { name: 'Write a post' }).fill('Hello everyone');
  await composer.getByRole('button', { name: 'Publish' }).click();
  await expect(composer.getByRole('alert')).toHaveText('Please log in to create a post');

  // Below 900 px the what's-new box moves into the left column.
  await page.setViewportSize({ width: 820, height: 900 });
  await expect(left.getByRole('heading', { name: "What's new" })).toBeVisible();
  await expect(news.getByRole('heading', { name: "What's new" })).toHaveCount(0);
});

test('a signed-in user posts with an image, then likes, unlikes and comments on the post', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await openSignedIn(page, account, '/feed');
  await expect(page.getByRole('heading', { name: `Hello, ${account.username}!` })).toBeVisible();
  await expect(page.getByText('No projects created yet...')).toBeVisible();
  await expect(page.getByText('No skiller profile yet...')).toBeVisible();

  const composer = page.getByRole('form', { name: 'Create a post' });
  const box = composer.getByRole('textbox', { name: 'Write a post' });
  const publish = composer.getByRole('button', { name: 'Publish' });
  await expect(composer.getByText('to share a post with the community.')).toHaveCount(0);
  const attach = composer.getByLabel('Add an image');
  await expect(box).toHaveAttribute('rows', '3');
  await expect(box).toHaveAccessibleDescription('0/500');
  await box.fill('   ');
  await expect(publish).toBeDisabled();
  await box.fill('x'.repeat(520));
  await expect(box).toHaveAccessibleDescription('500/500');

  await attach.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just text') });
  await expect(composer.getByRole('alert')).toHaveText('Only PNG, JPEG, GIF or WebP images can be attached.');
  await expect(composer.getByRole('button', { name: 'Remove image' })).toHaveCount(0);

  // A text file named and typed as a PNG gets past the browser; the API checks its bytes.
  const text = uniqueName('Our prototype is live');
  await box.fill(text);
  await expect(box).toHaveAccessibleDescription(`${text.length}/500`);
  await attach.setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not an image'),
  });
  await expect(composer.getByRole('alert')).toHaveCount(0);
  await publish.click();
  await expect(composer.getByRole('alert')).toHaveText(
    'The attached file is not a valid image of the type it claims to be.',
  );

  await composer.getByRole('button', { name: 'Remove image' }).click();
  await attach.setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: PNG });
  await expect(composer.getByRole('img', { name: 'Attached image screenshot.png' })).toBeVisible();
  await publish.click();
  await expect(box).toHaveValue('');
  await expect(box).toHaveAccessibleDescription('0/500');

  const post = page.getByRole('article').first();
  await expect(post).toContainText(text);
  await expect(post.getByText('Just now')).toBeVisible();
  const image = post.getByRole('img', { name: `Image shared by ${account.username}` });
  await expect(image).toHaveAttribute('src', /^\/api\/post\/[0-9a-f]{24}\/image$/);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1);

  const like = post.getByRole('button', { name: 'Like' });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(post.getByText('1 like', { exact: true })).toBeVisible();
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(post.getByText('0 likes')).toBeVisible();

  await post.getByRole('button', { name: 'Comment' }).click();
  const comment = post.getByRole('textbox', { name: 'Write a comment' });
  await expect(comment).toBeFocused();
  await expect(post.getByRole('button', { name: 'Post', exact: true })).toBeDisabled();
  await comment.fill('First comment from the author');
  await post.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(post.getByRole('list', { name: 'Comments' })).toContainText('First comment from the author');
  await expect(post.getByText('1 comment', { exact: true })).toBeVisible();
  await expect(comment).toHaveValue('');

  // What was shown is what the server kept.
  await page.reload();
  const stored = page.getByRole('article').filter({ hasText: text });
  await expect(stored.getByRole('list', { name: 'Comments' })).toContainText('First comment from the author');
  await expect(stored.getByText('0 likes')).toBeVisible();
});

test('failed feed actions say so, and a session that ended asks to log in again', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const text = uniqueName('Weekly update');
  await writePost(request, account, text);
  await openSignedIn(page, account, '/feed');
  const post = page.getByRole('article').filter({ hasText: text });
  const like = post.getByRole('button', { name: 'Like' });

  await page.route('**/api/post/*/like', (route) => route.abort());
  await page.route('**/api/post/*/comments', (route) => route.abort());
  await like.click();
  await expect(post.getByText('Failed to like post. Please try again.')).toBeVisible();
  await post.getByRole('textbox', { name: 'Write a comment' }).fill('Nice work');
  await post.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(post.getByText('Failed to add comment. Please try again.')).toBeVisible();
  await page.route('**/api/post', (route) => route.abort());
  const composer = page.getByRole('form', { name: 'Create a post' });
  await composer.getByRole('textbox', { name: 'Write a post' }).fill('This one will not get through');
  await composer.getByRole('button', { name: 'Publish' }).click();
  await expect(composer.getByRole('alert')).toHaveText('Failed to create post. Please try again.');
  await page.unrouteAll();

  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await page.route('**/api/post/*/like', (route) => route.abort());
  await like.click();
  await expect(post.getByText('Failed to unlike post. Please try again.')).toBeVisible();
  await page.unrouteAll();

  // The same user, but a token the server no longer accepts.
  await page.evaluate(
    (token) => localStorage.setItem('token', `${token.slice(0, token.lastIndexOf('.'))}.x`),
    account.token,
  );
  await like.click();
  await expect(post.getByText('Please log in to unlike posts')).toBeVisible();
});

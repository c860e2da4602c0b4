import { expect, test } from '@playwright/test';
import { createAccount, openSignedIn } from './support/accounts';

test('an unknown route shows the 404 page and /error the error page, both leading home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
  await expect(page.getByText('Sorry, the page you are looking for does not exist.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to homepage' }).click();
  await expect(page).toHaveURL('/');

  await page.goto('/error');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Oops! Something went wrong.' })).toBeVisible();
  await expect(page.getByText('Issues happened, we are working on it.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to homepage' })).toHaveAttribute('href', '/');
});

test('a screen whose script cannot be loaded falls into the error page', async ({ page }) => {
  await page.route(/\/assets\/feed\.route-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/feed');
  await expect(page.getByRole('heading', { name: 'Oops! Something went wrong.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Skillers' })).toBeVisible();
});

test('the Add menu opens on hover and goes away after its delays', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const addProject = nav.getByRole('link', { name: 'Add Project' });
  await expect(addProject).toHaveCount(0);

  await nav.getByRole('button', { name: 'Add' }).hover();
  await expect(addProject).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Add Teammate' })).toHaveAttribute('href', '/teammates/add');

  // Timed in the page from before the pointer leaves: a slow round trip from the test can then only make
  // the span longer, while a menu that vanished at once would still fall short.
  const beforeLeaving = await page.evaluate(() => performance.now());
  await page.mouse.move(5, 500);
  await expect(addProject).toHaveCount(0, { timeout: 3_000 });
  const gone = await page.evaluate(() => performance.now());
  // 300 ms before it starts hiding, 500 ms more before it leaves the page.
  expect(gone - beforeLeaving).toBeGreaterThanOrEqual(700);

  await nav.getByRole('button', { name: 'Add' }).hover();
  await addProject.click();
  await expect(page).toHaveURL('/login');
});

test('creation screens send visitors to the login screen', async ({ page }) => {
  for (const path of ['/project/add', '/teammates/add']) {
    await page.goto(path);
    await expect(page).toHaveURL('/login');
  }
});

test('the card screens offer their cards, and an unknown option offers the way back', async ({ page }) => {
  await page.goto('/home/card/Teammate');
  await expect(page.getByRole('link', { name: /Add Teammate/ })).toHaveAttribute('href', '/teammates/add');
  await expect(page.getByRole('link', { name: /Find Teammates/ })).toBeVisible();

  await page.goto('/home/card/Leader');
  await expect(page.getByRole('link', { name: /Add Project Profile/ })).toHaveAttribute(
    'href',
    '/project/add',
  );
  await expect(page.getByRole('link', { name: /Find Projects/ })).toBeVisible();

  await page.goto('/home/card/profileCompletion');
  await expect(page.getByRole('heading', { name: 'Great job!' })).toBeVisible();
  await expect(
    page.getByText('You have just set up profile. Where do you want to go now from here?'),
  ).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /^Projects/ })).toHaveAttribute('href', '/projects');
  await expect(main.getByRole('link', { name: /^Skills/ })).toHaveAttribute('href', '/skillers');
  await expect(main.getByRole('link', { name: /^My Account/ })).toHaveAttribute('href', '/conversations');

  await page.goto('/home/card/somethingElse');
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL('/');
});

test('the home search keeps its text and tab and moves on to the find screen', async ({ page }) => {
  await page.goto('/');
  const search = page.getByRole('search');
  const box = search.getByPlaceholder(
    'Write what you want to build, who do you need, what skills, whatever...',
  );
  await expect(search.getByRole('radio', { name: 'Teammate' })).toBeChecked();
  await search.getByText('Project', { exact: true }).click();
  await box.fill('A mobile app for local farmers');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL('/find');
  await expect(page.getByRole('heading', { name: 'Find' })).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('searchText'), localStorage.getItem('searchTab')]),
  ).toEqual(['A mobile app for local farmers', 'Project']);

  await page.goto('/');
  await expect(box).toHaveValue('A mobile app for local farmers');
  await expect(search.getByRole('radio', { name: 'Project' })).toBeChecked();
});

test('account screens show inside their real frame', async ({ page, request }) => {
  const account = await createAccount(request);
  await openSignedIn(page, account, '/projects/my');
  await expect(page.getByRole('heading', { name: 'My Projects' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My Projects' }),
  ).toHaveAttribute('aria-current', 'page');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the menu button opens the small-screen menu', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    for (const name of [
      'Find Projects',
      'Find Teammates',
      'Add Project',
      'Add Teammate',
      'Feedback',
      'Feed',
      'Sign in',
    ]) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await menu.getByRole('link', { name: 'Feed', exact: true }).click();
    await expect(page).toHaveURL('/feed');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('the account sidebar becomes a left drawer', async ({ page, request }) => {
    const account = await createAccount(request);
    await openSignedIn(page, account, '/settings');
    const sidebar = page.getByRole('navigation', { name: 'Account' });
    await expect(sidebar).toBeHidden();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(sidebar).toBeVisible();
    // The drawer slides in from the left edge of the screen.
    await expect.poll(async () => (await page.getByRole('complementary').boundingBox())?.x).toBe(0);
    await sidebar.getByRole('link', { name: 'My Projects' }).click();
    await expect(page).toHaveURL('/projects/my');
    await expect(sidebar).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'My Account' }),
    ).toBeVisible();
  });
});

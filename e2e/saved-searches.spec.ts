import { expect, type Page, test } from '@playwright/test';
import { createAccount, openAs } from './support/accounts';
import { rewriteSavedSearch } from './support/stored-records';

/** The alert is pushed once the index job has run; well within this on an idle machine. */
const ALERT_BOUND_MS = 5_000;

const topBar = (page: Page) => page.getByRole('banner');

test('a saved search alerts its owner when another user publishes a matching profile', async ({
  browser,
  request,
}) => {
  const [ann, ben] = await Promise.all([createAccount(request), createAccount(request)]);
  // Words no other test's records hold, so only Ben's profile matches.
  const unique = Date.now().toString(36);
  const words = `lighthouse cartographer ${unique}`;
  const nickname = `ben-maps-${unique}`;

  // Ann searches skillers by text and saves the search, with the keyboard only in the dialog.
  const annPage = await openAs(browser, ann, '/find');
  const filters = annPage.getByRole('search', { name: 'Filters' });
  await filters.getByRole('radio', { name: 'Teammates' }).check();
  await filters.getByRole('searchbox', { name: 'Search' }).fill(words);
  await filters.getByRole('button', { name: 'Save search' }).click();
  const dialog = annPage.getByRole('dialog', { name: 'Save search' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await annPage.keyboard.type('Map makers');
  await expect(dialog.getByRole('checkbox', { name: /Notify me/ })).toBeChecked();
  await annPage.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(filters.getByRole('status')).toHaveText('Saved as “Map makers”');

  // Ann's saved searches list it, nothing new yet.
  await annPage.goto('/saved-searches');
  const saved = annPage.getByRole('listitem', { name: 'Map makers' });
  await expect(saved).toContainText(words);
  await expect(saved.getByText(/\d+ new/)).toHaveCount(0);

  // Ben publishes a matching profile.
  const published = await request.post('/api/teammate', {
    headers: { authorization: `Bearer ${ben.token}` },
    data: {
      nickname,
      toolsExperience: [{ tool: 'Figma', mep: 3 }],
      projectType: ['Freelancing'],
      productType: ['Mobile Application'],
      offeredGratification: ['Salary'],
      forGratification: ['Time'],
      description: `Lighthouse cartographer for coastal maps (${unique})`,
    },
  });
  expect(published.status(), await published.text()).toBe(201);

  // The bell rings live, and its entry names the search.
  const bell = topBar(annPage).getByRole('button', { name: /^Notifications/ });
  await expect(bell.getByTestId('unread-badge')).toHaveText('1 unread', { timeout: ALERT_BOUND_MS });
  await bell.click();
  await expect(annPage.getByRole('region', { name: 'Notifications' }).getByRole('listitem')).toHaveText([
    new RegExp(`${ben.username} published a skiller profile matching your saved search “Map makers”`),
  ]);
  await bell.click();

  // The saved search shows 1 new; opening it runs it on the find screen and clears the count.
  await annPage.reload();
  await expect(saved.getByText('1 new')).toBeVisible();
  await saved.getByRole('button', { name: 'Open' }).click();
  await expect(annPage).toHaveURL(/\/find$/);
  await expect(filters.getByRole('searchbox', { name: 'Search' })).toHaveValue(words);
  await expect(filters.getByRole('radio', { name: 'Teammates' })).toBeChecked();
  // Free text ranks: the matching profile comes first.
  await expect(annPage.getByText(nickname)).toBeVisible();
  await annPage.goBack();
  await expect(saved).toBeVisible();
  await expect(saved.getByText(/\d+ new/)).toHaveCount(0);
});

test('a saved search is renamed, switched off and deleted from the account screen', async ({
  browser,
  request,
}) => {
  const ann = await createAccount(request);
  const created = await request.post('/api/user/saved-searches', {
    headers: { authorization: `Bearer ${ann.token}` },
    data: { kind: 'project', name: 'Solar', activeFilters: {}, text: 'solar panels' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const page = await openAs(browser, ann, '/saved-searches');
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Saved Searches' }),
  ).toHaveAttribute('aria-current', 'page');

  const item = page.getByRole('listitem', { name: 'Solar' });
  await item.getByRole('button', { name: 'Rename' }).click();
  await item.getByRole('textbox', { name: 'New name' }).fill('Solar roofs');
  await page.keyboard.press('Enter');
  const renamed = page.getByRole('listitem', { name: 'Solar roofs' });
  await expect(renamed).toBeVisible();

  const alerts = renamed.getByRole('checkbox', { name: 'Alerts' });
  await expect(alerts).toBeChecked();
  // The switch shows the new state at once; the reload waits until the server has stored it.
  const stored = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' && response.url().includes('/api/user/saved-searches/'),
  );
  await alerts.uncheck();
  expect((await stored).status()).toBe(200);
  await page.reload();
  await expect(
    page.getByRole('listitem', { name: 'Solar roofs' }).getByRole('checkbox', { name: 'Alerts' }),
  ).not.toBeChecked();

  await page.getByRole('listitem', { name: 'Solar roofs' }).getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: /Delete/ })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('No saved searches yet.', { exact: false })).toBeVisible();
});

test('a stored saved search that no longer reads asks for attention, and is replaced from the find screen', async ({
  browser,
  request,
}) => {
  const ann = await createAccount(request);
  const created = await request.post('/api/user/saved-searches', {
    headers: { authorization: `Bearer ${ann.token}` },
    data: { kind: 'teammate', name: 'Broken search', activeFilters: { toolsExperience: ['Figma'] } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { savedSearch } = (await created.json()) as { savedSearch: { _id: string } };
  rewriteSavedSearch(savedSearch._id, { filters: null });

  const page = await openAs(browser, ann, '/saved-searches');
  const item = page.getByRole('listitem', { name: 'Broken search' });
  await expect(item).toContainText('This saved search needs attention');
  await expect(item.getByRole('button', { name: 'Open' })).toHaveCount(0);
  await item.getByRole('button', { name: 'Replace' }).click();

  await expect(page).toHaveURL(/\/find$/);
  const filters = page.getByRole('search', { name: 'Filters' });
  await filters.getByRole('radio', { name: 'Teammates' }).check();
  await filters.getByRole('searchbox', { name: 'Search' }).fill('lighthouse keepers');
  await filters.getByRole('button', { name: 'Replace “Broken search”' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replace saved search' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Broken search');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);

  await page.goto('/saved-searches');
  await expect(item).toContainText('lighthouse keepers');
  await expect(item.getByText('This saved search needs attention')).toHaveCount(0);
  await expect(item.getByRole('button', { name: 'Open' })).toBeVisible();
});

import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createAccount } from './support/accounts';
import { openPanel } from './support/filter-panel';
import { createProfile, uniqueName } from './support/listings';

/** Creates one profile per new account, in parallel, and returns their nicknames. */
const profiles = (
  request: APIRequestContext,
  prefix: string,
  count: number,
  fields: Record<string, unknown>,
) =>
  Promise.all(
    Array.from({ length: count }, async (_, at) => {
      const nickname = uniqueName(`${prefix} ${at}`);
      await createProfile(request, await createAccount(request), { nickname, ...fields });
      return nickname;
    }),
  );

/** Runs a home search: the text and tab are stored as the home screen keeps them, then the find screen opens. */
const homeSearch = async (page: Page, text: string) => {
  await page.goto('/');
  await page.evaluate((searchText) => {
    localStorage.setItem('searchTab', 'Teammate');
    localStorage.setItem('searchText', searchText);
  }, text);
  const filtering = page.waitForRequest('**/api/teammate/traditional_filtering');
  await page.goto('/find');
  return (await filtering).postDataJSON() as Record<string, unknown>;
};

const resultCount = async (page: Page) => {
  const text = await page.locator('.search-summary__count').innerText();
  return Number(text.replace(/[^\d]/g, ''));
};

const topNames = (page: Page, count: number) =>
  page
    .getByRole('list', { name: 'Teammates' })
    .getByRole('article')
    .evaluateAll((cards, n) => cards.slice(0, n).map((card) => card.getAttribute('aria-label') ?? ''), count);

test('the home search sends the text alone, shows the count and what it understood, React Native developers first', async ({
  page,
  request,
}) => {
  const natives = await profiles(request, 'Fitness RN dev', 3, {
    toolsExperience: [{ tool: 'React Native', mep: 4 }],
    areaOfExpertise: ['Fitness'],
    description: 'I build workout and fitness apps in React Native.',
  });
  await profiles(request, 'Spreadsheet person', 7, {
    toolsExperience: [{ tool: 'Microsoft Excel', mep: 3 }],
  });

  const sent = await homeSearch(page, 'need a react native dev for my fitness app');
  // Nothing is picked for the user: the server reads the text.
  expect(sent).toMatchObject({
    activeFilters: {},
    text: 'need a react native dev for my fitness app',
    page: 1,
  });

  const summary = page.getByRole('region', { name: 'Search summary' });
  await expect(summary.getByRole('status')).toHaveText(/^\d[\d,]* results$/);
  expect(await resultCount(page)).toBeGreaterThanOrEqual(10);
  await expect(summary.getByText('React Native', { exact: true })).toBeVisible();
  await expect(summary.getByText('Fitness', { exact: true })).toBeVisible();
  await expect.poll(() => topNames(page, 3)).toEqual(expect.arrayContaining(natives));

  // The panel keeps the text and picks nothing.
  const panel = await openPanel(page);
  await expect(panel.getByLabel('Search', { exact: true })).toHaveValue(
    'need a react native dev for my fitness app',
  );
  await expect(panel.getByRole('button', { name: 'Tools', exact: true })).toBeVisible();
});

test('"make it a filter" on an understood label picks it, and the count drops', async ({ page, request }) => {
  await profiles(request, 'Kotlin mobile dev', 2, { toolsExperience: [{ tool: 'Kotlin', mep: 3 }] });
  await profiles(request, 'Office manager', 3, { toolsExperience: [{ tool: 'Microsoft Excel', mep: 2 }] });
  await homeSearch(page, 'kotlin developer for an android app');
  const summary = page.getByRole('region', { name: 'Search summary' });
  await expect(summary.getByText('Kotlin', { exact: true })).toBeVisible();
  const before = await resultCount(page);
  expect(before).toBeGreaterThanOrEqual(5);

  const narrowed = page.waitForRequest('**/api/teammate/traditional_filtering');
  await summary.getByRole('button', { name: 'Make Kotlin a filter' }).click();
  expect((await narrowed).postDataJSON()).toMatchObject({
    activeFilters: { toolsExperience: [{ tool: 'Kotlin', mep: 1 }] },
  });
  await expect.poll(() => resultCount(page)).toBeLessThan(before);
  const panel = await openPanel(page);
  await expect(panel.getByRole('button', { name: 'Tools 1 picked' })).toBeVisible();

  // Remove: the label stops counting, and the search says so.
  const dismissed = page.waitForRequest('**/api/teammate/traditional_filtering');
  await summary.getByRole('button', { name: 'Remove Kotlin' }).click();
  expect((await dismissed).postDataJSON()).toMatchObject({ dismissed: { toolsExperience: ['Kotlin'] } });
  await expect(summary.getByText('Kotlin', { exact: true })).toHaveCount(0);
});

test('"frontend only, not full stack" shows no Full Stack Developer in the top five', async ({
  page,
  request,
}) => {
  await profiles(request, 'Frontend dev', 5, { hardSkills: ['Frontend Developer'] });
  const fullStack = await profiles(request, 'Full stack dev', 3, { hardSkills: ['Full Stack Developer'] });
  await homeSearch(page, 'frontend only, not full stack');
  const summary = page.getByRole('region', { name: 'Search summary' });
  await expect(summary.getByText('not: Full Stack Developer')).toBeVisible();
  await expect(summary.getByText('Frontend Developer', { exact: true })).toBeVisible();
  await expect.poll(() => topNames(page, 5).then((names) => names.length)).toBe(5);
  const top = await topNames(page, 5);
  for (const name of fullStack) expect(top).not.toContain(name);
});

test('"make it a filter" on "not: Full Stack Developer" excludes every Full Stack Developer, and the count drops', async ({
  page,
  request,
}) => {
  await profiles(request, 'Frontend only dev', 3, { hardSkills: ['Frontend Developer'] });
  const fullStack = await profiles(request, 'Frontend full stack dev', 3, {
    hardSkills: ['Frontend Developer', 'Full Stack Developer'],
  });
  await homeSearch(page, 'frontend only, not full stack');
  const summary = page.getByRole('region', { name: 'Search summary' });
  await expect(summary.getByText('not: Full Stack Developer')).toBeVisible();
  const before = await resultCount(page);

  const excluding = page.waitForRequest('**/api/teammate/traditional_filtering');
  await summary.getByRole('button', { name: 'Make not: Full Stack Developer a filter' }).click();
  const sent = (await excluding).postDataJSON() as Record<string, unknown>;
  expect(sent).toMatchObject({ activeFilters: {}, mustNot: { hardSkills: ['Full Stack Developer'] } });
  await expect.poll(() => resultCount(page)).toBeLessThan(before);
  await expect(summary.getByRole('button', { name: 'Make not: Full Stack Developer a filter' })).toHaveCount(
    0,
  );
  for (const name of fullStack) {
    await expect(page.getByRole('list', { name: 'Teammates' }).getByRole('article', { name })).toHaveCount(0);
  }

  // Every page of that search: not one Full Stack Developer.
  for (let at = 1, pages = 1; at <= pages; at++) {
    const answer = await request.post('/api/teammate/traditional_filtering', { data: { ...sent, page: at } });
    const body = (await answer.json()) as { teammates: { hardSkills?: string[] }[]; teammatesPages: number };
    pages = body.teammatesPages;
    for (const profile of body.teammates)
      expect(profile.hardSkills ?? []).not.toContain('Full Stack Developer');
  }

  // The panel lists it as excluded, its toggle pressed.
  const panel = await openPanel(page);
  await panel.getByRole('button', { name: 'Target Roles 1 picked' }).click();
  const picked = panel.getByRole('list', { name: 'Picked Target Roles' });
  await expect(picked.getByText('not: Full Stack Developer')).toBeVisible();
  await expect(picked.getByRole('button', { name: 'Exclude Full Stack Developer' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

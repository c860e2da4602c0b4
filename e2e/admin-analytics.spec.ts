import { expect, type Locator, test } from '@playwright/test';
import { adminToken, createAccount } from './support/accounts';
import { openPanel, pick } from './support/filter-panel';
import { createProject, uniqueName } from './support/listings';

/** Searches that match nothing, with labels picked at random, so that their rows are this test's alone. */
const ZERO_RESULT_SEARCHES = 25;

/** The number in a table's row whose header cell is `key`. */
const countIn = (figure: Locator, key: string) =>
  figure
    .getByRole('row')
    .filter({ has: figure.page().getByRole('rowheader', { name: key, exact: true }) })
    .getByRole('cell');

test('searches and clicks made in the app show in the admin analytics plots and tables', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request);
  const projectName = uniqueName('Analytics probe');
  const project = await createProject(request, owner, { projectName, locations: ['Tuvalu'] });
  await expect
    .poll(async () => {
      const answer = await request.post('/api/project/traditional_filtering_all', {
        data: { activeFilters: { locations: ['Tuvalu'] } },
      });
      return ((await answer.json()) as { items: { _id: string }[] }).items.some(
        (item) => item._id === project._id,
      );
    })
    .toBe(true);

  // Searches that find nothing, through the API: labels of the vocabularies (nothing else is taken), picked
  // at random so that no other test shares them, every one required.
  const { options } = (await (await request.get('/api/options')).json()) as {
    options: Record<'role' | 'softSkill' | 'country', string[]>;
  };
  const anyOf = (labels: string[]) => labels[Math.floor(Math.random() * labels.length)];
  const [skill, softSkill, country] = [anyOf(options.role), anyOf(options.softSkill), anyOf(options.country)];
  for (let search = 0; search < ZERO_RESULT_SEARCHES; search += 1) {
    const answer = await request.post('/api/project/traditional_filtering_all', {
      data: {
        activeFilters: { hardSkills: [skill], softSkills: [softSkill], locations: [country] },
        filtering_restriction: 'all_match',
      },
    });
    expect(((await answer.json()) as { total: number }).total).toBe(0);
  }

  // A search and a click in the app: the card's link reports its search event and rank.
  await page.goto('/projects');
  const panel = await openPanel(page);
  await pick(panel, 'Location', 'Tuvalu');
  const searched = page.waitForResponse('**/api/project/traditional_filtering_all');
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  const { eventId, items } = (await (await searched).json()) as { eventId: string; items: { _id: string }[] };
  const card = page.getByRole('list', { name: 'Projects' }).getByRole('article', { name: projectName });
  const clicked = page.waitForRequest('**/api/search/click');
  await card.getByRole('link', { name: 'See more' }).click();
  const click = (await clicked).postDataJSON() as { eventId: string; recordId: string; rank: number };
  expect(click).toEqual({
    eventId,
    recordId: project._id,
    rank: items.findIndex((item) => item._id === project._id) + 1,
  });
  await expect(page).toHaveURL(new RegExp(`/projects/${project._id}$`));

  // Not linked from the app: only an analyst who knows the address finds the page.
  await expect(page.locator('a[href="/admin/analytics"]')).toHaveCount(0);
  await page.goto('/admin/analytics');
  const token = page.getByLabel('Admin token');
  await token.fill('not-the-admin-token-but-long-enough-to-try');
  await page.getByRole('button', { name: 'Open analytics' }).click();
  await expect(page.getByText('The admin token is not valid.')).toBeVisible();
  await token.fill(adminToken());
  await page.getByRole('button', { name: 'Open analytics' }).click();

  // Real plots: an SVG line for the daily rate, SVG bars for the fallbacks, ranks, combinations and labels.
  const zeroRate = page.getByRole('figure', { name: 'Zero-result rate per day' });
  // The page's chunk carries the chart library: on a busy machine it takes a few seconds to run.
  await expect(zeroRate.locator('svg.recharts-surface')).toBeVisible({ timeout: 15_000 });
  await expect(zeroRate.locator('.recharts-line-curve')).toHaveCount(1);
  const clickThrough = page.getByRole('figure', { name: 'Click-through by rank' });
  await expect(clickThrough.locator('.recharts-bar-rectangle').first()).toBeVisible();
  const combinations = page.getByRole('figure', { name: 'Most frequent zero-result filter combinations' });
  await expect(combinations.locator('svg.recharts-surface')).toBeVisible();
  await expect(
    countIn(combinations, `softSkills: ${softSkill} + hardSkills: ${skill} + locations: ${country}`),
  ).toHaveText(String(ZERO_RESULT_SEARCHES));
  const labels = page.getByRole('figure', { name: 'Most used labels' });
  await expect(countIn(labels, `hardSkills: ${skill}`)).toHaveText(String(ZERO_RESULT_SEARCHES));
  await expect(labels.locator('.recharts-bar-rectangle')).toHaveCount(
    await labels
      .getByRole('row')
      .count()
      .then((rows) => rows - 1),
  );
  await expect(
    page.getByRole('figure', { name: 'Similarity fallback per day' }).locator('svg.recharts-surface'),
  ).toBeVisible();

  // The numbers are the report's: other tests search at the same time, so they are read from the API after.
  const rank = click.rank;
  const report = (await (
    await request.get('/api/admin/analytics', { headers: { authorization: `Bearer ${adminToken()}` } })
  ).json()) as { totals: { searches: number }; clickThroughByRank: { rank: number; clicks: number }[] };
  const shownSearches = Number(await page.locator('[data-total="searches"]').textContent());
  expect(shownSearches).toBeGreaterThanOrEqual(ZERO_RESULT_SEARCHES + 1);
  expect(shownSearches).toBeLessThanOrEqual(report.totals.searches);
  const [, clicksAtRank] = await countIn(clickThrough, String(rank)).allTextContents();
  expect(Number(clicksAtRank)).toBeGreaterThanOrEqual(1);

  // Invitation acceptance: all five score buckets, in their table, whatever was sent; ranks once invited.
  const byScore = page.getByRole('figure', { name: 'Invitation acceptance by reciprocal score' });
  await expect(byScore.locator('svg.recharts-surface')).toBeVisible();
  await expect(byScore.getByRole('rowheader')).toHaveText([
    '0–0.2',
    '0.2–0.4',
    '0.4–0.6',
    '0.6–0.8',
    '0.8–1',
  ]);
  await expect(page.getByRole('figure', { name: 'Invitation acceptance by rank' })).toBeVisible();

  // The token is kept for this tab: a reload opens the report at once.
  await page.reload();
  await expect(zeroRate.locator('svg.recharts-surface')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Forget the token' }).click();
  await expect(page.getByLabel('Admin token')).toBeVisible();
});

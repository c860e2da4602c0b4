import { type APIRequestContext, expect, type Locator, test } from '@playwright/test';
import { type Account, createAccount, openSignedIn } from './support/accounts';
import { openPanel, pick } from './support/filter-panel';
import { createProject, uniqueName } from './support/listings';

/** Saved projects. */
const NO_MATCH_LINE = "Sorry, we couldn't find any project meeting your criteria. Check out closest match.";
const NO_CLOSE_MATCHES = 'No close matches found.';
/** Similarity shows to three decimals. */
const THREE_DECIMALS = /^\d\.\d{3}$/;

const similarityOf = (card: Locator) =>
  card
    .locator('.listing-card__row')
    .filter({ hasText: /^Similarity/ })
    .locator('dd');

const save = async (request: APIRequestContext, reader: Account, id: string) => {
  const answer = await request.post(`/api/user/projects/${id}`, {
    headers: { authorization: `Bearer ${reader.token}` },
  });
  expect(answer.status(), await answer.text()).toBe(200);
};

test('filtering saved projects narrows them, and a filter matching nothing shows the closest with similarity', async ({
  page,
  request,
}) => {
  const [owner, reader] = await Promise.all([createAccount(request), createAccount(request)]);
  const islandName = uniqueName('Saved island project');
  const andesName = uniqueName('Saved Andes project');
  const unsavedName = uniqueName('Unsaved island office');
  const island = await createProject(request, owner, {
    projectName: islandName,
    locations: ['Seychelles'],
    workingTypeRemote: true,
    workingTypeOffice: false,
  });
  const andes = await createProject(request, owner, {
    projectName: andesName,
    locations: ['Peru'],
    workingTypeRemote: true,
    workingTypeOffice: false,
  });
  // Would match exactly, but the reader never saved it: it must not show.
  await createProject(request, owner, {
    projectName: unsavedName,
    locations: ['Seychelles'],
    workingTypeOffice: true,
  });
  await save(request, reader, andes._id);
  await save(request, reader, island._id);

  await openSignedIn(page, reader, '/projects/found');
  const saved = page.getByRole('list', { name: 'Saved projects' });
  await expect(saved.getByRole('article', { name: islandName })).toBeVisible();
  await expect(saved.getByRole('article', { name: andesName })).toBeVisible();

  const panel = await openPanel(page);
  await pick(panel, 'Location', 'Seychelles');
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(saved.getByRole('article', { name: andesName })).toHaveCount(0);
  await expect(saved.getByRole('article', { name: islandName })).toBeVisible();
  await expect(similarityOf(saved.getByRole('article', { name: islandName }))).toHaveCount(0);

  // Office as well: no saved project is both in Seychelles and in an office.
  await pick(panel, 'Working Type', 'Office');
  const filtered = page.waitForRequest('**/api/user/projects/found/filter');
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  expect((await filtered).postDataJSON()).toEqual({
    activeFilters: { locations: ['Seychelles'], offeredWorkingType: ['Office'] },
    filtering_restriction: 'min_1_match',
    page: 1,
  });

  await expect(page.getByText(NO_MATCH_LINE, { exact: true })).toBeVisible();
  const closest = page.getByRole('list', { name: 'Closest saved projects' });
  const islandCard = closest.getByRole('article', { name: islandName });
  await expect(similarityOf(islandCard)).toHaveText(THREE_DECIMALS);
  await expect(closest.getByRole('article', { name: unsavedName })).toHaveCount(0);
  for (const value of await similarityOf(closest.getByRole('article')).allTextContents()) {
    expect(value).toMatch(THREE_DECIMALS);
  }
  await expect(page.getByText(NO_CLOSE_MATCHES)).toHaveCount(0);

  // Clear Filters: the plain saved list again, without the line or similarity values.
  await panel.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page.getByText(NO_MATCH_LINE)).toHaveCount(0);
  await expect(saved.getByRole('article', { name: andesName })).toBeVisible();
  await expect(similarityOf(saved.getByRole('article', { name: islandName }))).toHaveCount(0);
});

test('a filter over no saved projects says that nothing is close', async ({ page, request }) => {
  const reader = await createAccount(request);
  await openSignedIn(page, reader, '/projects/found');
  await expect(page.getByText('No projects added...')).toBeVisible();

  const panel = await openPanel(page);
  await pick(panel, 'Location', 'Seychelles');
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByText(NO_MATCH_LINE, { exact: true })).toBeVisible();
  await expect(page.getByText(NO_CLOSE_MATCHES, { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Closest saved projects' })).toHaveCount(0);

  await panel.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page.getByText('No projects added...')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find Projects' })).toBeVisible();
});

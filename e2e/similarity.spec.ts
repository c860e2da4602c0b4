import { expect, type Locator, test } from '@playwright/test';
import { createAccount } from './support/accounts';
import { openPanel, pick } from './support/filter-panel';
import { createProfile, createProject, uniqueName } from './support/listings';

/** Similarity shows to three decimals. */
const THREE_DECIMALS = /^\d\.\d{3}$/;

/** The value of a card's Similarity row. */
const similarityOf = (card: Locator) =>
  card
    .locator('.listing-card__row')
    .filter({ hasText: /^Similarity/ })
    .locator('dd');

test('a profile search that matches nothing exactly shows the closest profiles with the note', async ({
  page,
  request,
}) => {
  const nickname = uniqueName('Remote islander');
  await createProfile(request, await createAccount(request), {
    nickname,
    locations: ['Madagascar'],
    workingTypeRemote: true,
    workingTypeOffice: false,
  });

  await page.goto('/teammates');
  const panel = await openPanel(page);
  await pick(panel, 'Location', 'Madagascar');
  await pick(panel, 'Working Type', 'Office');
  const sorted = page.waitForRequest('**/api/sort');
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  expect((await sorted).postDataJSON()).toEqual({
    type: 'teammate',
    filter: { locations: ['Madagascar'], offeredWorkingType: ['Office'] },
  });

  await expect(page.getByText('No exact matches found, showing closest teammates:')).toBeVisible();
  const card = page.getByRole('list', { name: 'Teammates' }).getByRole('article', { name: nickname });
  await expect(similarityOf(card)).toHaveText(THREE_DECIMALS);
  await expect(page.getByText('Brak wyszukań')).toHaveCount(0);

  // An exact match again: the note goes and the cards carry no similarity.
  await panel.getByRole('button', { name: 'Remove Office' }).click();
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByText('No exact matches found, showing closest teammates:')).toHaveCount(0);
  await expect(card).toBeVisible();
  await expect(similarityOf(card)).toHaveCount(0);
});

test('the projects listing shows the closest hits under its banner when nothing matches', async ({
  page,
  request,
}) => {
  const projectName = uniqueName('Remote island project');
  await createProject(request, await createAccount(request), {
    projectName,
    locations: ['Madagascar'],
    workingTypeRemote: true,
    workingTypeOffice: false,
  });

  await page.goto('/projects');
  const panel = await openPanel(page);
  await pick(panel, 'Location', 'Madagascar');
  await pick(panel, 'Working Type', 'Office');
  await panel.getByRole('button', { name: 'Apply Filters' }).click();

  await expect(page.getByText("Sorry we didn't find perfect match, checkout closest hits")).toBeVisible();
  const card = page
    .getByRole('list', { name: 'Projects and teammates' })
    .getByRole('article', { name: projectName });
  await expect(similarityOf(card)).toHaveText(THREE_DECIMALS);
});

import { expect, type Locator, test } from '@playwright/test';
import { createAccount } from './support/accounts';
import { createProfile, uniqueName } from './support/listings';

/** Opens a filter box by its title, whatever count it shows. */
const openBox = async (panel: Locator, title: string) => {
  const toggle = panel.getByRole('button', { name: new RegExp(`^${title}( \\d+ picked)?$`) });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
};

/** The contrast ratio (WCAG 2) of an element's text colour against its nearest painted background. */
const contrastOf = (element: Locator) =>
  element.evaluate((node) => {
    const channels = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = (colour: string) => {
      const [r, g, b] = channels(colour)
        .slice(0, 3)
        .map((value) => value / 255)
        .map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    let painted: Element | null = node;
    let background = 'rgba(0, 0, 0, 0)';
    while (painted && (channels(background)[3] ?? 1) === 0) {
      background = getComputedStyle(painted).backgroundColor;
      painted = painted.parentElement;
    }
    const [lighter, darker] = [luminance(getComputedStyle(node).color), luminance(background)].sort(
      (a, b) => b - a,
    );
    return (lighter + 0.05) / (darker + 0.05);
  });

const pick = async (panel: Locator, box: string, option: string) => {
  await openBox(panel, box);
  await panel.getByLabel(`Search ${box}`).fill(option);
  await panel
    .getByRole('list', { name: `All ${box}` })
    .getByRole('button', { name: new RegExp(`^${option}( \\(\\d+\\))?$`) })
    .click();
};

test('facet counts, a must-have picked by keyboard, zero results repaired in one click, and why each result matches', async ({
  page,
  request,
}) => {
  // Places and a language no other test uses, so every count below is this test's own.
  const [rustAccount, goAccount, maltaAccount] = await Promise.all([
    createAccount(request),
    createAccount(request),
    createAccount(request),
  ]);
  const rustName = uniqueName('Reykjavik Rust');
  const goName = uniqueName('Reykjavik Go');
  await createProfile(request, rustAccount, {
    nickname: rustName,
    locations: ['Iceland'],
    usedLanguages: ['Finnish'],
    toolsExperience: [{ tool: 'Rust', mep: 3 }],
    workingTypeRemote: true,
  });
  await createProfile(request, goAccount, {
    nickname: goName,
    locations: ['Iceland'],
    usedLanguages: ['Finnish'],
    toolsExperience: [{ tool: 'Go', mep: 2 }],
  });
  await createProfile(request, maltaAccount, {
    nickname: uniqueName('Valletta Rust'),
    locations: ['Malta'],
    usedLanguages: ['Finnish'],
    toolsExperience: [{ tool: 'Rust', mep: 1 }],
  });

  await page.goto('/teammates');
  const grid = page.getByRole('list', { name: 'Teammates' });
  const panel = page.getByRole('search', { name: 'Filters' });
  await panel.getByRole('button', { name: 'Adjust' }).click();
  await pick(panel, 'Location', 'Iceland');
  await pick(panel, 'Language', 'Finnish');
  await panel.getByRole('button', { name: 'Apply Filters' }).click();

  const rustCard = grid.getByRole('article', { name: rustName });
  await expect(rustCard).toBeVisible();
  await expect(grid.getByRole('article', { name: goName })).toBeVisible();
  await expect(grid.getByRole('article')).toHaveCount(2);
  await expect(rustCard.getByText('Matches 2 of 2: Finnish, Iceland')).toBeVisible();

  // Counts: Location ignores its own pick (Malta would add one), and honours the language.
  await openBox(panel, 'Location');
  const pickedLocation = panel.getByRole('list', { name: 'Picked Location' }).getByRole('listitem');
  await expect(pickedLocation).toContainText('Iceland (2)');
  // The count on the picked chip is as readable as its name (WCAG AA, 4.5:1).
  const chipCount = pickedLocation.locator('.tag-picker__count');
  expect(await contrastOf(chipCount)).toBeGreaterThanOrEqual(4.5);
  // Options are ordered by what they would find: Malta, the one other place with a Finnish speaker, leads.
  await expect(panel.getByRole('list', { name: 'All Location' }).getByRole('button').first()).toHaveText(
    'Malta (1)',
  );
  await panel.getByLabel('Search Location').fill('Malta');
  await expect(
    panel.getByRole('list', { name: 'All Location' }).getByRole('button', { name: /^Malta/ }),
  ).toHaveText('Malta (1)');

  // Rust becomes a must-have by keyboard; an Office-only search then finds nobody.
  await pick(panel, 'Tools', 'Rust');
  const mustHaveRust = panel.getByRole('switch', { name: 'Must-have Rust' });
  await expect(mustHaveRust).toHaveAttribute('aria-checked', 'false');
  await expect(mustHaveRust).toHaveAttribute(
    'title',
    'On: every result has Rust. Off: Rust only ranks the results.',
  );
  await mustHaveRust.focus();
  await page.keyboard.press('Space');
  await expect(mustHaveRust).toHaveAttribute('aria-checked', 'true');
  await pick(panel, 'Working Type', 'Office');
  const filtering = page.waitForRequest('**/api/teammate/traditional_filtering');
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  expect((await filtering).postDataJSON()).toMatchObject({
    mustHave: { toolsExperience: ['Rust'] },
    facets: true,
  });

  // Nothing matches: the one relaxation that helps shows above the closest teammates.
  const relax = page.getByRole('region', { name: 'Ways to find more' });
  const dropOffice = relax.getByRole('button', { name: 'Remove Working Type: Office → 1 teammate' });
  await expect(dropOffice).toBeVisible();
  await expect(relax.getByRole('button')).toHaveCount(1);
  await expect(page.getByText('No exact matches found, showing closest teammates:')).toBeVisible();

  await dropOffice.click();
  await expect(relax).toHaveCount(0);
  await expect(page.getByText('No exact matches found, showing closest teammates:')).toHaveCount(0);
  await expect(grid.getByRole('article')).toHaveCount(1);
  await expect(rustCard.getByText('Matches 3 of 3: Rust, Finnish, Iceland')).toBeVisible();

  // The detail page reached from the card explains the match in full.
  await rustCard.getByRole('link', { name: 'See more' }).click();
  const why = page.getByRole('region', { name: 'Why this match' });
  await expect(why).toBeVisible();
  await expect(why.getByText('Matches 3 of 3: Rust, Finnish, Iceland')).toBeVisible();
  await expect(why.getByRole('definition')).toHaveText(['Has Rust', 'Has Finnish', 'Has Iceland']);
});

test('when no single filter is to blame, one click drops the smallest set of filters that brings results back', async ({
  page,
  request,
}) => {
  // A tool, a place and a language no other test uses: nobody has COBOL or lives in Uruguay.
  const [first, second] = await Promise.all([createAccount(request), createAccount(request)]);
  const names = [uniqueName('Budapest Rust'), uniqueName('Budapest Go')];
  await createProfile(request, first, {
    nickname: names[0],
    locations: ['Hungary'],
    usedLanguages: ['Hungarian'],
    toolsExperience: [{ tool: 'Rust', mep: 2 }],
  });
  await createProfile(request, second, {
    nickname: names[1],
    locations: ['Hungary'],
    usedLanguages: ['Hungarian'],
    toolsExperience: [{ tool: 'Go', mep: 1 }],
  });

  await page.goto('/teammates');
  const grid = page.getByRole('list', { name: 'Teammates' });
  const panel = page.getByRole('search', { name: 'Filters' });
  await panel.getByRole('button', { name: 'Adjust' }).click();
  await pick(panel, 'Tools', 'COBOL');
  await pick(panel, 'Location', 'Uruguay');
  await pick(panel, 'Language', 'Hungarian');
  await panel.getByRole('button', { name: 'Apply Filters' }).click();

  // Dropping COBOL or Uruguay alone still leaves the other in the way: one button drops both.
  const relax = page.getByRole('region', { name: 'Ways to find more' });
  const dropBoth = relax.getByRole('button', { name: 'Remove COBOL and Uruguay → 2 teammates' });
  await expect(dropBoth).toBeVisible();
  await expect(relax.getByRole('button')).toHaveCount(1);

  const filtering = page.waitForRequest('**/api/teammate/traditional_filtering');
  await dropBoth.click();
  expect((await filtering).postDataJSON()).toMatchObject({
    activeFilters: { usedLanguages: ['Hungarian'] },
  });
  await expect(relax).toHaveCount(0);
  await expect(page.getByText('No exact matches found, showing closest teammates:')).toHaveCount(0);
  await expect(grid.getByRole('article')).toHaveCount(2);
  for (const name of names) await expect(grid.getByRole('article', { name })).toBeVisible();
});

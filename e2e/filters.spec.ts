import { expect, type Locator, type Page, test } from '@playwright/test';
import { createAccount, openSignedIn } from './support/accounts';
import { createProfile, createProject, uniqueName } from './support/listings';

/** Opens a filter box by its title, whatever count it shows, and returns its toggle. */
const openBox = async (panel: Locator, title: string) => {
  const toggle = panel.getByRole('button', { name: new RegExp(`^${title}( \\d+ picked)?$`) });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return toggle;
};

/** Types into a box's search and picks the first match with Enter, which empties the search. */
const pickWithEnter = async (panel: Locator, box: string, text: string) => {
  const search = panel.getByLabel(`Search ${box}`);
  await search.fill(text);
  await search.press('Enter');
  await expect(search).toHaveValue('');
};

const filterPanel = async (page: Page) => {
  const panel = page.getByRole('search', { name: 'Filters' });
  await panel.getByRole('button', { name: 'Adjust' }).click();
  return panel;
};

test('filters in several boxes narrow the profiles, and Clear Filters shows everyone again', async ({
  page,
  request,
}) => {
  const [fast, slow, junior] = await Promise.all([
    createAccount(request),
    createAccount(request),
    createAccount(request),
  ]);
  const tags = { locations: ['Mongolia'], usedLanguages: ['Swahili'], workingTypeRemote: true };
  // Created oldest first, so all three sit on the first page of the unfiltered list.
  const juniorName = uniqueName('Elixir beginner');
  await createProfile(request, junior, {
    ...tags,
    nickname: juniorName,
    toolsExperience: [{ tool: 'Elixir', mep: 1 }],
    availability: 40,
  });
  const slowName = uniqueName('Elixir part-timer');
  await createProfile(request, slow, {
    ...tags,
    nickname: slowName,
    toolsExperience: [{ tool: 'Elixir', mep: 5 }],
    availability: 5,
  });
  const fastName = uniqueName('Elixir expert');
  await createProfile(request, fast, {
    ...tags,
    nickname: fastName,
    toolsExperience: [{ tool: 'Elixir', mep: 4 }],
    availability: 30,
  });

  await page.goto('/teammates');
  const grid = page.getByRole('list', { name: 'Teammates' });
  await expect(grid.getByRole('article', { name: juniorName })).toBeVisible();
  const panel = await filterPanel(page);

  // Tools, with the lowest level asked: a new tool starts at level 1 in filters.
  const tools = await openBox(panel, 'Tools');
  await pickWithEnter(panel, 'Tools', 'elixir');
  const level = panel.getByLabel('Level for Elixir');
  await expect(level).toHaveValue('1');
  await expect(level.getByRole('option')).toHaveText(['Level 1', 'Level 2', 'Level 3', 'Level 4', 'Level 5']);
  await level.selectOption('3');
  await expect(tools).toHaveAccessibleName('Tools 1 picked');
  await expect(
    panel.getByRole('list', { name: 'All Tools' }).getByRole('button', { name: 'Elixir' }),
  ).toHaveCount(0);

  // One box open at a time; picking from the All list, and clicking a picked option returns it.
  const location = await openBox(panel, 'Location');
  await expect(tools).toHaveAttribute('aria-expanded', 'false');
  await expect(panel.getByLabel('Search Tools')).toHaveCount(0);
  await panel.getByLabel('Search Location').fill('MONGO');
  await panel.getByRole('list', { name: 'All Location' }).getByRole('button', { name: 'Mongolia' }).click();
  await pickWithEnter(panel, 'Location', 'chil');
  const pickedLocations = panel.getByRole('list', { name: 'Picked Location' }).getByRole('listitem');
  await expect(pickedLocations).toHaveText(['Mongolia', 'Chile'].map((country) => new RegExp(country)));
  await expect(location).toHaveAccessibleName('Location 2 picked');
  await panel.getByRole('button', { name: 'Remove Chile' }).click();
  await expect(pickedLocations).toHaveText([/Mongolia/]);
  await panel.getByLabel('Search Location').fill('chile');
  await expect(
    panel.getByRole('list', { name: 'All Location' }).getByRole('button', { name: 'Chile' }),
  ).toBeVisible();
  // Locations are not among the filters a user may propose options for.
  await panel.getByLabel('Search Location').fill('Atlantis');
  await expect(panel.getByText('No option matches “Atlantis”.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Propose' })).toHaveCount(0);

  const hoursBox = await openBox(panel, 'Hours per Week');
  const hours = panel.getByLabel('Hours per week', { exact: true });
  await hours.fill('150');
  await expect(hours).toHaveValue('100');
  await hours.fill('20');
  await panel.getByLabel('At least').check();
  await expect(hoursBox).toHaveAccessibleName('Hours per Week 1 picked');

  const filtering = page.waitForRequest('**/api/teammate/traditional_filtering');
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  expect((await filtering).postDataJSON()).toEqual({
    activeFilters: {
      toolsExperience: [{ tool: 'Elixir', mep: 3 }],
      locations: ['Mongolia'],
      requiredAvailability: { hours: 20, mode: 'At least' },
    },
    filtering_restriction: 'min_1_match',
    page: 1,
    facets: true,
  });
  await expect(grid.getByRole('article', { name: fastName })).toBeVisible();
  await expect(grid.getByRole('article', { name: slowName })).toHaveCount(0);
  await expect(grid.getByRole('article', { name: juniorName })).toHaveCount(0);
  // Only expert Elixir teammates are left, whoever else the other tests created.
  await expect(grid.getByRole('article').filter({ hasNotText: 'Elixir expert' })).toHaveCount(0);

  // The three offer remote work only: asking for office work matches nobody exactly, so the
  // closest teammates show instead, with the note.
  await openBox(panel, 'Working Type');
  await panel.getByRole('list', { name: 'All Working Type' }).getByRole('button', { name: 'Office' }).click();
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByText('No exact matches found, showing closest teammates:')).toBeVisible();
  await expect(grid.getByRole('article', { name: fastName })).toBeVisible();

  await panel.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(grid.getByRole('article', { name: fastName })).toBeVisible();
  await expect(grid.getByRole('article', { name: slowName })).toBeVisible();
  await expect(grid.getByRole('article', { name: juniorName })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Working Type' })).toHaveAccessibleName('Working Type');
  await expect(tools).toHaveAccessibleName('Tools');
  await expect(hoursBox).toHaveAccessibleName('Hours per Week');
});

test('a signed-in user proposes an option the lists lack; a visitor is asked to sign in', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await openSignedIn(page, account, '/teammates');
  const panel = await filterPanel(page);
  await openBox(panel, 'Project Type');
  const search = panel.getByLabel('Search Project Type');
  const proposal = uniqueName('Moon base');
  await search.fill(proposal);
  await expect(panel.getByText(`No option matches “${proposal}”.`)).toBeVisible();
  const sent = page.waitForRequest('**/api/proposition');
  await panel.getByRole('button', { name: 'Propose' }).click();
  expect((await sent).postDataJSON()).toEqual({ proposition: proposal, filterType: 'projectType' });
  const banner = panel.getByRole('status').filter({ hasText: 'Successfully propose new filter' });
  await expect(banner).toBeVisible();
  await expect(search).toHaveValue('');
  await expect(panel.getByRole('button', { name: 'Propose' })).toHaveCount(0);
  // The banner shows for 3.5 seconds.
  await page.waitForTimeout(2500);
  await expect(banner).toBeVisible();
  await expect(banner).toBeHidden({ timeout: 2000 });

  // A proposal is no option until it joins the lists: Enter picks nothing, and no search sends it.
  await search.fill(proposal);
  await search.press('Enter');
  await expect(panel.getByRole('list', { name: 'Picked Project Type' })).toHaveCount(0);
  const filtering = page.waitForRequest('**/api/teammate/traditional_filtering');
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  expect(JSON.stringify((await filtering).postDataJSON())).not.toContain(proposal);

  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/teammates');
  const visitorPanel = await filterPanel(page);
  await openBox(visitorPanel, 'Industry');
  await visitorPanel.getByLabel('Search Industry').fill('Asteroid mining');
  await visitorPanel.getByRole('button', { name: 'Propose' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the find screen shows the stored tab and filters that kind', async ({ page, request }) => {
  const owner = await createAccount(request);
  const steppe = uniqueName('Steppe project');
  await createProject(request, owner, { projectName: steppe, locations: ['Mongolia'] });
  const coast = uniqueName('Coast project');
  await createProject(request, owner, { projectName: coast, locations: ['Portugal'] });

  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('searchTab', 'Project');
    localStorage.setItem('searchText', 'projects in the steppe');
  });
  // The stored text is applied on its own shortly after the screen loads.
  const stored = page.waitForRequest('**/api/project/traditional_filtering_all');
  await page.goto('/find');
  // The text itself ranks the matches too (hybrid ranking): it is sent along with the filters.
  expect((await stored).postDataJSON()).toEqual({
    activeFilters: {},
    filtering_restriction: 'min_1_match',
    page: 1,
    facets: true,
    text: 'projects in the steppe',
  });
  const panel = page.getByRole('search', { name: 'Filters' });
  await expect(panel.getByLabel('Search', { exact: true })).toHaveValue('projects in the steppe');
  await expect(panel.getByRole('radio', { name: 'Projects' })).toBeChecked();
  const projects = page.getByRole('list', { name: 'Projects' });
  await expect(projects.getByRole('article', { name: coast })).toBeVisible();

  await panel.getByRole('button', { name: 'Adjust' }).click();
  await openBox(panel, 'Location');
  await pickWithEnter(panel, 'Location', 'mongolia');
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(projects.getByRole('article', { name: steppe })).toBeVisible();
  await expect(projects.getByRole('article', { name: coast })).toHaveCount(0);

  // The other tab shows teammates under the same filters.
  const profiles = page.waitForRequest('**/api/teammate/traditional_filtering');
  await panel.getByText('Teammates', { exact: true }).click();
  await expect(panel.getByRole('radio', { name: 'Teammates' })).toBeChecked();
  expect((await profiles).postDataJSON()).toMatchObject({
    activeFilters: { locations: ['Mongolia'] },
    text: 'projects in the steppe',
  });
  await expect(projects).toHaveCount(0);
  await expect(panel.getByRole('list', { name: 'Picked Location' })).toHaveText(/Mongolia/);
  expect(await page.evaluate(() => localStorage.getItem('searchTab'))).toBe('Teammate');
});

test('the projects listing filters both kinds and keeps its switch', async ({ page, request }) => {
  const [owner, profile] = await Promise.all([createAccount(request), createAccount(request)]);
  const island = uniqueName('Island project');
  await createProject(request, owner, { projectName: island, locations: ['Madagascar'] });
  const inland = uniqueName('Inland project');
  await createProject(request, owner, { projectName: inland, locations: ['Austria'] });
  const islander = uniqueName('Islander');
  await createProfile(request, profile, { nickname: islander, locations: ['Madagascar'] });

  await page.goto('/projects');
  const grid = page.getByRole('list', { name: 'Projects and teammates' });
  await expect(grid.getByRole('article', { name: inland })).toBeVisible();
  const panel = await filterPanel(page);
  await expect(panel.getByRole('radio')).toHaveCount(0);
  await openBox(panel, 'Location');
  await pickWithEnter(panel, 'Location', 'madagascar');
  // Enter in the search box applies the filters, as Apply Filters does.
  await panel.getByLabel('Search', { exact: true }).press('Enter');
  await expect(grid.getByRole('article', { name: island })).toBeVisible();
  await expect(grid.getByRole('article', { name: islander })).toBeVisible();
  await expect(grid.getByRole('article', { name: inland })).toHaveCount(0);

  await page.getByRole('group', { name: 'Show' }).getByText('Projects', { exact: true }).click();
  await expect(grid.getByRole('article', { name: islander })).toHaveCount(0);
  await expect(grid.getByRole('article', { name: island })).toBeVisible();
});

test('when filtering fails, the whole list shows with a short notice', async ({ page, request }) => {
  const account = await createAccount(request);
  const nickname = uniqueName('Anyone at all');
  await createProfile(request, account, { nickname });
  await page.goto('/teammates');
  const panel = await filterPanel(page);
  await openBox(panel, 'Soft Skills');
  await pickWithEnter(panel, 'Soft Skills', 'empathy');
  // The filtering call fails on its way; every other call reaches the server.
  await page.route('**/api/teammate/traditional_filtering', (route) => route.abort('connectionfailed'));
  const unfiltered = page.waitForRequest('**/api/teammates/?page=1');
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  await unfiltered;
  await expect(panel.getByRole('alert')).toHaveText(
    "We couldn't apply your filters right now, so everything is shown instead. Please try again in a moment.",
  );
  await expect(
    page.getByRole('list', { name: 'Teammates' }).getByRole('article', { name: nickname }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/teammates$/);
});

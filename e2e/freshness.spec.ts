import { expect, test } from '@playwright/test';
import { createAccount, openSignedIn } from './support/accounts';
import { openPanel, pick } from './support/filter-panel';
import { createProfile, createProject, uniqueName } from './support/listings';
import { daysAgo, rewriteListing } from './support/stored-records';

/** The outbox sweep runs every 5 seconds; indexing follows. */
const SWEPT = { timeout: 20_000 };

test('"Active within 7 days" and "Open only" narrow the skillers; cards say when their owners were active', async ({
  page,
  request,
}) => {
  test.slow();
  const [fresh, stale, closed] = await Promise.all([
    createAccount(request),
    createAccount(request),
    createAccount(request),
  ]);
  const tags = { locations: ['Bhutan'] };
  const [freshName, staleName, closedName] = [
    uniqueName('Fresh skiller'),
    uniqueName('Quiet skiller'),
    uniqueName('Busy skiller'),
  ];
  await createProfile(request, fresh, { ...tags, nickname: freshName });
  const staleProfile = await createProfile(request, stale, { ...tags, nickname: staleName });
  await createProfile(request, closed, { ...tags, nickname: closedName });
  const close = await request.put('/api/user/myTeammate/open', {
    headers: { authorization: `Bearer ${closed.token}` },
    data: { open: false },
  });
  expect(close.status(), await close.text()).toBe(200);
  rewriteListing('teammate', staleProfile._id, { lastActiveAt: daysAgo(20) });

  await page.goto('/teammates');
  const grid = page.getByRole('list', { name: 'Teammates' });
  const panel = await openPanel(page);
  await pick(panel, 'Location', 'Bhutan');
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  const card = (name: string) => grid.getByRole('article', { name });
  await expect(card(freshName)).toBeVisible();
  await expect(card(closedName)).toBeVisible();
  // The quiet owner's card reads the stored record, which says so at once.
  await expect(async () => {
    await panel.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(card(staleName)).toContainText('Active 2 weeks ago', { timeout: 1_000 });
  }).toPass(SWEPT);
  await expect(card(freshName)).toContainText('Active now');
  await expect(card(freshName).getByText('Open to collaborate')).toBeVisible();
  await expect(card(closedName).getByText('Open to collaborate')).toHaveCount(0);

  await panel.getByLabel('Active within').selectOption('7');
  const filtering = page.waitForRequest('**/api/teammate/traditional_filtering');
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  expect((await filtering).postDataJSON().activeFilters).toEqual({
    locations: ['Bhutan'],
    activeWithinDays: 7,
  });
  // Cards read the store, the filter reads the index: the old activity may reach the index a sweep later.
  // Each try waits for its answer and a fresh card, so an empty grid while loading does not count.
  await expect(async () => {
    const answered = page.waitForResponse('**/api/teammate/traditional_filtering');
    await panel.getByRole('button', { name: 'Apply Filters' }).click();
    await answered;
    await expect(card(freshName)).toBeVisible({ timeout: 1_000 });
    await expect(card(staleName)).toHaveCount(0, { timeout: 1_000 });
  }).toPass(SWEPT);
  await expect(card(freshName)).toBeVisible();
  await expect(card(closedName)).toBeVisible();

  await panel.getByLabel('Open only').check();
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(card(closedName)).toHaveCount(0);
  await expect(card(freshName)).toBeVisible();
  await expect(card(staleName)).toHaveCount(0);
});

test('the owner reconfirms a lapsed "Open to collaborate" with one click on My Skills', async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await createAccount(request);
  const name = uniqueName('Lapsed skiller');
  const profile = await createProfile(request, owner, { nickname: name });
  rewriteListing('teammate', profile._id, { openConfirmedAt: daysAgo(70) });

  await openSignedIn(page, owner, '/skillers/my');
  const card = page.getByRole('article', { name });
  await expect(card.getByText('Open to collaborate lapsed')).toBeVisible();
  await expect(card.getByText('Open to collaborate', { exact: true })).toHaveCount(0);

  await card.getByRole('button', { name: 'Still open' }).click();
  await expect(card.getByText('Open to collaborate', { exact: true })).toBeVisible();
  await expect(card.getByText('Open to collaborate lapsed')).toHaveCount(0);
  // Stored: a reload shows it open too.
  await page.reload();
  await expect(
    page.getByRole('article', { name }).getByText('Open to collaborate', { exact: true }),
  ).toBeVisible();
});

test('a lapse notice at sign-in reconfirms the profile with one click on "Still open"', async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await createAccount(request);
  const name = uniqueName('Forgetful skiller');
  const profile = await createProfile(request, owner, { nickname: name });
  rewriteListing('teammate', profile._id, { openConfirmedAt: daysAgo(61) });
  // The next sign-in finds the lapse and tells of it.
  const login = await request.post('/api/auth/login', {
    data: { email: owner.email, password: owner.password },
  });
  expect(login.status(), await login.text()).toBe(200);

  await openSignedIn(page, owner, '/skillers/my');
  const card = page.getByRole('article', { name });
  await expect(card.getByText('Open to collaborate lapsed')).toBeVisible();
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bell.getByTestId('unread-badge')).toHaveText('1 unread');
  await bell.click();
  const notice = page
    .getByRole('region', { name: 'Notifications' })
    .getByRole('listitem')
    .filter({ hasText: `${name} is no longer shown as open to collaborate` });
  await notice.getByRole('button', { name: 'Still open' }).click();
  await expect(notice.getByText('Open for 60 more days')).toBeVisible();
  // My Skills follows without a reload.
  await expect(card.getByText('Open to collaborate', { exact: true })).toBeVisible();
});

test('the owner closes and reopens a project on My Projects; its badge follows', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request);
  const projectName = uniqueName('Switchable project');
  await createProject(request, owner, { projectName });

  await openSignedIn(page, owner, '/projects/my');
  const card = page.getByRole('article', { name: projectName });
  // The badge beside "Active …", not the button of the same name that turns the switch back on.
  const badge = card.locator('.freshness-line').getByText('Open to collaborate');
  await expect(badge).toBeVisible();
  await expect(card).toContainText('Active now');

  await card.getByRole('button', { name: 'Close' }).click();
  await expect(badge).toHaveCount(0);
  await card.getByRole('button', { name: 'Open to collaborate' }).click();
  await expect(badge).toBeVisible();
  await expect(card.getByRole('button', { name: 'Still open' })).toBeVisible();
});

test('"Still open" on a project lapse notice shows the project open on My Projects without a reload', async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await createAccount(request);
  const projectName = uniqueName('Dormant project');
  const project = await createProject(request, owner, { projectName });
  rewriteListing('project', project._id, { openConfirmedAt: daysAgo(61) });
  const login = await request.post('/api/auth/login', {
    data: { email: owner.email, password: owner.password },
  });
  expect(login.status(), await login.text()).toBe(200);

  await openSignedIn(page, owner, '/projects/my');
  const card = page.getByRole('article', { name: projectName });
  await expect(card.getByText('Open to collaborate lapsed')).toBeVisible();
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await bell.click();
  const notice = page
    .getByRole('region', { name: 'Notifications' })
    .getByRole('listitem')
    .filter({ hasText: `${projectName} is no longer shown as open to collaborate` });
  await notice.getByRole('button', { name: 'Still open' }).click();
  await expect(notice.getByText('Open for 60 more days')).toBeVisible();
  await expect(card.getByText('Open to collaborate lapsed')).toHaveCount(0);
  await expect(card.locator('.freshness-line').getByText('Open to collaborate')).toBeVisible();
});

test('"Open only" that finds nobody is offered as a one-click relaxation in the filter panel', async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await createAccount(request);
  const name = uniqueName('Closed skiller');
  await createProfile(request, owner, { locations: ['Liechtenstein'], nickname: name });
  const close = await request.put('/api/user/myTeammate/open', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { open: false },
  });
  expect(close.status(), await close.text()).toBe(200);

  await page.goto('/teammates');
  const grid = page.getByRole('list', { name: 'Teammates' });
  const panel = await openPanel(page);
  await pick(panel, 'Location', 'Liechtenstein');
  await panel.getByLabel('Open only').check();
  const relax = page.getByRole('region', { name: 'Ways to find more' });
  // Other tests (or a retry) may leave closed profiles there too: the count is at least this one.
  const dropOpenOnly = relax.getByRole('button', { name: /^Remove Open only → \d+ teammates?$/ });
  // The closed switch reaches the index with the next outbox sweep.
  await expect(async () => {
    await panel.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(dropOpenOnly).toBeVisible({ timeout: 1_000 });
  }).toPass(SWEPT);

  await dropOpenOnly.click();
  await expect(relax).toHaveCount(0);
  await expect(grid.getByRole('article', { name })).toBeVisible();
  await expect(panel.getByLabel('Open only')).not.toBeChecked();
});

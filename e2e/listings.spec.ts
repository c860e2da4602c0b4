import { expect, type Locator, type Page, test } from '@playwright/test';
import { createAccount, openSignedIn } from './support/accounts';
import { createProfile, createProject, uniqueName } from './support/listings';

// These tests read the shared project and profile listings, which show only the newest items:
// they run one after another so that no test pushes another's items off the first page.
test.describe.configure({ mode: 'default' });

const REQUIRED_ALERT = 'You need to fill required fields';

/** Collects the alerts a page raises, accepting each. */
const collectAlerts = (page: Page) => {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
};

/** Opens a form section by its title; the red x adds "(required)" to the name of required ones. */
const openSection = async (form: Locator, title: string) => {
  const toggle = form.getByRole('button', {
    name: new RegExp(`^${title}( \\(required\\))?( \\d+ picked)?$`),
  });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return toggle;
};

/** Types into a picker's search box and picks the first match with Enter. */
const pickWithEnter = async (form: Locator, label: string, text: string) => {
  const search = form.getByLabel(`Search ${label}`);
  await search.fill(text);
  await search.press('Enter');
  await expect(search).toHaveValue('');
};

const pad = (value: number) => String(value).padStart(2, '0');
const britishDate = (day: Date) => `${pad(day.getDate())}/${pad(day.getMonth() + 1)}/${day.getFullYear()}`;
const dayLabel = (day: Date) =>
  `${day.toLocaleDateString('en-GB', { weekday: 'long' })} ${day.getDate()} ${day.toLocaleDateString('en-GB', { month: 'long' })} ${day.getFullYear()}`;

test('a project is created through the form, edited, and shown on the listing and in My Projects', async ({
  page,
  request,
}) => {
  // It drives every control of the form, then edits, lists and opens the project.
  test.slow();
  const owner = await createAccount(request);
  const alerts = collectAlerts(page);
  const sent: unknown[] = [];
  page.on('request', (call) => {
    if (call.method() === 'POST' && call.url().endsWith('/api/project')) sent.push(call.postDataJSON());
  });
  await openSignedIn(page, owner, '/project/add');
  const form = page.getByRole('form', { name: 'Add project' });

  // Nothing is sent while required fields are missing; the alert says so.
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => alerts).toEqual([REQUIRED_ALERT]);
  expect(sent).toEqual([]);
  for (const title of [
    'Name and Description',
    'Tools',
    'Project Type',
    'Product Type',
    'Reward',
    'Compensation Basis',
  ]) {
    await expect(form.getByRole('button', { name: new RegExp(`^${title} \\(required\\)`) })).toBeVisible();
  }
  await expect(form.getByRole('button', { name: /^Industry/ })).not.toHaveAccessibleName(/required/);
  await expect(form.getByText('✕').first()).toHaveCSS('color', 'rgb(220, 38, 38)');

  const name = uniqueName('Farmers market');
  await expect(form.getByLabel('Project name')).toHaveAccessibleDescription(REQUIRED_ALERT);
  await form.getByLabel('Project name').fill(name);
  const description = form.getByLabel('Description');
  await expect(description).toHaveAttribute('rows', '6');
  await description.fill('Fresh food, straight from the farm.');
  await expect(description).toHaveAccessibleDescription('35 characters');

  // One section open at a time.
  const basics = form.getByRole('button', { name: /^Name and Description/ });
  const tools = await openSection(form, 'Tools');
  await expect(basics).toHaveAttribute('aria-expanded', 'false');
  await pickWithEnter(form, 'Tools', 'react');
  await form.getByLabel('Level for React').selectOption('3');
  // Filled, the section loses its red x.
  await expect(tools).toHaveAccessibleName('Tools 1 picked');

  await openSection(form, 'Project Type');
  await expect(tools).toHaveAttribute('aria-expanded', 'false');
  await pickWithEnter(form, 'Project Type', 'HACK');
  await form
    .getByRole('list', { name: 'All Project Type' })
    .getByRole('button', { name: 'Start Up' })
    .click();
  await expect(form.getByRole('list', { name: 'Picked Project Type' }).getByRole('listitem')).toHaveText([
    /Hackathon Project/,
    /Start Up/,
  ]);
  await openSection(form, 'Product Type');
  await pickWithEnter(form, 'Product Type', 'web app');
  await openSection(form, 'Reward');
  await pickWithEnter(form, 'Reward', 'salary');
  await openSection(form, 'Compensation Basis');
  await pickWithEnter(form, 'Compensation Basis', 'milestone');
  await openSection(form, 'Working Type');
  await form.getByLabel('Remote').check();

  await openSection(form, 'Weekly Availability');
  const hours = form.getByLabel('Up to (hours per week)');
  await hours.fill('150');
  await expect(hours).toHaveValue('100');

  // The calendar starts at tomorrow: every earlier day is closed.
  await openSection(form, 'Deadline');
  await form.getByRole('button', { name: 'Choose date' }).click();
  const calendar = form.getByRole('group', { name: 'Calendar' });
  await expect(calendar.getByRole('button', { name: 'Previous month' })).toBeDisabled();
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  const days = await calendar
    .getByRole('button', { name: /\d{4}$/ })
    .evaluateAll((buttons) =>
      buttons.map((button) => [button.getAttribute('aria-label'), (button as HTMLButtonElement).disabled]),
    );
  const tomorrowAt = days.findIndex(([label]) => label === dayLabel(tomorrow));
  expect(tomorrowAt).toBeGreaterThanOrEqual(0);
  expect(days.slice(0, tomorrowAt).every(([, disabled]) => disabled)).toBe(true);
  expect(days.slice(tomorrowAt).every(([, disabled]) => !disabled)).toBe(true);
  const deadline = new Date(tomorrow.getFullYear(), tomorrow.getMonth() + 1, 15);
  await calendar.getByRole('button', { name: 'Next month' }).click();
  await calendar.getByRole('button', { name: dayLabel(deadline) }).click();
  await expect(calendar).toBeHidden();
  await expect(form.getByLabel('Deadline')).toHaveValue(britishDate(deadline));

  // The two shares always add up to 100.
  await openSection(form, 'Business / Tech');
  const business = form.getByLabel('Business (%)');
  const tech = form.getByLabel('Tech (%)');
  await expect(business).toHaveValue('50');
  await business.fill('70');
  await expect(tech).toHaveValue('30');
  await business.fill('abc');
  await expect(business).toHaveValue('');
  await expect(tech).toHaveValue('');
  await tech.fill('140');
  await expect(business).toHaveValue('0');
  await expect(tech).toHaveValue('100');
  await business.fill('60');

  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL('/projects/my');
  expect(alerts).toHaveLength(1);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({
    projectName: name,
    toolsExperience: [{ tool: 'React', mep: 3 }],
    projectType: ['Hackathon Project', 'Start Up'],
    productType: ['Web Application'],
    workingTypeRemote: true,
    availability: 100,
    bizRole: 60,
    techRole: 40,
  });
  // Empty and false fields are left out.
  expect(sent[0]).not.toHaveProperty('projectGoal');
  expect(sent[0]).not.toHaveProperty('locations');
  expect(sent[0]).not.toHaveProperty('workingTypeOffice');

  const card = page.getByRole('article', { name });
  await expect(card.getByText('My Project')).toBeVisible();
  // The list the spec goes to leads on to the new project.
  const published = page.getByRole('status').filter({ hasText: `“${name}” is published.` });
  await expect(published.getByRole('link', { name: 'Open it' })).toHaveAttribute(
    'href',
    /^\/projects\/[0-9a-f]{24}$/,
  );
  await expect(card.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await card.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/project\/editProject\/[0-9a-f]{24}$/);

  // Editing loads the project; the edit form does not insist on a product type.
  const edit = page.getByRole('form', { name: 'Edit project' });
  await expect(edit.getByLabel('Project name')).toHaveValue(name);
  await expect(edit.getByLabel('Description')).toHaveAttribute('rows', '8');
  await expect(edit.getByRole('button', { name: /^Product Type/ })).not.toHaveAccessibleName(/required/);
  const renamed = uniqueName('Farmers market, renamed');
  await edit.getByLabel('Project name').fill(renamed);
  await openSection(edit, 'Product Type');
  await edit.getByRole('button', { name: 'Remove Web Application' }).click();
  await openSection(edit, 'Deadline');
  await expect(edit.getByLabel('Deadline')).toHaveValue(britishDate(deadline));
  await edit.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL('/projects/my');
  const renamedCard = page.getByRole('article', { name: renamed });
  await expect(renamedCard).toBeVisible();
  await expect(page.getByText('is published.')).toHaveCount(0);
  await expect(renamedCard.getByRole('definition').filter({ hasText: 'Not specified' })).toHaveCount(1);

  // The listing shows it among projects, not among teammates.
  await page.goto('/projects');
  const listed = page.getByRole('article', { name: renamed });
  await expect(listed.getByText('My Project')).toBeVisible();
  const show = page.getByRole('group', { name: 'Show' });
  await expect(show.getByRole('radio', { name: 'All' })).toBeChecked();
  await show.getByText('Teammates').click();
  await expect(show.getByRole('radio', { name: 'Teammates' })).toBeChecked();
  await expect(listed).toBeHidden();
  await show.getByText('Projects').click();
  await expect(listed).toBeVisible();

  await listed.getByRole('link', { name: 'See more' }).click();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByText(`by ${owner.username}`)).toBeVisible();
  await expect(page.getByText(`Until ${britishDate(deadline)}`)).toBeVisible();
  await expect(page.getByText('Business 60% · Tech 40%')).toBeVisible();
  await expect(page.getByText('React · level 3')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute(
    'href',
    /\/project\/editProject\/[0-9a-f]{24}$/,
  );
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
});

test('a profile is created through the form, edited, and shown on the list and in My Skills', async ({
  page,
  request,
}) => {
  // It creates, opens, lists and edits the profile: five screens, like the project test above.
  test.slow();
  const profile = await createAccount(request);
  const alerts = collectAlerts(page);
  await openSignedIn(page, profile, '/skillers/my');
  await expect(page.getByText('No skiller profile yet...')).toBeVisible();
  await page.getByRole('link', { name: 'Create Skiller Profile' }).click();
  await expect(page).toHaveURL('/teammates/add');

  const form = page.getByRole('form', { name: 'Add skiller profile' });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => alerts).toEqual([REQUIRED_ALERT]);

  const nickname = uniqueName('Ada');
  await form.getByLabel('Nickname').fill(nickname);
  await expect(form.getByLabel('Description')).toHaveAttribute('rows', '6');
  await openSection(form, 'Tools');
  await pickWithEnter(form, 'Tools', 'figma');
  await openSection(form, 'Project Type');
  await pickWithEnter(form, 'Project Type', 'start');
  await openSection(form, 'Product Type');
  await pickWithEnter(form, 'Product Type', 'mobile app');
  await openSection(form, 'Reward');
  await pickWithEnter(form, 'Reward', 'equity');
  await openSection(form, 'Compensation Basis');
  await pickWithEnter(form, 'Compensation Basis', 'time');
  await openSection(form, 'Weekly Availability');
  await form.getByLabel('Up to (hours per week)').fill('20');
  await openSection(form, 'Collaboration Duration');
  const duration = form.getByLabel('Collaboration duration (months)');
  await duration.fill('75');
  await expect(duration).toHaveValue('60');

  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL('/teammates');
  expect(alerts).toHaveLength(1);
  const card = page.getByRole('article', { name: nickname });
  await expect(card.getByText('My Skills')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Save' })).toHaveCount(0);
  const published = page.getByRole('status').filter({ hasText: `“${nickname}” is published.` });
  await published.getByRole('link', { name: 'Open it' }).click();
  await expect(page).toHaveURL(/^.*\/teammates\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { name: nickname })).toBeVisible();

  await page.goto('/skillers/my');
  const mine = page.getByRole('article', { name: nickname });
  await expect(mine.getByText('My Skills')).toBeVisible();
  await mine.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/teammates\/editTeammate\/[0-9a-f]{24}$/);

  const edit = page.getByRole('form', { name: 'Edit skiller profile' });
  await expect(edit.getByLabel('Nickname')).toHaveValue(nickname);
  await expect(edit.getByLabel('Description')).toHaveAttribute('rows', '8');
  await openSection(edit, 'Collaboration Duration');
  await expect(edit.getByLabel('Collaboration duration (months)')).toHaveValue('60');
  await openSection(edit, 'Weekly Availability');
  await expect(edit.getByLabel('From (hours)')).toHaveValue('10');
  await expect(edit.getByLabel('To (hours)')).toHaveValue('15');
  await expect(edit.getByLabel('Counted')).toHaveValue('Monthly');
  const renamed = uniqueName('Ada, renamed');
  await openSection(edit, 'Nickname and Description');
  await edit.getByLabel('Nickname').fill(renamed);
  await edit.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL('/skillers/my');
  await page.getByRole('article', { name: renamed }).getByRole('link', { name: 'See more' }).click();

  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByText('20 hours per week')).toBeVisible();
  await expect(page.getByText('60 months')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toBeVisible();

  // One profile per user: the add form points to editing instead.
  await page.goto('/teammates/add');
  await expect(page.getByText('You already have a skiller profile. Edit it instead.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute(
    'href',
    /\/teammates\/editTeammate\/[0-9a-f]{24}$/,
  );
});

test('another user saves and forgets items from cards and pages, and finds them in the Found lists', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request);
  const saver = await createAccount(request);
  const projectName = uniqueName('Solar roofs');
  const nickname = uniqueName('Grace');
  await createProject(request, owner, { projectName });
  const profile = await createProfile(request, owner, { nickname });

  await openSignedIn(page, saver, '/projects');
  const projectCard = page.getByRole('article', { name: projectName });
  const profileCard = page.getByRole('article', { name: nickname });
  await projectCard.getByRole('button', { name: 'Save' }).click();
  await expect(projectCard.getByRole('button', { name: 'Forget' })).toBeVisible();
  await profileCard.getByRole('button', { name: 'Save' }).click();
  await expect(profileCard.getByRole('button', { name: 'Forget' })).toBeVisible();
  await expect(projectCard.getByText('My Project')).toHaveCount(0);

  await page.goto('/projects/found');
  const foundProject = page.getByRole('article', { name: projectName });
  await expect(foundProject.getByRole('button', { name: 'Forget' })).toBeVisible();
  await page.goto('/teammates/found');
  const foundProfile = page.getByRole('article', { name: nickname });
  await foundProfile.getByRole('button', { name: 'Forget' }).click();
  await expect(foundProfile.getByRole('button', { name: 'Save' })).toBeVisible();
  await page.reload();
  await expect(page.getByText('No teammates added...')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find Teammates' })).toHaveAttribute('href', '/find');

  // The detail pages save and forget too.
  await page.goto(`/teammates/${profile._id}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Forget' })).toBeVisible();
  await page.goto('/teammates/found');
  await expect(page.getByRole('article', { name: nickname })).toBeVisible();

  await page.goto('/projects/found');
  await foundProject.getByRole('link', { name: 'See more' }).click();
  await expect(page.getByRole('heading', { level: 1, name: projectName })).toBeVisible();
  await page.getByRole('button', { name: 'Forget' }).click();
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
  await page.goto('/projects/found');
  await expect(page.getByText('No projects added...')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find Projects' })).toHaveAttribute('href', '/find');
});

test('visitors read the listing and pages, but saving sends them to sign in', async ({ page, request }) => {
  const owner = await createAccount(request);
  const projectName = uniqueName('Open library');
  const nickname = uniqueName('Linus');
  const project = await createProject(request, owner, { projectName });
  const profile = await createProfile(request, owner, { nickname });

  const listPages: string[] = [];
  page.on('request', (call) => {
    const url = new URL(call.url());
    if (['/api/project', '/api/teammates/'].includes(url.pathname))
      listPages.push(`${url.pathname}${url.search}`);
  });
  const failedCalls: string[] = [];
  page.on('response', (answer) => {
    if (answer.url().includes('/api/') && answer.status() >= 400)
      failedCalls.push(`${answer.status()} ${answer.url()}`);
  });
  page.on('requestfailed', (call) => failedCalls.push(`${call.failure()?.errorText} ${call.url()}`));
  await page.goto('/projects');
  // The newest cards: other tests, running meanwhile, may have pushed these two off the first page.
  const cards = page.getByRole('article');
  // On a busy machine the listing may take longer than a click's wait; say what the page showed if it never does.
  await expect(cards.first())
    .toBeVisible({ timeout: 15_000 })
    .catch(async (error: Error) => {
      const shown = (
        await page
          .locator('main')
          .innerText()
          .catch(() => '')
      ).slice(0, 400);
      throw new Error(
        `${error.message}\nAt ${page.url()}; failed calls: ${failedCalls.join(', ') || 'none'}; main: ${shown}`,
      );
    });
  // The listing fetches the first page of each kind and no more, however far one scrolls.
  await page.mouse.wheel(0, 20_000);
  await page.waitForTimeout(400);
  expect(listPages.sort()).toEqual(['/api/project?page=1', '/api/teammates/?page=1']);
  // Cards offer visitors nothing to save or edit.
  await expect(cards.getByRole('button')).toHaveCount(0);
  await expect(cards.getByRole('link', { name: 'Edit' })).toHaveCount(0);

  await page.goto(`/projects/${project._id}`);
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL('/login');

  await page.goto(`/teammates/${profile._id}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL('/login');
});

test('My Projects loads the next page as the user scrolls, and deletes after asking', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request);
  const prefix = uniqueName('Batch');
  // One more page's worth than the first page holds (12), created oldest first.
  for (let index = 1; index <= 14; index += 1) {
    await createProject(request, owner, { projectName: `${prefix} ${String(index).padStart(2, '0')}` });
  }
  const pages: string[] = [];
  page.on('request', (call) => {
    const url = new URL(call.url());
    if (url.pathname === '/api/user/myProjects') pages.push(url.searchParams.get('page') ?? '');
  });
  await openSignedIn(page, owner, '/projects/my');
  const grid = page.getByRole('list', { name: 'My projects' });
  const cards = grid.getByRole('article');
  await expect(cards).toHaveCount(12);
  await expect(cards.first()).toHaveAccessibleName(`${prefix} 14`);
  expect(pages).toEqual(['1']);

  await page.mouse.wheel(0, 20_000);
  await expect(cards).toHaveCount(14);
  await expect(cards.last()).toHaveAccessibleName(`${prefix} 01`);
  // Page 3 comes back empty, which ends the list: scrolling on asks for nothing more.
  await expect.poll(() => pages).toEqual(['1', '2', '3']);
  await page.mouse.wheel(0, -500);
  await page.mouse.wheel(0, 20_000);
  await page.waitForTimeout(400);
  expect(pages).toEqual(['1', '2', '3']);

  const doomed = page.getByRole('article', { name: `${prefix} 07` });
  await doomed.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete project' });
  await expect(dialog).toContainText(`${prefix} 07`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(doomed).toBeVisible();

  await doomed.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(doomed).toBeHidden();
  await expect(cards).toHaveCount(13);
  await page.reload();
  await expect(cards).toHaveCount(12);
  await page.mouse.wheel(0, 20_000);
  await expect(cards).toHaveCount(13);
  await expect(page.getByRole('article', { name: `${prefix} 07` })).toHaveCount(0);
});

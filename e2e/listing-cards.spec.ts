import { expect, test } from '@playwright/test';
import { createAccount, openSignedIn } from './support/accounts';
import { openPanel, pick } from './support/filter-panel';
import { createProfile, createProject, editProfile, uniqueName } from './support/listings';

test('cards shorten long names, sum up long lists with a tooltip, and show where the work is', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request);
  const longName = `${uniqueName('A project with a rather long name')} indeed`;
  await createProject(request, owner, {
    projectName: longName,
    toolsExperience: ['React', 'Node.js', 'Docker', 'Figma', 'Jira', 'Git'].map((tool) => ({ tool, mep: 1 })),
    projectType: ['Start Up', 'Business', 'Hackathon Project'],
    offeredGratification: ['Salary', 'Equity Grant', 'Bonuses'],
    workingTypeRemote: true,
  });
  const abroad = uniqueName('Abroad');
  await createProject(request, owner, { projectName: abroad, locations: ['Poland', 'Germany', 'Spain'] });
  const nowhere = uniqueName('Nowhere');
  await createProject(request, owner, { projectName: nowhere, workingTypeOffice: true });

  await openSignedIn(page, owner, '/projects/my');
  const card = page.getByRole('article', { name: longName });
  const title = card.getByRole('heading', { level: 2 });
  await expect(title).toHaveText(`${longName.slice(0, 27)}...`);
  await expect(title.getByRole('link')).toHaveAttribute('title', longName);

  await expect(card.getByRole('term')).toHaveText([
    'Project Type',
    'Product Type',
    'Reward',
    'Compensation Basis',
    'Tools',
  ]);
  // Inner text leaves out the tooltips, which show only on hover.
  await expect(card.getByRole('definition')).toHaveText(
    [
      'Start Up, Business, +1 more',
      'Web Application',
      'Salary, Equity Grant, Bonuses',
      'Milestone',
      'React, Node.js, Docker, Figma, +2 more',
    ],
    { useInnerText: true },
  );
  const toolsHint = card.getByText('+2 more');
  await expect(toolsHint).toHaveAccessibleDescription('Jira, Git');
  const tooltip = card.getByRole('tooltip');
  await expect(tooltip).toHaveCount(0);
  await toolsHint.hover();
  await expect(tooltip).toHaveText('Jira, Git');
  await expect(tooltip).toBeVisible();
  await expect(card.getByText('Location: Remote')).toBeVisible();
  await expect(
    page.getByRole('article', { name: abroad }).getByText('Location: Poland, Germany, +1 more'),
  ).toBeVisible();
  await expect(
    page.getByRole('article', { name: nowhere }).getByText('Location: Not specified'),
  ).toBeVisible();
});

test('a profile card shows "Not specified" for empty rows and the owner badge', async ({ page, request }) => {
  const owner = await createAccount(request);
  const nickname = `${uniqueName('Someone with a long nickname')} too`;
  const fields = {
    nickname,
    toolsExperience: ['Python', 'SQL', 'Tableau', 'Microsoft Excel', 'R'].map((tool) => ({ tool, mep: 2 })),
    locations: ['France'],
  };
  await createProfile(request, owner, fields);
  await editProfile(request, owner, { ...fields, productType: [] });
  await openSignedIn(page, owner, '/skillers/my');
  const card = page.getByRole('article', { name: nickname });
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(`${nickname.slice(0, 27)}...`);
  await expect(card.getByText('My Skills')).toBeVisible();
  await expect(card.getByRole('definition')).toHaveText(
    ['Start Up', 'Not specified', 'Salary', 'Milestone', 'Python, SQL, Tableau, Microsoft Excel, +1 more'],
    { useInnerText: true },
  );
  await expect(card.getByText('Location: France')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Edit' })).toHaveAttribute(
    'href',
    /\/teammates\/editTeammate\//,
  );
});

test('a card names the role and, in a search, shows the asked tools first', async ({ page, request }) => {
  const owner = await createAccount(request);
  const nickname = uniqueName('Mainframe keeper');
  await createProfile(request, owner, {
    nickname,
    hardSkills: ['Backend Developer', 'DevOps Engineer'],
    toolsExperience: ['Figma', 'Jira', 'Git', 'Docker', 'Notion', 'COBOL'].map((tool) => ({ tool, mep: 3 })),
  });
  const searcher = await createAccount(request);
  await openSignedIn(page, searcher, '/teammates');
  const panel = await openPanel(page);
  await panel.getByRole('searchbox', { name: 'Search', exact: true }).fill(nickname);
  await pick(panel, 'Tools', 'COBOL');
  await panel.getByRole('button', { name: 'Apply Filters' }).click();

  const card = page.getByRole('list', { name: 'Teammates' }).getByRole('article', { name: nickname });
  await expect(card.getByText('Backend Developer', { exact: true })).toBeVisible();
  // Without the search COBOL would hide inside "+2 more".
  await expect(card.getByRole('definition').last()).toHaveText('COBOL, Figma, Jira, Git, +2 more', {
    useInnerText: true,
  });
});

test('empty account lists say so and offer the next step', async ({ page, request }) => {
  const account = await createAccount(request);
  await openSignedIn(page, account, '/projects/my');
  await expect(page.getByText('No projects created yet...')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Project' })).toHaveAttribute('href', '/project/add');

  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('link', { name: 'Found Skillers' })
    .click();
  await expect(page.getByText('No teammates added...')).toBeVisible();
  await page.getByRole('link', { name: 'Find Teammates' }).click();
  await expect(page).toHaveURL('/find');

  await page.goto('/projects/found');
  await expect(page.getByText('No projects added...')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find Projects' })).toHaveAttribute('href', '/find');

  await page.goto('/skillers/my');
  await expect(page.getByText('No skiller profile yet...')).toBeVisible();

  await page.goto('/skillers');
  await expect(page.getByRole('link', { name: 'My Skills' })).toHaveAttribute('href', '/skillers/my');
  await expect(page.getByRole('link', { name: 'Find Teammates' })).toHaveAttribute('href', '/teammates');
});

test('an id that names nothing shows a not-found state', async ({ page }) => {
  await page.goto('/projects/0123456789abcdef01234567');
  await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse projects' })).toHaveAttribute('href', '/projects');

  await page.goto('/teammates/not-an-id');
  await expect(page.getByRole('heading', { name: 'Skiller profile not found' })).toBeVisible();
});

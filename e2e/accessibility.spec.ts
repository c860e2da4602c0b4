import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { createAccount, openSignedIn, userIdOf } from './support/accounts';
import { createProfile, createProject, uniqueName } from './support/listings';

test.use({ viewport: { width: 1280, height: 800 } });

/** The rules axe-core counts as serious or critical that the page breaks, each with where it breaks them. */
const seriousViolations = async (page: Page) => {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      where: violation.nodes.map((node) => node.target.join(' ')),
    }));
};

test('home, find, a detail page, conversations, settings and the project form pass axe-core', async ({
  page,
  request,
}) => {
  test.slow();
  const [owner, writer] = [await createAccount(request), await createAccount(request)];
  const projectName = uniqueName('Accessible garden');
  const project = await createProject(request, owner, { projectName });
  await createProfile(request, writer, { nickname: uniqueName('Accessible gardener') });
  const sent = await request.post('/api/chat/sendMessage', {
    headers: { authorization: `Bearer ${writer.token}` },
    data: { id: userIdOf(owner), message: 'Is the garden project still open?' },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  const screens: { path: string; ready: (page: Page) => Promise<void> }[] = [
    {
      path: '/',
      ready: (page) => expect(page.getByRole('main')).toBeVisible(),
    },
    {
      path: '/find',
      ready: async (page) => {
        await expect(page.getByRole('search', { name: 'Filters' })).toBeVisible();
        await expect(page.getByRole('article').first()).toBeVisible();
      },
    },
    {
      path: `/projects/${project._id}`,
      ready: (page) => expect(page.getByRole('heading', { name: projectName })).toBeVisible(),
    },
    {
      path: '/conversations',
      ready: async (page) => {
        await page
          .getByRole('region', { name: 'All Message' })
          .getByRole('button', { name: new RegExp(writer.username) })
          .click();
        await expect(page.getByRole('log').getByText('Is the garden project still open?')).toBeVisible();
      },
    },
    {
      path: '/settings',
      ready: (page) => expect(page.getByRole('main').getByRole('textbox').first()).toBeVisible(),
    },
    {
      path: '/project/add',
      ready: (page) => expect(page.getByRole('form', { name: 'Add project' })).toBeVisible(),
    },
  ];

  await openSignedIn(page, owner, '/');
  const found: Record<string, Awaited<ReturnType<typeof seriousViolations>>> = {};
  for (const screen of screens) {
    await page.goto(screen.path);
    await screen.ready(page);
    found[screen.path] = await seriousViolations(page);
  }
  expect(found).toEqual(Object.fromEntries(screens.map((screen) => [screen.path, []])));
});

import { expect, test } from '@playwright/test';
import { createAccount, openSignedIn, userIdOf } from './support/accounts';

test('settings list the users one blocked, and Unblock takes one off the list', async ({ page, request }) => {
  const [ann, ben] = [await createAccount(request), await createAccount(request)];
  const headers = { authorization: `Bearer ${ann.token}` };
  expect((await request.post(`/api/user/blocks/${userIdOf(ben)}`, { headers })).status()).toBe(200);

  await openSignedIn(page, ann, '/settings');
  const section = page.getByRole('region', { name: 'Blocked users' });
  const list = section.getByRole('list', { name: 'Blocked users' });
  await expect(list.getByRole('listitem')).toHaveText([`${ben.username}Unblock`]);

  await list.getByRole('button', { name: `Unblock ${ben.username}` }).click();
  await expect(section.getByText('You have not blocked anyone.')).toBeVisible();
  const blocks = (await (await request.get('/api/user/blocks', { headers })).json()) as {
    blocked: unknown[];
  };
  expect(blocks.blocked).toEqual([]);
});

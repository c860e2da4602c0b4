import type { Page } from '@playwright/test';

/** The conversations screen's parts: the list of conversations, the open one's log and the send form. */
export const chatOf = (page: Page) => ({
  list: page.getByRole('region', { name: 'All Message' }),
  log: page.getByRole('log'),
  input: page.getByRole('form', { name: 'Send a message' }).getByRole('textbox', { name: 'Write a message' }),
  send: page.getByRole('form', { name: 'Send a message' }).getByRole('button', { name: 'Send' }),
});

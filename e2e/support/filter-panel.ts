import type { Locator, Page } from '@playwright/test';

/** Opens the page's filter panel and returns it. */
export const openPanel = async (page: Page) => {
  const panel = page.getByRole('search', { name: 'Filters' });
  await panel.getByRole('button', { name: 'Adjust' }).click();
  return panel;
};

/** Picks an option from a box's All list by its exact name. */
export const pick = async (panel: Locator, box: string, option: string) => {
  await panel.getByRole('button', { name: new RegExp(`^${box}( \\d+ picked)?$`) }).click();
  await panel.getByLabel(`Search ${box}`).fill(option);
  await panel
    .getByRole('list', { name: `All ${box}` })
    .getByRole('button', { name: option, exact: true })
    .click();
};

import { expect, type Page } from '@playwright/test';

/** The browser tests of the customer page (tests/e2e/customer-page*.spec.ts): a part of its card, and a tab opened. */

export const card = (page: Page, part: string) => page.getByRole('region', { name: part });

export async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

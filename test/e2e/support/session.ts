import { expect, type Page } from '@playwright/test';

/** The stack the global setup started, and the demo users' password there. */
export const baseUrl = () => process.env.E2E_BASE_URL as string;
export const password = () => process.env.E2E_PASSWORD as string;

/** Signs in as the demo staff user through the sign-in page and waits for the home page. */
export async function signIn(page: Page) {
  await page.goto(`${baseUrl()}/signin`);
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password', { exact: true }).fill(password());
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${baseUrl()}/`);
}

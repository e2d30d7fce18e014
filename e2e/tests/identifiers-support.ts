import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { apiAs, createAccount, expect, signIn, type Account, type Role } from '../support/fixtures';

/** A short random tag that keeps one test's identifiers apart from every other test's. */
export const uniqueTag = () => randomBytes(4).toString('hex');

/** A fresh account of the role, signed in on the page. */
export async function signInAs(page: Page, role: Role): Promise<Account> {
  const account = await createAccount(role);
  await signIn(page, account);
  return account;
}

/** Imports rows through the API (fast seeding); answers the per-row results. */
export async function importRows(account: Account, items: { type: string; data: Record<string, string> }[]) {
  const api = await apiAs(account.email, account.password);
  const res = await api.post('/api/identifiers/import', { data: { items } });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { data: { status: string; id?: string }[] };
  await api.dispose();
  expect(body.data.every((row) => row.status === 'created')).toBe(true);
  return body.data.map((row) => row.id!);
}

/** The identifier list, loaded (its search box is there and the skeleton is gone). */
export async function openList(page: Page, query = '') {
  await page.goto(`/identifiers${query}`);
  await expect(page.getByRole('heading', { name: 'Identifiers', level: 1 })).toBeVisible();
  await expect(page.getByPlaceholder('Search by display value...')).toBeVisible();
}

/** The "Create New Identifier" modal, opened from the list. */
export async function openCreateModal(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Identifier' }).first().click();
  const dialog = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('heading', { name: 'Create New Identifier' }) });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The row of the list that shows this display value. */
export function rowOf(page: Page, displayValue: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('link', { name: displayValue, exact: true }) });
}

/** Opens a row's overflow menu and picks an action. */
export async function rowAction(
  page: Page,
  displayValue: string,
  action: 'View details' | 'Edit' | 'Delete',
) {
  await page.getByRole('button', { name: `Actions for ${displayValue}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** The list's item count text under the table, e.g. "1–25 of 31 items". */
export const itemRange = (page: Page) => page.locator('.cds--pagination__items-count');

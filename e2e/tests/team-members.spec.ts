import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiAs, createAccount, expect, signIn, test } from '../support/fixtures';

const suffix = () => randomBytes(3).toString('hex');

/** The open modal with this title (the page behind it stays in the accessibility tree). */
const modal = (page: Page, title: string) =>
  page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) });

/** Searches the list and waits until only the matching row is left. */
async function searchFor(page: Page, box: string, text: string) {
  await page.getByRole('searchbox', { name: box }).fill(text);
  await expect(page.locator('tbody tr:visible')).toHaveCount(1);
  return page.getByRole('row', { name: new RegExp(text) });
}

test.describe('team members', () => {
  test('an admin invites a member, who then signs in through the sign-in page', async ({ page, browser }) => {
    await signIn(page, await createAccount('admin'));
    const email = `invited-${suffix()}@e2e.test`;
    const password = 'initial password 42';
    await page.goto('/team-members');
    await page.getByRole('button', { name: 'Invite member' }).click();
    const form = modal(page, 'Invite member');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('First name').fill('Grace');
    await form.getByLabel('Last name').fill('Hopper');
    await form.getByLabel('Role').selectOption('viewer');
    await form.getByLabel('Initial password').fill(password);
    await form.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(page.getByText('Team member invited')).toBeVisible();

    const row = await searchFor(page, 'Search team members', email);
    await expect(row.getByRole('cell', { name: 'Viewer' })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Invited', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Never' })).toBeVisible();

    const invited = await browser.newContext();
    const invitedPage = await invited.newPage();
    await invitedPage.goto('/login');
    await invitedPage.getByLabel('Email').fill(email);
    await invitedPage.getByLabel('Password', { exact: true }).fill(password);
    await invitedPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(invitedPage).toHaveURL(/\/cases$/);
    await invitedPage.getByRole('button', { name: 'User', exact: true }).click();
    // Exact: the cases list behind the panel may name other people called Grace Hopper.
    await expect(invitedPage.getByText('Grace Hopper', { exact: true })).toBeVisible();
    await invited.close();

    // Signing in once makes the member active, with the time of that sign-in.
    await page.reload();
    const signedInRow = await searchFor(page, 'Search team members', email);
    const signedInAt = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/;
    await expect(signedInRow.getByRole('cell', { name: 'Active', exact: true })).toBeVisible();
    await expect(signedInRow.getByRole('cell', { name: signedInAt })).toBeVisible();
    await signedInRow.getByRole('link', { name: 'Grace Hopper' }).click();
    const profile = page.getByLabel('Profile');
    await expect(profile.getByText('Active')).toBeVisible();
    await expect(profile.locator('dt:text-is("Last sign-in") + dd')).toHaveText(signedInAt);
  });

  test('an invitation with a taken e-mail shows the server refusal on the field', async ({ page }) => {
    const admin = await createAccount('admin');
    await signIn(page, admin);
    await page.goto('/team-members');
    await page.getByRole('button', { name: 'Invite member' }).click();
    const form = modal(page, 'Invite member');
    await form.getByLabel('Email').fill(admin.email);
    await form.getByLabel('First name').fill('Dup');
    await form.getByLabel('Last name').fill('Licate');
    await form.getByLabel('Initial password').fill('long enough password');
    await form.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(form.getByText('A user with this email already exists')).toBeVisible();
    await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  test('an admin changes a member’s role and disables them; the detail page shows it', async ({ page }) => {
    await signIn(page, await createAccount('admin'));
    const member = await createAccount('investigator', { firstName: 'Alan', lastName: `Turing ${suffix()}` });
    const name = `${member.firstName} ${member.lastName}`;
    await page.goto('/team-members');
    const row = await searchFor(page, 'Search team members', member.email);

    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Change role' }).click();
    const form = modal(page, 'Change role');
    await form.getByLabel('Role').selectOption('viewer');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} is now Viewer.`)).toBeVisible();

    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Disable' }).click();
    await modal(page, `Disable ${name}?`).getByRole('button', { name: 'Disable', exact: true }).click();
    await expect(page.getByText('Team member disabled')).toBeVisible();
    await expect(row.getByText('Disabled')).toBeVisible();

    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    const profile = page.getByLabel('Profile');
    await expect(profile.getByText('Viewer')).toBeVisible();
    await expect(profile.getByText('Disabled')).toBeVisible();
    await expect(profile.getByText('Not in any group')).toBeVisible();
    await expect(page.getByText('No journal entries')).toBeVisible();
    await expect(page.getByText('No identifiers')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enable' })).toBeVisible();
    // What the administrator did is in the member's security activity, newest first.
    const activity = page.getByRole('region', { name: 'Security activity' });
    await expect(activity.getByRole('cell', { name: 'Account disabled' })).toBeVisible();
    await expect(activity.getByRole('cell', { name: 'Role changed to Viewer' })).toBeVisible();
  });

  test('an admin adds a community member and adjusts the reputation with a reason', async ({ page }) => {
    await signIn(page, await createAccount('admin'));
    const username = `reporter_${suffix()}`;
    await page.goto('/team-members');
    await page.getByRole('tab', { name: 'Community members' }).click();
    await expect(page).toHaveURL(/tab=community/);
    await page.getByRole('button', { name: 'Add community member' }).click();
    const form = modal(page, 'Add community member');
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Initial reputation').fill('120');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('Community member added')).toBeVisible();

    const row = await searchFor(page, 'Search community members', username);
    const reputation = row.locator('.cds--tag').first();
    await expect(reputation).toHaveText('120');
    await expect(reputation).toHaveClass(/cds--tag--green/);

    await row.getByRole('button', { name: `Actions for ${username}` }).click();
    await page.getByRole('menuitem', { name: 'Adjust reputation' }).click();
    const adjust = modal(page, 'Adjust reputation');
    await adjust.getByLabel('Change').fill('-200');
    await adjust.getByLabel('Reason').fill('Reported a legitimate shop as a scam');
    await adjust.getByRole('button', { name: 'Adjust', exact: true }).click();
    await expect(page.getByText('Reputation adjusted')).toBeVisible();
    await expect(reputation).toHaveText('-80');
    await expect(reputation).toHaveClass(/cds--tag--red/);
  });

  test('an admin sees a member’s sign-ins in their security activity', async ({ page }) => {
    await signIn(page, await createAccount('admin'));
    const member = await createAccount('investigator', { firstName: 'Rosa', lastName: `Diaz ${suffix()}` });
    await (await apiAs(member.email, member.password)).dispose();
    await page.goto(`/team-members/${member.id}`);
    const activity = page.getByRole('region', { name: 'Security activity' });
    await expect(activity.getByRole('cell', { name: 'Signed in with a password' })).toBeVisible();
    await expect(activity.getByRole('cell', { name: 'Account created as Investigator' })).toBeVisible();
    // The header, the sign-in and the account's creation: nothing of the admin's own.
    await expect(activity.getByRole('row')).toHaveCount(3);
  });
});

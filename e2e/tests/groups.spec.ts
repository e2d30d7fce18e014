import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createAccount, expect, signIn, test } from '../support/fixtures';

const modal = (page: Page, title: string) =>
  page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) });

async function pickMember(page: Page, form: ReturnType<typeof modal>, name: string) {
  await form.getByRole('combobox', { name: /^Members/ }).fill(name);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await expect(form.getByLabel('Chosen members')).toContainText(name);
}

test.describe('groups', () => {
  test('an admin creates a group with a member, removes the member and deletes the group', async ({
    page,
  }) => {
    const tag = randomBytes(3).toString('hex');
    const member = await createAccount('investigator', { firstName: 'Mary', lastName: `Jackson ${tag}` });
    const memberName = `${member.firstName} ${member.lastName}`;
    await signIn(page, await createAccount('admin'));
    const groupName = `Card fraud ${tag}`;

    await page.goto('/groups');
    await page.getByRole('button', { name: 'New group' }).click();
    const form = modal(page, 'New group');
    await form.getByLabel('Name').fill(groupName);
    await form.getByLabel('Description (optional)').fill('Stolen card reports');
    await pickMember(page, form, memberName);
    await form.getByRole('button', { name: 'Create', exact: true }).click();

    await expect(page).toHaveURL(/\/groups\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: groupName, level: 1 })).toBeVisible();
    const members = page.getByRole('region', { name: 'Members' });
    await expect(members.getByRole('row', { name: new RegExp(memberName) })).toContainText(member.email);

    await members.getByRole('button', { name: `Remove ${memberName}` }).click();
    await modal(page, `Remove ${memberName}?`).getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Member removed')).toBeVisible();
    await expect(members.getByText('No members')).toBeVisible();

    await page.getByRole('button', { name: 'Delete group' }).click();
    await modal(page, `Delete group “${groupName}”?`).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Group deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/groups$/);
    await page.getByRole('searchbox', { name: 'Search groups' }).fill(groupName);
    await expect(page.getByText('No groups match')).toBeVisible();
  });

  test('an investigator, who cannot list users, picks members and is added to the group too', async ({
    page,
  }) => {
    const tag = randomBytes(3).toString('hex');
    const colleague = await createAccount('viewer', { firstName: 'Dorothy', lastName: `Vaughan ${tag}` });
    const investigator = await createAccount('investigator', {
      firstName: 'Katherine',
      lastName: `Johnson ${tag}`,
    });
    await signIn(page, investigator);
    const groupName = `Romance scams ${tag}`;

    await page.goto('/groups');
    await page.getByRole('button', { name: 'New group' }).click();
    const form = modal(page, 'New group');
    await form.getByLabel('Name').fill(groupName);
    await expect(form.getByText('You are added as a member too.', { exact: false })).toBeVisible();
    await pickMember(page, form, `${colleague.firstName} ${colleague.lastName}`);
    await form.getByRole('button', { name: 'Create', exact: true }).click();

    await expect(page.getByRole('heading', { name: groupName, level: 1 })).toBeVisible();
    const members = page.getByRole('region', { name: 'Members' });
    const nameCell = (account: typeof colleague) =>
      members.getByRole('cell', { name: `${account.firstName} ${account.lastName}`, exact: true });
    await expect(nameCell(colleague)).toBeVisible();
    await expect(nameCell(investigator)).toBeVisible();
    // E-mail and role are for those who may view team members; an investigator may not.
    await expect(members.getByText(colleague.email)).toHaveCount(0);
    await expect(page.getByText('Access Denied')).toHaveCount(0);
  });
});

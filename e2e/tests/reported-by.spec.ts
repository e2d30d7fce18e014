import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiAs, createAccount, expect, signIn, test } from '../support/fixtures';

const modal = (page: Page, title: string) =>
  page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Chooses the community member in a dialog's "Reported by (optional)" search. */
async function chooseReportedBy(page: Page, dialog: ReturnType<typeof modal>, username: string) {
  const field = dialog.getByRole('combobox', { name: /^Reported by/ });
  await field.click();
  await field.fill(username);
  // The list first offers the newest members (other tests' too), then the server's answer for the
  // username, debounced: a click while that answer re-renders the list is lost. The name is unique.
  await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(1);
  await page.getByRole('option', { name: `${username} (Community)` }).click();
  await expect(field).toHaveValue(`${username} (Community)`);
}

test.describe('a community member reports, a team member enters it', () => {
  test('a new case and written evidence are recorded as theirs, entered by the investigator', async ({
    page,
  }) => {
    const tag = randomBytes(3).toString('hex');
    const investigator = await createAccount('investigator', { firstName: 'Iris', lastName: `Vale ${tag}` });
    const api = await apiAs(investigator.email, investigator.password);
    const username = `watcher_${tag}`;
    const member = await api.post('/api/originators/community-members', { data: { username } });
    expect(member.status(), await member.text()).toBe(201);
    await api.dispose();
    await signIn(page, investigator);

    await page.goto('/cases');
    await page
      .getByRole('button', { name: /^New case/ })
      .first()
      .click();
    const caseDialog = modal(page, 'New case');
    await caseDialog.getByLabel('Title').fill(`Parcel fee text message ${tag}`);
    await chooseReportedBy(page, caseDialog, username);
    await caseDialog.getByRole('button', { name: 'Create case' }).click();
    await expect(page).toHaveURL(/\/cases\/[0-9a-f-]{36}$/);
    const summary = page.getByRole('region', { name: 'Case summary' });
    await expect(summary.getByRole('button', { name: `${username} (Community)` })).toBeVisible();
    await expect(summary.getByText(`entered by Iris Vale ${tag} (Team)`)).toBeVisible();

    await page.goto('/evidence');
    await page.getByRole('button', { name: 'Add evidence' }).first().click();
    const evidenceDialog = modal(page, 'Add evidence');
    await evidenceDialog.getByRole('tab', { name: 'Written text' }).click();
    const title = `Screenshot described by the reporter ${tag}`;
    await evidenceDialog.getByLabel('Title', { exact: true }).fill(title);
    await evidenceDialog.getByLabel('Text', { exact: true }).fill('A text asking for a 1.99 redelivery fee.');
    await chooseReportedBy(page, evidenceDialog, username);
    await evidenceDialog.getByRole('button', { name: 'Add evidence' }).click();
    await expect(evidenceDialog).toBeHidden();

    await page.goto(`/evidence?search=${tag}`);
    await page.getByRole('link', { name: title }).click();
    const detail = modal(page, title);
    await expect(detail.getByRole('button', { name: `${username} (Community)` })).toBeVisible();
    await expect(detail.getByText(`entered by Iris Vale ${tag} (Team)`)).toBeVisible();
  });
});

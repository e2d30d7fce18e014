import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe';
import { apiAs, expect, test, type Account } from '../support/fixtures';
import { importRows, signInAs, uniqueTag } from './identifiers-support';

/** The queue, newest first on one long page, so this test's identifiers are on it whatever others add. */
async function openQueue(page: Page, status = '') {
  await page.goto(`/validation?sort=newest&pageSize=100${status ? `&status=${status}` : ''}`);
  await expect(page.getByRole('heading', { name: 'Identifier Validation', level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
}

const valueLink = (page: Page, value: string) => page.getByRole('link', { name: value, exact: true });

/** The identifier after `value` on the queue's page as it is shown, or null when it is the page's last. */
async function valueAfter(page: Page, value: string): Promise<string | null> {
  const values = await page.getByRole('table').locator('.review-queue__value').allTextContents();
  const index = values.indexOf(value);
  expect(index, `${value} is on the page`).toBeGreaterThanOrEqual(0);
  return values[index + 1] ?? null;
}

/**
 * After a decision the dialog moves on to the page's next identifier (another test's, maybe, of any
 * type), or closes after the page's last: either way it no longer shows `decided`. Closes it.
 */
async function expectMovedOn(page: Page, decided: string, next: string | null) {
  const dialog = page.getByRole('dialog');
  if (next === null) {
    await expect(dialog).toBeHidden();
    return;
  }
  await expect(dialog.getByRole('region', { name: 'Basic Information' })).toContainText(next);
  await expect(dialog).not.toContainText(decided);
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();
}

/** Opens the identifier's review from the queue; answers the dialog once its Review section is there. */
async function openReview(page: Page, value: string): Promise<Locator> {
  await valueLink(page, value).click();
  const dialog = page.getByRole('dialog', { name: 'Email Details' });
  await expect(dialog.getByRole('heading', { name: 'Review' })).toBeVisible();
  return dialog;
}

/** A written statement naming the address, linked to its identifier, as an investigator records one. */
async function writtenStatementNaming(account: Account, identifierId: string, address: string) {
  const api = await apiAs(account.email, account.password);
  const created = await api.post('/api/evidence', {
    data: {
      title: `Victim statement ${address}`,
      body: `The e-mail came from ${address.toUpperCase()}. I replied to ${address} twice.`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const linked = await api.post(`/api/evidence/${id}/identifiers/${identifierId}`, { data: {} });
  expect(linked.status(), await linked.text()).toBe(200);
  await api.dispose();
}

test.describe('the validation queue', () => {
  test('an investigator confirms one identifier, rejects another with a reason, and returns it', async ({
    page,
  }) => {
    const account = await signInAs(page, 'investigator');
    const tag = uniqueTag();
    const scammer = `refunds-${tag}@scam.example`;
    const victim = `victim-${tag}@mail.example`;
    const [scammerId] = await importRows(account, [
      { type: 'email', data: { address: scammer } },
      { type: 'email', data: { address: victim } },
    ]);
    await writtenStatementNaming(account, scammerId, scammer);

    await openQueue(page);
    await expect(valueLink(page, victim)).toBeVisible();
    await expectNoSeriousViolations(page, 'the validation queue', 'main');

    // The written statement shows where the address is named, each mention marked.
    let dialog = await openReview(page, scammer);
    await expect(dialog.getByText('Awaiting review')).toBeVisible();
    await dialog.getByRole('button', { name: 'Show text' }).click();
    const text = dialog.getByRole('region', { name: `Text of Victim statement ${scammer}` });
    await expect(text.locator('mark')).toHaveText([scammer.toUpperCase(), scammer]);
    await expect(dialog.getByText(`2 mentions of ${scammer} highlighted`)).toBeVisible();
    await expectNoSeriousViolations(page, 'the review dialog', '[role="dialog"]');

    const afterScammer = await valueAfter(page, scammer);
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(page.getByText('Identifier confirmed')).toBeVisible();
    await expectMovedOn(page, scammer, afterScammer);
    await expect(valueLink(page, scammer)).toBeHidden();

    // A rejection needs a reason: without one nothing is sent and the Note field says why.
    dialog = await openReview(page, victim);
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(dialog.getByText('Say why the identifier is rejected')).toBeVisible();
    await expect(dialog.getByText('Awaiting review')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Note' }).fill("The victim's own address");
    const afterVictim = await valueAfter(page, victim);
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(page.getByText('Identifier rejected')).toBeVisible();
    await expectMovedOn(page, victim, afterVictim);
    await expect(valueLink(page, victim)).toBeHidden();

    // The rejected view, chosen in the toolbar, shows who decided and why.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Rejected' }).click();
    await expect(page).toHaveURL(/status=rejected/);
    const row = page.getByRole('row').filter({ has: valueLink(page, victim) });
    await expect(row).toContainText("The victim's own address");
    await expect(row).toContainText(`${account.firstName} ${account.lastName} (Team)`);

    dialog = await openReview(page, victim);
    await expect(dialog.getByText('Rejected', { exact: true })).toBeVisible();
    const afterReturned = await valueAfter(page, victim);
    await dialog.getByRole('button', { name: 'Return to queue' }).click();
    await expect(page.getByText('Identifier returned to the queue')).toBeVisible();
    await expectMovedOn(page, victim, afterReturned);
    await expect(valueLink(page, victim)).toBeHidden();

    await openQueue(page);
    await expect(valueLink(page, victim)).toBeVisible();
    await openQueue(page, 'confirmed');
    await expect(valueLink(page, scammer)).toBeVisible();
  });

  test("a decision moves a community member reporter's reputation, and the history says why", async ({
    page,
  }) => {
    const admin = await signInAs(page, 'admin');
    const tag = uniqueTag();
    const username = `tipster_${tag}`;
    const address = `parcel-fee-${tag}@scam.example`;
    const api = await apiAs(admin.email, admin.password);
    const member = await api.post('/api/originators/community-members', { data: { username } });
    expect(member.status(), await member.text()).toBe(201);
    const reported = await api.post('/api/identifiers', {
      data: { type: 'email', data: { address }, onBehalfOfOriginatorId: (await member.json()).id },
    });
    expect(reported.status(), await reported.text()).toBe(201);
    await api.dispose();

    await openQueue(page);
    const dialog = await openReview(page, address);
    await expect(
      dialog.getByText(
        `Reported by community member ${username}: confirming adds 5 to their reputation, rejecting takes 10.`,
      ),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(page.getByText(`${address}. ${username}’s reputation rose by 5 to 5.`)).toBeVisible();

    await page.goto('/team-members?tab=community');
    await page.getByRole('searchbox', { name: 'Search community members' }).fill(username);
    // The unfiltered list may show the member too: the menu is opened once the search's answer (their
    // row alone) has replaced it, not on a row about to be re-rendered.
    await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(1);
    const row = page.getByRole('row', { name: new RegExp(username) });
    await expect(row.locator('.cds--tag').first()).toHaveText('5');
    const menuButton = row.getByRole('button', { name: `Actions for ${username}` });
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Reputation history' }).click();
    const history = page.getByRole('dialog', { name: `Reputation history: ${username}` });
    const change = history
      .getByRole('list', { name: 'Reputation changes, newest first' })
      .getByRole('listitem');
    await expect(change).toHaveCount(1);
    await expect(change).toContainText('+5');
    await expect(change).toContainText('0 → 5');
    await expect(change).toContainText(`Reported identifier confirmed: ${address}`);
    await expect(change).toContainText(`Review · ${admin.firstName} ${admin.lastName} (Team)`);
    await expectNoSeriousViolations(page, 'the reputation history', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();
    await expect(menuButton).toBeFocused();
  });

  test('a viewer reads the queue and the review, and is offered no decision', async ({ page }) => {
    const investigator = await signInAs(page, 'investigator');
    const address = `viewer-${uniqueTag()}@scam.example`;
    await importRows(investigator, [{ type: 'email', data: { address } }]);
    await page.context().clearCookies();
    await signInAs(page, 'viewer');

    await openQueue(page);
    const dialog = await openReview(page, address);
    await expect(dialog.getByText('Awaiting review')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Note' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Confirm', exact: true })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Reject', exact: true })).toHaveCount(0);
  });
});

import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe';
import { apiAs, createAccount, expect, signIn, test } from '../support/fixtures';

const modal = (page: Page, title: string) =>
  page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) });

/** Picks an option of a combobox (a filter or a picker) by typing part of it, as a person would. */
async function pick(page: Page, scope: Locator, field: string | RegExp, text: string, option: string) {
  const box = scope.getByRole('combobox', { name: field });
  await box.click();
  await box.fill(text);
  await page.getByRole('option', { name: option }).click();
}

test.describe('cases list', () => {
  test('an investigator creates a case from the dialog, finds it by search and filters, and edits it', async ({
    page,
  }) => {
    const tag = randomBytes(3).toString('hex');
    const investigator = await createAccount('investigator', {
      firstName: 'Grace',
      lastName: `Hopper ${tag}`,
    });
    const fullName = `${investigator.firstName} ${investigator.lastName}`;
    const admin = await createAccount('admin');
    const api = await apiAs(admin.email, admin.password);
    const tagName = `wire-fraud-${tag}`;
    expect((await api.post('/api/tags', { data: { name: tagName, color: 'teal' } })).status()).toBe(201);
    await api.dispose();
    await signIn(page, investigator);
    const title = `Romance scam reported by a widower ${tag}`;

    // Create, from the dialog, with every kind of field.
    await page.goto('/cases');
    await page.getByRole('button', { name: 'New case' }).first().click();
    const form = modal(page, 'New case');
    await form.getByRole('button', { name: 'Create case' }).click();
    await expect(form.getByText('Title is required')).toBeVisible();
    await expect(page.getByText('Please fix the errors in the form')).toBeVisible();
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description (optional)').fill('Met on a dating site; three wires sent abroad.');
    await form.getByLabel('Priority').selectOption('high');
    await form.getByLabel('Scam type (optional)').selectOption('romance');
    await form.getByLabel('Reported loss (optional)').fill('12500');
    await pick(page, form, 'Currency', 'eur', 'EUR — Euro');
    await pick(page, form, /^Assignees/, investigator.lastName, fullName);
    await pick(page, form, /^Tags/, tagName, tagName);
    await form.getByRole('button', { name: 'Create case' }).click();

    await expect(page).toHaveURL(/\/cases\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Case created')).toBeVisible();

    // The list shows it, and search and filters find it.
    await page.goto('/cases');
    const search = page.getByRole('searchbox', { name: 'Search cases' });
    await search.fill(tag);
    await expect(page).toHaveURL(new RegExp(`search=${tag}`));
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: new RegExp(title) }) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Open');
    await expect(row).toContainText('High');
    await expect(row).toContainText('Romance');
    await expect(row).toContainText(fullName);

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Closed' }).click();
    await expect(page.getByRole('heading', { name: 'No cases match' })).toBeVisible();
    await expect(page).toHaveURL(/status=closed/);

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Open', exact: true }).click();
    await pick(page, page.locator('#cases-filters'), 'Assignee', 'Assigned', 'Assigned to me');
    await pick(page, page.locator('#cases-filters'), 'Tag', tagName, tagName);
    await expect(row).toBeVisible();
    await expect(page).toHaveURL(/status=open/);
    await expect(page).toHaveURL(/assigneeId=/);
    await expect(page).toHaveURL(/tagId=/);

    // The view is in the URL: a reload shows the same filtered list.
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search cases' })).toHaveValue(tag);
    await expect(row).toBeVisible();

    // Edit from the row menu.
    const number = (await row.getByRole('link').textContent())!.match(/#\d+/)![0];
    await row.getByRole('button', { name: `Actions for ${number} ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    let edit = modal(page, 'Edit case');
    // Escape in a picker leaves the dialog and keeps what was chosen (Carbon alone would empty the field).
    await expect(edit.getByLabel('Chosen tags')).toContainText(tagName);
    await edit.getByRole('combobox', { name: /^Tags/ }).focus();
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();
    await row.getByRole('button', { name: `Actions for ${number} ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    edit = modal(page, 'Edit case');
    await expect(edit.getByLabel('Chosen tags')).toContainText(tagName);
    await expect(edit.getByLabel('Title')).toHaveValue(title);
    await expect(edit.getByLabel('Chosen assignees')).toContainText(fullName);
    const renamed = `${title} (wire traced)`;
    await edit.getByLabel('Title').fill(renamed);
    await edit.getByLabel('Priority').selectOption('critical');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Case saved')).toBeVisible();
    const edited = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: new RegExp(renamed.replace(/[()]/g, '\\$&')) }) });
    await expect(edited).toContainText('Critical');

    // Clear filters brings back the plain list.
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page).toHaveURL(/\/cases$/);
  });

  test('every picker of the case dialog opens its list on the first click', async ({ page }) => {
    await signIn(page, await createAccount('admin'));
    // Tall enough that the dialog shows every field, short enough that its body scrolls: Carbon centres
    // a field focused in the middle of it (currency, assignees), which once moved the field away from
    // under the press and lost the click; the fields at the top and bottom, which it cannot move, opened.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/cases');
    for (const field of [/^Reported by/, 'Currency', /^Assignees/, /^Tags/]) {
      await page.getByRole('button', { name: 'New case' }).first().click();
      const form = modal(page, 'New case');
      await expect(form.locator('[aria-busy="true"]')).toHaveCount(0);
      const box = form.getByRole('combobox', { name: field });
      await box.click();
      await expect(box, String(field)).toBeFocused();
      await expect(box, String(field)).toHaveAttribute('aria-expanded', 'true');
      await form.getByRole('button', { name: 'Cancel' }).click();
      await expect(form).toBeHidden();
    }
  });

  test('an investigator chooses the cases of a search and changes them at once', async ({ page }) => {
    const unique = randomBytes(3).toString('hex');
    const investigator = await createAccount('investigator', { firstName: 'Triage', lastName: unique });
    const api = await apiAs(investigator.email, investigator.password);
    for (const title of [`Parcel fee text ${unique}`, `Parcel fee call ${unique}`]) {
      expect((await api.post('/api/cases', { data: { title } })).status()).toBe(201);
    }
    await api.dispose();
    await signIn(page, investigator);
    await page.setViewportSize({ width: 390, height: 844 });

    await page.goto(`/cases?search=${unique}`);
    const table = page.getByRole('table', { name: 'Cases' });
    await expect(table.getByRole('link', { name: /Parcel fee/ })).toHaveCount(2);
    await page.getByRole('checkbox', { name: 'Choose every case of the page' }).check({ force: true });
    const bar = page.getByRole('group', { name: 'Actions on the chosen cases' });
    await expect(bar).toContainText('2 items selected');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(page, 'the case list with cases chosen');

    await bar.getByRole('button', { name: 'Assign to me' }).click();
    await expect(page.getByText('Cases assigned to you', { exact: true })).toBeVisible();
    await expect(table.getByText(`Triage ${unique}`)).toHaveCount(2);

    await page.getByRole('checkbox', { name: `Choose every case of the page` }).check({ force: true });
    await bar.getByRole('button', { name: 'Change' }).click();
    const dialog = modal(page, 'Change cases');
    await dialog.getByLabel('Status').selectOption({ label: 'Closed' });
    await dialog.getByLabel('Resolution').selectOption({ label: 'Unresolved' });
    await dialog.getByLabel('Closure notes').fill('No loss; the victims did not pay.');
    await expectNoSeriousViolations(page, 'the Change cases dialog', '.cds--modal.is-visible');
    await dialog.getByRole('button', { name: 'Change 2 cases' }).click();
    await expect(page.getByText('Cases changed', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(table.getByText('Closed', { exact: true })).toHaveCount(2);
  });

  test("an investigator follows a group's count of cases to its cases, and sees no other group's", async ({
    page,
  }) => {
    const tag = randomBytes(3).toString('hex');
    const investigator = await createAccount('investigator');
    const admin = await createAccount('admin');
    const api = await apiAs(admin.email, admin.password);
    const created = async (path: string, data: object) => {
      const res = await api.post(path, { data });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const ours = `Courier desk ${tag}`;
    const sealed = `Sealed desk ${tag}`;
    const oursId = await created('/api/groups', { name: ours, userIds: [investigator.id] });
    const sealedId = await created('/api/groups', { name: sealed, userIds: [] });
    await created('/api/cases', { title: `Courier deposits ${tag}`, groupId: oursId });
    await created('/api/cases', { title: `Sealed inquiry ${tag}`, groupId: sealedId });
    await created('/api/cases', { title: `Open ledger ${tag}` });
    await api.dispose();
    await signIn(page, investigator);

    // The list counts only the cases the reader sees: the sealed group's none, and links no count of 0.
    await page.goto('/groups');
    await page.getByRole('searchbox', { name: 'Search groups' }).fill(tag);
    const sealedRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: sealed }) });
    await expect(sealedRow.getByRole('cell').nth(3)).toHaveText('0');
    await expect(page.getByRole('link', { name: new RegExp(`cases? of ${sealed}`) })).toHaveCount(0);
    await page.getByRole('link', { name: ours, exact: true }).click();

    // The group's page links its count to the case list filtered to the group.
    await expect(page.getByRole('heading', { name: ours, level: 1 })).toBeVisible();
    await page.getByRole('link', { name: `1 case of ${ours}` }).click();
    await expect(page).toHaveURL(`/cases?groupId=${oursId}`);
    const table = page.getByRole('table');
    await expect(table.getByRole('link', { name: new RegExp(`Courier deposits ${tag}`) })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('combobox', { name: 'Group' })).toHaveValue(`Group: ${ours}`);

    // The sealed group's cases stay out of sight, even asked for by its id.
    await page.goto(`/cases?groupId=${sealedId}`);
    await expect(page.getByRole('heading', { name: 'No cases match' })).toBeVisible();

    // The cases of no group, then no filter at all.
    await page.goto(`/cases?groupId=${oursId}&search=${tag}`);
    await pick(page, page.locator('main'), 'Group', 'no g', 'No group');
    await expect(page).toHaveURL(`/cases?search=${tag}&groupId=none`);
    await expect(table.getByRole('link', { name: new RegExp(`Open ledger ${tag}`) })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page).toHaveURL('/cases');
    await expect(page.getByRole('combobox', { name: 'Group' })).toHaveValue('');
  });

  test('a viewer sees the list but no New case', async ({ page }) => {
    await signIn(page, await createAccount('viewer'));
    await page.goto('/cases');
    await expect(page.getByRole('heading', { name: 'Cases', level: 1 })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search cases' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New case' })).toHaveCount(0);
  });
});

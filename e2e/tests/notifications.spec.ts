import { randomBytes } from 'node:crypto';
import { expectNoSeriousViolations } from '../support/axe';
import { apiAs, createAccount, expect, signIn, test } from '../support/fixtures';

test.describe('notifications', () => {
  test('an investigator sees what a colleague did on a case assigned to them, and opens it', async ({
    page,
  }) => {
    const tag = randomBytes(3).toString('hex');
    const assignee = await createAccount('investigator');
    const colleague = await createAccount('investigator', { firstName: 'Noor', lastName: `Haddad ${tag}` });
    const api = await apiAs(colleague.email, colleague.password);
    const created = await api.post('/api/cases', {
      data: { title: `Fake courier fee ${tag}`, assigneeIds: [assignee.id] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const caseItem = (await created.json()) as { id: string; number: number; title: string };
    const entry = await api.post('/api/journal-entries', {
      data: { caseId: caseItem.id, type: 'call', description: 'The victim paid a second fee.' },
    });
    expect(entry.status(), await entry.text()).toBe(201);
    await api.dispose();

    await signIn(page, assignee);
    await page.goto('/cases');
    const bell = page.getByRole('button', { name: 'Notifications, 2 unread' });
    await expect(bell).toBeVisible();
    await bell.click();

    const panel = page.getByRole('region', { name: 'Notifications' });
    const activity = panel.getByRole('list', { name: 'Activity on your cases, newest first' });
    const items = activity.getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText(`Noor Haddad ${tag} · Added a journal entry`);
    await expect(items.nth(1)).toContainText(`Noor Haddad ${tag} · Created the case and assigned you`);
    // Seen once shown: the badge goes.
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, 'the notifications panel', '.app-header-panel');

    await items
      .first()
      .getByRole('link', { name: `#${caseItem.number} ${caseItem.title}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/cases/${caseItem.id}$`));
    await expect(page.getByRole('heading', { name: caseItem.title, level: 1 })).toBeVisible();
    await expect(panel).toBeHidden();

    // Nothing new since: after a reload the bell has no badge.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  });
});

import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe';
import { apiAs, createAccount, expect, signIn, test, type Account } from '../support/fixtures';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 900 };
const SHOTS = process.env.ONE_LINE_SHOTS;

/** The page as shown, when ONE_LINE_SHOTS names a folder for it. */
async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const noHorizontalScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

/** How many lines an element's text takes. */
const lineCount = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
  });

/** An admin's automation with a key of many scopes, used once so that it has a Last used time. */
async function automationWithUsedKey(admin: Account, tag: string): Promise<string> {
  const api = await apiAs(admin.email, admin.password);
  const created = await api.post('/api/automations', {
    data: { systemName: `Inbox Scanner ${tag}`, description: 'Scans the abuse inbox' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const res = await api.post(`/api/automations/${id}/api-keys`, {
    data: {
      name: 'nightly abuse inbox importer',
      scopes: [
        'tag.view',
        'case.view',
        'case.create',
        'identifier.view',
        'identifier.create',
        'evidence.view',
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { key } = (await res.json()) as { key: string };
  const used = await api.get('/api/tags', { headers: { authorization: `Bearer ${key}` } });
  expect(used.status()).toBe(200);
  await api.dispose();
  return id;
}

test.describe('values kept on one line', () => {
  for (const viewport of [LAPTOP, PHONE]) {
    test(`at ${viewport.width} px, an API key's Created and Last used each read on one line`, async ({
      page,
    }) => {
      const admin = await createAccount('admin');
      const id = await automationWithUsedKey(admin, randomBytes(3).toString('hex'));
      await page.setViewportSize(viewport);
      await signIn(page, admin);
      await page.goto(`/automations/${id}`);
      const table = page.getByRole('table', { name: 'API keys' });
      const row = table.getByRole('row', { name: /nightly abuse inbox importer/ });
      await expect(row).toBeVisible();
      for (const column of ['Created', 'Last used']) {
        const time = row.locator(`td[data-label="${column}"] time`);
        await expect(time, column).toHaveText(/\d{1,2}:\d{2}\u00a0[AP]M$/);
        // On a laptop the date and time share a line; a phone's card breaks them, if at all, between.
        if (viewport === LAPTOP) expect(await lineCount(time), column).toBe(1);
        for (const part of await time.locator('span').all()) expect(await lineCount(part), column).toBe(1);
      }
      await noHorizontalScroll(page);
      await expectNoSeriousViolations(page, `the API keys at ${viewport.width} px`);
      await table.scrollIntoViewIfNeeded();
      await shoot(page, `automation-keys-${viewport.width}`);
    });
  }
});

test.describe('a detail page’s trail on a phone (390 px)', () => {
  test.use({ viewport: PHONE });

  test('names every crumb on one line, the page’s own name cut short when it is long', async ({ page }) => {
    const tag = randomBytes(3).toString('hex');
    const admin = await createAccount('admin');
    const member = await createAccount('investigator', {
      firstName: 'Adaeze',
      lastName: `Okonkwo-Smith ${tag}`,
    });
    const api = await apiAs(admin.email, admin.password);
    const group = await api.post('/api/groups', { data: { name: `Romance fraud desk ${tag}`, userIds: [] } });
    expect(group.status(), await group.text()).toBe(201);
    const groupId = ((await group.json()) as { id: string }).id;
    await api.dispose();
    const automationId = await automationWithUsedKey(admin, tag);
    await signIn(page, admin);
    for (const [path, trail] of [
      [`/automations/${automationId}`, ['Home', 'Users', 'Automations', `Inbox Scanner ${tag}`]],
      [`/groups/${groupId}`, ['Home', 'Users', 'Groups', `Romance fraud desk ${tag}`]],
      [`/team-members/${member.id}`, ['Home', 'Users', 'Team Members', `Adaeze Okonkwo-Smith ${tag}`]],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: trail[3] })).toBeVisible();
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
      await expect(crumbs, path).toHaveText([...trail]);
      const tops = await crumbs.evaluateAll((items) =>
        items.map((item) => Math.round(item.getBoundingClientRect().top)),
      );
      expect(new Set(tops).size, `${path}: crumbs at ${tops.join(', ')}`).toBe(1);
      // Whatever is cut short of the page's own crumb, its heading below says whole.
      const current = crumbs.last();
      expect((await current.boundingBox())!.width, path).toBeGreaterThanOrEqual(90);
      await noHorizontalScroll(page);
      await shoot(page, `trail-${path.split('/')[1]}-390`);
    }
    await expectNoSeriousViolations(page, 'a shortened trail');
  });
});

import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { apiAs, createAccount, expect, signIn, test } from '../support/fixtures';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = process.env.NARROW_LAYOUT_SHOTS;

const noHorizontalScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

/** Where an element's first line of text starts, in pixels from the left of the page. */
const textLeft = (locator: Locator) =>
  locator.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => (node.textContent?.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP),
    });
    const text = walker.nextNode()!;
    const range = document.createRange();
    range.selectNodeContents(text);
    return range.getClientRects()[0].left;
  });

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test.describe('narrow and wide layout', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`at ${viewport.width} px, a case's history wraps addresses without scrolling sideways`, async ({
      page,
    }) => {
      const unique = randomBytes(3).toString('hex');
      const investigator = await createAccount('investigator');
      const api = await apiAs(investigator.email, investigator.password);
      const title = `Refunds from pay-desk@refund-portal.example ${unique}`;
      const created = await api.post('/api/cases', {
        data: {
          title,
          description:
            'Paid to 0x52908400098527886E0F7030069857D2E4169EE7 after visiting https://refund-portal.example/claim?ref=7781',
        },
      });
      expect(created.status()).toBe(201);
      const caseItem = (await created.json()) as { id: string };
      await api.dispose();

      await page.setViewportSize(viewport);
      await signIn(page, investigator);
      await page.goto(`/cases/${caseItem.id}?tab=history`);
      const history = page.getByRole('table', { name: 'History' });
      const changes = history.locator('.case-history__changes').first();
      await expect(changes).toContainText(title);
      await noHorizontalScroll(page);
      // The address breaks only at its own points: each hyphenated piece on one line.
      const whole = changes.locator('.email-text__whole');
      await expect(whole.first()).toBeVisible();
      for (const piece of await whole.all()) {
        const lines = await piece.evaluate((element) => element.getClientRects().length);
        expect(lines, (await piece.textContent()) ?? '').toBe(1);
      }
      await shoot(page, `history-${viewport.width}`);

      // The ghost Export dossier lines its label up with the title above it.
      await page.goto(`/cases/${caseItem.id}`);
      const heading = page.getByRole('heading', { level: 1 });
      // The title's address breaks at its own points too.
      await expect(heading.locator('.email-text__whole')).toHaveCount(2);
      for (const piece of await heading.locator('.email-text__whole').all()) {
        expect(await piece.evaluate((element) => element.getClientRects().length)).toBe(1);
      }
      const exportButton = page.getByRole('button', { name: 'Export dossier' });
      await expect(exportButton).toBeVisible();
      if (viewport === PHONE) {
        expect(Math.abs((await textLeft(exportButton)) - (await textLeft(heading)))).toBeLessThanOrEqual(1);
      }
      await noHorizontalScroll(page);
      await shoot(page, `case-${viewport.width}`);
    });

    test(`at ${viewport.width} px, Revoke lines its label up with the text of its list`, async ({ page }) => {
      const unique = randomBytes(3).toString('hex');
      const admin = await createAccount('admin');
      const api = await apiAs(admin.email, admin.password);
      const automation = await api.post('/api/automations', { data: { systemName: `Scanner ${unique}` } });
      expect(automation.status()).toBe(201);
      const { id } = (await automation.json()) as { id: string };
      const key = await api.post(`/api/automations/${id}/api-keys`, {
        data: { name: `reader ${unique}`, scopes: ['tag.view'], expiresAt: null },
      });
      expect(key.status()).toBe(201);
      await api.dispose();

      await page.setViewportSize(viewport);
      await signIn(page, admin);
      await page.goto(`/automations/${id}`);
      const revoke = page.getByRole('button', { name: `Revoke reader ${unique}` });
      await expect(revoke).toBeVisible();
      // On a phone the row is a card: the label lines up with the key's name above it. Wider, the
      // table's: with its column's name.
      const above =
        viewport === PHONE
          ? page
              .getByRole('row', { name: new RegExp(`reader ${unique}`) })
              .getByRole('cell')
              .first()
          : page.getByRole('table', { name: 'API keys' }).getByRole('columnheader').last();
      expect(Math.abs((await textLeft(revoke)) - (await textLeft(above)))).toBeLessThanOrEqual(1);
      await noHorizontalScroll(page);
      await shoot(page, `api-keys-${viewport.width}`);

      await page.goto('/profile');
      const sessionRevoke = page.getByRole('button', { name: /^Revoke / }).first();
      await expect(sessionRevoke).toBeVisible();
      const sessions = page.getByRole('region', { name: 'Sessions' }).getByRole('table');
      const sessionAbove =
        viewport === PHONE
          ? sessions.getByRole('row').filter({ has: sessionRevoke }).getByRole('cell').first()
          : sessions.getByRole('columnheader').last();
      expect(Math.abs((await textLeft(sessionRevoke)) - (await textLeft(sessionAbove)))).toBeLessThanOrEqual(
        1,
      );
      await noHorizontalScroll(page);
      await shoot(page, `profile-${viewport.width}`);
    });
  }
});

import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe';
import { apiAs, createAccount, expect, signIn, test } from '../support/fixtures';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = process.env.LIST_FILTER_SHOTS;

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** The text of an element that its box does not show (cut to "..." or run past its edge). */
const isCut = (locator: Locator) =>
  locator.evaluate((element) => element.scrollWidth > element.clientWidth + 1);

const noHorizontalScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`the list filters at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a long name is read whole in a filter: wrapped in its menu, in the title once chosen', async ({
      page,
    }) => {
      const unique = randomBytes(3).toString('hex');
      const lastName = `Konstantinopoulou-Vandenberghe Oyelaran ${unique}`;
      await createAccount('investigator', { firstName: 'Maximiliana Alexandrina', lastName });
      const fullName = `Maximiliana Alexandrina ${lastName}`;
      const admin = await createAccount('admin');
      const api = await apiAs(admin.email, admin.password);
      const tagName = `Advance-fee recovery-room follow-up scam ${unique}`;
      expect((await api.post('/api/tags', { data: { name: tagName, color: 'red' } })).status()).toBe(201);
      await api.dispose();

      await signIn(page, admin);
      await page.goto('/cases');
      if (viewport === PHONE) await page.getByRole('button', { name: /^Filters/ }).click();
      const box = page.getByRole('combobox', { name: 'Assignee' });
      await box.click();
      await box.fill(unique);
      const option = page.getByRole('option', { name: fullName });
      await expect(option).toBeVisible();
      // "Maximiliana Alexandrina..." before: the name wraps in the menu instead.
      expect(await isCut(option.locator('.cds--list-box__menu-item__option'))).toBe(false);
      // The server's answer to the search: "Assigned to me" and the one name (the menu's options only: the
      // pager's page size is a select of options too).
      await expect(page.getByRole('listbox', { name: 'Assignee' }).getByRole('option')).toHaveCount(2);
      await expectNoSeriousViolations(page, `the open Assignee filter at ${viewport.width} px`);
      await shoot(page, `assignee-open-${viewport.width}`);
      await option.click();
      await expect(box).toHaveValue(`Assignee: ${fullName}`);
      // The field ends it in "..." where it has not the room: its title holds it whole.
      await expect(box).toHaveAttribute('title', `Assignee: ${fullName}`);

      const tag = page.getByRole('combobox', { name: 'Tag' });
      await tag.click();
      await tag.fill(unique);
      const tagOption = page.getByRole('option', { name: tagName });
      await expect(tagOption).toBeVisible();
      expect(await isCut(tagOption.locator('.cds--list-box__menu-item__option'))).toBe(false);
      await tagOption.click();
      await expect(tag).toHaveAttribute('title', `Tag: ${tagName}`);
      await page.keyboard.press('Tab');
      await noHorizontalScroll(page);
      await shoot(page, `filters-chosen-${viewport.width}`);
    });
  });
}

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`a link naming a tag the reader may not see, at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('loads the list without that filter, off the URL, and says why', async ({ page }) => {
      const investigator = await createAccount('investigator');
      await signIn(page, investigator);
      // A reader without tag.view: every role holds it today, so the session is answered without it.
      await page.route(/\/api\/auth\/me$/, async (route) => {
        const response = await route.fetch();
        const user = (await response.json()) as { permissions: string[] };
        await route.fulfill({
          response,
          json: { ...user, permissions: user.permissions.filter((grant) => grant !== 'tag.view') },
        });
      });
      const refused: string[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/api/cases') && response.status() === 403) refused.push(response.url());
      });
      const tagId = '22222222-2222-4222-8222-222222222222';
      // A search no case matches: the worker's database holds other tests' open cases.
      const search = `nothing-${randomBytes(4).toString('hex')}`;
      await page.goto(`/cases?tagId=${tagId}&status=open&search=${search}`);
      const notice = page.locator('.removed-filters-notice');
      await expect(notice).toContainText('Filter removed');
      await expect(notice).toContainText('The link filtered this list by a tag, and you may not see tags');
      await expect(page).toHaveURL(`/cases?search=${search}&status=open`);
      await expect(page.getByText('No cases match')).toBeVisible();
      expect(refused, 'list requests the server refused').toEqual([]);
      await expectNoSeriousViolations(page, `the cases list with a removed filter at ${viewport.width} px`);
      await noHorizontalScroll(page);
      await shoot(page, `filter-removed-${viewport.width}`);
    });
  });
}

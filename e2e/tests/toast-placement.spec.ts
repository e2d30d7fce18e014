import type { Locator, Page } from '@playwright/test';
import { createAccount, expect, signIn, test } from '../support/fixtures';

/*
 * A toast lasts 3 to 10 seconds: it must not sit over an open dialog's close button or its actions for
 * that long, nor over the page's top (its header, a screen's tabs) on a phone. The server refusing a
 * new case (403, "Access Denied", an error toast of 10 s) shows one while the dialog stays open.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

/** The toast's box once it has stopped moving (Carbon slides the dialog in as the toast appears). */
async function settledBox(page: Page, toast: Locator): Promise<Box> {
  let last = '';
  await expect
    .poll(async () => {
      const now = JSON.stringify(await box(toast));
      const same = now === last;
      last = now;
      return same;
    })
    .toBe(true);
  const container = page.locator('.cds--modal.is-visible .cds--modal-container');
  await expect
    .poll(() => container.evaluate((element) => getComputedStyle(element).transform))
    .toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
  return box(toast);
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`at ${viewport.width} px, a toast covers neither an open dialog's close button nor its actions`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, await createAccount('investigator'));
    await page.route('**/api/cases', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({
              error: { code: 'FORBIDDEN', message: 'You do not have permission to perform this action.' },
            }),
          })
        : route.fallback(),
    );
    await page.goto('/cases');
    await page.getByRole('button', { name: 'New case' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New case' });
    await dialog.getByLabel(/^Title/).fill('A case the server refuses');
    await dialog.getByRole('button', { name: 'Create case' }).click();

    const toast = page.getByRole('alert').filter({ hasText: 'Access Denied' });
    await expect(toast).toContainText('You do not have permission to perform this action.');
    await expect(dialog).toBeVisible();
    const toastBox = await settledBox(page, toast);
    const close = await box(dialog.getByRole('button', { name: /^Close/ }).first());
    expect(
      overlaps(toastBox, close),
      `toast ${JSON.stringify(toastBox)}, close ${JSON.stringify(close)}`,
    ).toBe(false);
    for (const action of ['Cancel', 'Create case']) {
      const actionBox = await box(dialog.getByRole('button', { name: action }));
      expect(overlaps(toastBox, actionBox), `toast over ${action}`).toBe(false);
    }
    await page.screenshot({ path: test.info().outputPath(`toast-over-dialog-${viewport.width}.png`) });

    if (viewport === PHONE) {
      // With the dialog closed, the toast waits at the bottom of the screen, clear of the page's top.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(toast).toBeVisible();
      const bottomBox = await box(toast);
      expect(bottomBox.y).toBeGreaterThan(PHONE.height / 2);
      expect(bottomBox.y + bottomBox.height).toBeLessThanOrEqual(PHONE.height);
      const heading = await box(page.getByRole('heading', { level: 1 }).first());
      expect(overlaps(bottomBox, heading)).toBe(false);
      await page.screenshot({ path: test.info().outputPath(`toast-on-page-${viewport.width}.png`) });
    }
  });
}

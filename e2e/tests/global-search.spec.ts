import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe';
import { apiAs, expect, test, type Account } from '../support/fixtures';
import { importRows, signInAs, uniqueTag } from './identifiers-support';

interface Seeded {
  caseItem: { id: string; number: number; title: string };
  address: string;
  evidenceTitle: string;
  entryText: string;
}

async function created<T>(api: APIRequestContext, url: string, data: object): Promise<T> {
  const res = await api.post(url, { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

/**
 * A case, a journal entry in it, an identifier and a written statement in the case, each holding `tag`,
 * created through the API as an investigator records them. `title` may hold a long token, to see it wrap.
 */
async function seed(account: Account, tag: string, title = `Crypto refund scam ${tag}`): Promise<Seeded> {
  const api = await apiAs(account.email, account.password);
  const caseItem = await created<Seeded['caseItem']>(api, '/api/cases', { title });
  const evidenceTitle = `Victim statement ${tag}`;
  await created(api, '/api/evidence', {
    caseId: caseItem.id,
    title: evidenceTitle,
    body: 'The caller promised to recover the lost coins for a fee.',
  });
  const entryText = `The caller said the recovery fee goes to account ${tag} at a bank in Lagos.`;
  await created(api, '/api/journal-entries', {
    caseId: caseItem.id,
    type: 'call',
    description: entryText,
  });
  await api.dispose();
  const address = `refunds-${tag}@scam.example`;
  await importRows(account, [{ type: 'email', data: { address } }]);
  return { caseItem, address, evidenceTitle, entryText };
}

/** A section of the search page, once loaded: its heading carries the count, "Cases (1)". */
const section = (page: Page, title: string) =>
  page.getByRole('region', { name: new RegExp(`^${title} \\(`) });

test.describe('the search page', () => {
  test('an investigator searches from the header, sees the case, entry, identifier and evidence, and opens the case', async ({
    page,
  }) => {
    const account = await signInAs(page, 'investigator');
    const tag = uniqueTag();
    const { caseItem, address, evidenceTitle, entryText } = await seed(account, tag);
    const caseName = `#${caseItem.number} ${caseItem.title}`;

    await page.goto('/cases');
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    await page.getByRole('searchbox', { name: 'Search cases, journals, identifiers and evidence' }).fill(tag);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${tag}$`));
    await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search text' })).toHaveValue(tag);

    const cases = section(page, 'Cases');
    await expect(cases.getByRole('heading', { name: 'Cases (1)', level: 2 })).toBeVisible();
    await expect(cases.getByRole('link', { name: caseName })).toBeVisible();
    await expect(cases.getByText('Open', { exact: true })).toBeVisible();

    const journal = section(page, 'Journal entries');
    await expect(journal.getByRole('heading', { name: 'Journal entries (1)', level: 2 })).toBeVisible();
    const hit = journal.getByRole('listitem').filter({ hasText: entryText });
    await expect(hit.locator('mark')).toHaveText(tag);
    const entry = hit.getByRole('link', { name: /^Call, / });
    await expect(entry).toBeVisible();

    const identifiers = section(page, 'Identifiers');
    await expect(identifiers.getByRole('heading', { name: 'Identifiers (1)', level: 2 })).toBeVisible();
    await expect(identifiers.getByRole('link', { name: address, exact: true })).toBeVisible();

    const evidence = section(page, 'Evidence');
    await expect(evidence.getByRole('heading', { name: 'Evidence (1)', level: 2 })).toBeVisible();
    await expect(evidence.getByRole('link', { name: evidenceTitle })).toBeVisible();
    // The statement names its case.
    await expect(evidence.getByRole('link', { name: caseName })).toBeVisible();
    await expectNoSeriousViolations(page, 'the search page', 'main');

    // The entry opens its case's timeline, filtered by the same text.
    await entry.click();
    await expect(page).toHaveURL(new RegExp(`/cases/${caseItem.id}\\?tab=timeline&journalSearch=${tag}$`));
    await expect(page.getByRole('heading', { name: caseItem.title, level: 1 })).toBeVisible();
    await expect(page.getByText(/^1 entry matches/)).toBeVisible();

    await page.goBack();
    await section(page, 'Cases').getByRole('link', { name: caseName }).click();
    await expect(page).toHaveURL(new RegExp(`/cases/${caseItem.id}$`));
    await expect(page.getByRole('heading', { name: caseItem.title, level: 1 })).toBeVisible();
  });

  test('a section shows its loading lines, across its width, until its answer comes', async ({ page }) => {
    await signInAs(page, 'investigator');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/cases',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto(`/search?q=${uniqueTag()}`);
    // Still loading, the heading has no count yet.
    const cases = page.getByRole('region', { name: 'Cases', exact: true });
    const line = cases.locator('.cds--skeleton__text').first();
    await expect(line).toBeVisible();
    const box = await line.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(100);
    release();
    await expect(section(page, 'Cases').getByText(/^No cases match/)).toBeVisible();
  });

  test.describe('on a phone (390 px)', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the results fit the screen, a case title holding a wallet address wraps', async ({ page }) => {
      const account = await signInAs(page, 'investigator');
      const tag = uniqueTag();
      const { address, evidenceTitle, entryText } = await seed(
        account,
        tag,
        `Wallet 0x52908400098527886E0F7030069857D2E4169EE7${tag} drained by a fake trading platform`,
      );
      await page.goto(`/search?q=${tag}`);
      await expect(
        section(page, 'Cases').getByRole('link', { name: /drained by a fake trading platform/ }),
      ).toBeVisible();
      await expect(
        section(page, 'Identifiers').getByRole('link', { name: address, exact: true }),
      ).toBeVisible();
      await expect(section(page, 'Evidence').getByRole('link', { name: evidenceTitle })).toBeVisible();
      await expect(section(page, 'Journal entries').getByText(entryText)).toBeVisible();
      const widths = await page.evaluate(() => ({
        document: document.documentElement.scrollWidth,
        body: document.body.scrollWidth,
      }));
      expect(widths.document).toBeLessThanOrEqual(390);
      expect(widths.body).toBeLessThanOrEqual(390);
    });
  });
});

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import yauzl from 'yauzl';
import { expectNoSeriousViolations } from '../support/axe';
import { apiAs, createAccount, expect, signIn, test } from '../support/fixtures';
import { watchForText } from '../support/seen-text';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const exec = promisify(execFile);

/** `npm run verify -- <zip>` (scripts/verify.mjs runs the compiled verifier): its exit code and output. */
async function npmVerify(zipPath: string): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await exec(process.execPath, [join(ROOT, 'scripts/verify.mjs'), zipPath], {
      cwd: ROOT,
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

/** As in a browser without the File System Access API (Firefox, Safari): the save picker is absent. */
async function withoutSavePicker(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'showSaveFilePicker', { value: undefined, configurable: true });
  });
}

/**
 * The save picker answers a file of the origin's private file system (OPFS) instead of asking: the page
 * then streams the dossier into a real FileSystemFileHandle, which the test reads back.
 */
async function withSavePickerToOpfs(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'showSaveFilePicker', {
      configurable: true,
      value: async (options: { suggestedName: string }) => {
        const root = await navigator.storage.getDirectory();
        return root.getFileHandle(options.suggestedName, { create: true });
      },
    });
  });
}

async function readOpfsFile(page: Page, name: string): Promise<Buffer> {
  const base64 = await page.evaluate(async (fileName) => {
    const root = await navigator.storage.getDirectory();
    const file = await (await root.getFileHandle(fileName)).getFile();
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return btoa(binary);
  }, name);
  return Buffer.from(base64, 'base64');
}

const PHONE = { width: 390, height: 844 };

/** At a phone's width the page does not scroll sideways; a screenshot goes with the test's output. */
async function expectFitsPhone(page: Page, name: string) {
  const desktop = page.viewportSize()!;
  await page.setViewportSize(PHONE);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize(desktop);
}

/** Every file of the ZIP written under `dir`; answers their names. */
async function unzipTo(zipPath: string, dir: string): Promise<string[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(zipPath, { lazyEntries: true }, (error, z) => (error ? reject(error) : resolve(z))),
  );
  const names: string[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const target = join(dir, entry.fileName);
          names.push(entry.fileName);
          mkdir(dirname(target), { recursive: true })
            .then(() => writeFile(target, Buffer.concat(chunks)))
            .then(() => zip.readEntry(), reject);
        });
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return names;
}

/** The pages of a PDF and the size of the first one, in points. */
function pdfPages(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(text);
  return {
    pages: (text.match(/\/Type\s*\/Page(?!s)/g) ?? []).length,
    width: Number(box?.[1]),
    height: Number(box?.[2]),
  };
}

test('a case exported from its page opens offline as a report that prints on A4 and Letter', async ({
  page,
  browser,
}, testInfo) => {
  const tag = randomBytes(3).toString('hex');
  const investigator = await createAccount('investigator');
  const api = await apiAs(investigator.email, investigator.password);
  const created = async (url: string, data: object) => {
    const res = await api.post(url, { data });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string; number: number };
  };
  const caseItem = await created('/api/cases', {
    title: `Romance scam ${tag}`,
    description: 'The victim sent money to a profile met online.',
  });
  const written = await created('/api/evidence', {
    title: `Chat transcript ${tag}`,
    body: 'I need the money for my plane ticket, I promise to pay you back.',
    caseId: caseItem.id,
  });
  await created('/api/journal-entries', {
    caseId: caseItem.id,
    type: 'note',
    description: `Read the whole chat history ${tag}; the story changed three times.`,
    evidence: [written.id],
  });
  await created(`/api/cases/${caseItem.id}/tasks`, { title: `Ask the platform for the profile ${tag}` });
  await api.dispose();

  // Without the save picker: the browser downloads the GET itself, and the dialog says where its progress shows.
  await withoutSavePicker(page);
  await signIn(page, investigator);
  await page.goto(`/cases/${caseItem.id}`);
  await page.getByRole('button', { name: 'Export dossier' }).click();
  const dialog = page.getByRole('dialog', { name: /Export dossier/ });
  await expect(dialog.getByText(/You have no passkey, so this dossier will not be signed/)).toBeVisible();
  // Opened while it asks whether there is a passkey, it ends on its action, not the close button (whose
  // tooltip would take the first Escape).
  await expect(dialog.getByRole('button', { name: 'Export unsigned' })).toBeFocused();
  await expect(
    dialog.getByText("Your browser saves the file itself: its progress shows in the browser's downloads."),
  ).toBeVisible();
  await expectNoSeriousViolations(page, 'export dossier dialog, no passkey');
  await page.screenshot({ path: testInfo.outputPath('dialog-unsigned.png') });
  await expectFitsPhone(page, 'dialog-unsigned');
  // The toast closes after 3 s, which a busy machine can spend before the download event arrives.
  const toastShown = await watchForText(page, 'Dossier download started');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export unsigned' }).click(),
  ]);
  await toastShown();
  await expect(page.getByRole('button', { name: 'Export dossier' })).toBeFocused();
  expect(download.suggestedFilename()).toBe(`case-${caseItem.number}-dossier.zip`);
  const zipPath = testInfo.outputPath('dossier.zip');
  await download.saveAs(zipPath);
  const dir = testInfo.outputPath('dossier');
  const names = await unzipTo(zipPath, dir);
  expect(names).toEqual(
    expect.arrayContaining(['report.html', 'manifest.json', 'VERIFY.txt', 'case.jsonld']),
  );
  expect(names).not.toContain('manifest.signature.json');
  expect(await readFile(join(dir, 'VERIFY.txt'), 'utf8')).toContain('This dossier is NOT signed');
  const verified = await npmVerify(zipPath);
  expect(verified.code, verified.stdout).toBe(0);
  expect(verified.stdout).toMatch(/^PASS {2}manifest signature\n {6}NOT SIGNED/m);

  // The report from disk, with the network off: nothing but the file itself is requested.
  const offline = await browser.newContext({ offline: true, viewport: { width: 1000, height: 900 } });
  const requests: string[] = [];
  offline.on('request', (request) => requests.push(request.url()));
  const report = await offline.newPage();
  const reportUrl = pathToFileURL(join(dir, 'report.html')).href;
  await report.goto(reportUrl);
  await expect(report.getByRole('heading', { level: 1 })).toHaveText(
    `Case #${caseItem.number}: Romance scam ${tag}`,
  );
  // In the timeline, and named (with a link to it there) by the evidence's custody row.
  await expect(report.locator('article.entry').getByText(`Read the whole chat history ${tag}`)).toBeVisible();
  await expect(
    report.getByRole('link', { name: `Note: Read the whole chat history ${tag}` }),
  ).toHaveAttribute('href', /^#entry-/);
  await expect(report.getByText(`Ask the platform for the profile ${tag}`)).toBeVisible();
  await expect(report.getByRole('heading', { name: 'Verification' })).toBeVisible();
  expect(requests).toEqual([reportUrl]);
  await report.screenshot({ path: testInfo.outputPath('report.png'), fullPage: true });

  // Printed: no line wider than the paper, and a PDF of the paper's size on A4 and on Letter.
  await report.emulateMedia({ media: 'print' });
  for (const [format, width, height] of [
    ['A4', 595.92, 842.88],
    ['Letter', 612, 792],
  ] as const) {
    // The printable width of the paper at 96 px to the inch, less the report's 12 mm margins.
    await report.setViewportSize({ width: Math.floor((width / 72) * 96 - (24 / 25.4) * 96), height: 900 });
    const overflow = await report.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${format}: wider than the paper`).toBeLessThanOrEqual(0);
    const pdf = await report.pdf({ format, printBackground: true });
    const pages = pdfPages(pdf);
    expect(pages.pages, format).toBeGreaterThanOrEqual(1);
    expect(Math.abs(pages.width - width), `${format} width`).toBeLessThan(2);
    expect(Math.abs(pages.height - height), `${format} height`).toBeLessThan(2);
    await writeFile(testInfo.outputPath(`report-${format}.pdf`), pdf);
  }
  expect(requests).toEqual([reportUrl]);
  expect(JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'))).toMatchObject({
    case: { id: caseItem.id, title: `Romance scam ${tag}` },
    exportedBy: { email: investigator.email },
  });
  await offline.close();
});

test('a dossier signed with a passkey in Chromium’s virtual authenticator, saved through the save picker, verifies', async ({
  page,
  virtualAuthenticator,
}, testInfo) => {
  test.setTimeout(180_000);
  const tag = randomBytes(3).toString('hex');
  const investigator = await createAccount('investigator');
  const api = await apiAs(investigator.email, investigator.password);
  const caseRes = await api.post('/api/cases', { data: { title: `Invoice fraud ${tag}` } });
  expect(caseRes.status(), await caseRes.text()).toBe(201);
  const caseItem = (await caseRes.json()) as { id: string; number: number };
  const evidence = await api.post('/api/evidence', {
    data: { title: `Fake invoice ${tag}`, body: 'Pay 4,000 EUR to the new account.', caseId: caseItem.id },
  });
  expect(evidence.status(), await evidence.text()).toBe(201);
  await api.dispose();

  await virtualAuthenticator();
  await withSavePickerToOpfs(page);
  await signIn(page, investigator);

  // A passkey, added on the profile.
  await page.goto('/profile');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await passkeys.getByRole('button', { name: 'Add passkey' }).click();
  const add = page.getByRole('dialog', { name: 'Add passkey' });
  await add.getByLabel('Name').fill('Dossier key');
  await add.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Passkey added')).toBeVisible();

  await page.goto(`/cases/${caseItem.id}`);
  await page.getByRole('button', { name: 'Export dossier' }).click();
  const dialog = page.getByRole('dialog', { name: /Export dossier/ });
  const sign = dialog.getByRole('checkbox', { name: 'Sign the dossier with my passkey' });
  await expect(sign).toBeChecked();
  await expect(dialog.getByText('You choose where to save the file; its progress shows here.')).toBeVisible();
  await expectNoSeriousViolations(page, 'export dossier dialog, with a passkey');
  await page.screenshot({ path: testInfo.outputPath('dialog-sign.png') });
  await expectFitsPhone(page, 'dialog-sign');
  await dialog.getByRole('button', { name: 'Sign and export' }).click();
  await expect(page.getByText('Dossier exported')).toBeVisible();
  await expect(page.getByText(/signed with your passkey “Dossier key”/)).toBeVisible();

  const zipPath = testInfo.outputPath('signed-dossier.zip');
  await writeFile(zipPath, await readOpfsFile(page, `case-${caseItem.number}-dossier.zip`));
  const dir = testInfo.outputPath('signed-dossier');
  const names = await unzipTo(zipPath, dir);
  expect(names).toContain('manifest.signature.json');
  const verified = await npmVerify(zipPath);
  expect(verified.code, verified.stdout).toBe(0);
  expect(verified.stdout).toMatch(
    /^PASS {2}manifest signature\n {6}SIGNED by .+ with the passkey “Dossier key”/m,
  );
  expect(verified.stdout).toContain('VALID: all');

  // The manifest states that it is signed, by the exporter.
  const manifestPath = join(dir, 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
  expect(manifest).toMatchObject({ manifestSigning: 'passkey', exportedBy: { email: investigator.email } });
});

import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import yauzl from 'yauzl';
import { apiAs, createAccount, expect, signIn, test } from '../support/fixtures';

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

  await signIn(page, investigator);
  await page.goto(`/cases/${caseItem.id}`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export dossier' }).click(),
  ]);
  await expect(page.getByText('Dossier exported')).toBeVisible();
  expect(download.suggestedFilename()).toBe(`case-${caseItem.number}-dossier.zip`);
  const zipPath = testInfo.outputPath('dossier.zip');
  await download.saveAs(zipPath);
  const dir = testInfo.outputPath('dossier');
  const names = await unzipTo(zipPath, dir);
  expect(names).toEqual(
    expect.arrayContaining(['report.html', 'manifest.json', 'VERIFY.txt', 'case.jsonld']),
  );

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
  await expect(report.getByText(`Read the whole chat history ${tag}`)).toBeVisible();
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

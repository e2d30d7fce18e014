import type { Page } from 'playwright';

/**
 * Has the page note the moment `text` enters its document, seen by the page itself (what starts in
 * the effects of the same render comes after it). Call before `page.goto`; read with `firstRowTimes`.
 */
export async function watchFirstRow(page: Page, text: string): Promise<void> {
  await page.addInitScript({
    content: `new MutationObserver((_, observer) => {
      if (!document.body?.textContent?.includes(${JSON.stringify(text)})) return;
      window.firstRowAt = performance.now();
      window.firstRowWallTime = performance.timeOrigin + window.firstRowAt;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true, characterData: true });`,
  });
}

/**
 * When the watched text entered the document: `ms` since the navigation started (the page's clock) and
 * `wallTime` in ms since the epoch, the clock of the DevTools protocol's `wallTime`.
 */
export async function firstRowTimes(page: Page): Promise<{ ms: number; wallTime: number }> {
  const ms = (await page.evaluate('window.firstRowAt')) as number;
  const wallTime = (await page.evaluate('window.firstRowWallTime')) as number;
  return { ms, wallTime };
}

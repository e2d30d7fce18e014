import { expect, type Page } from '@playwright/test';

/**
 * Watches the page for a text that may show only for a while (a toast closes after its timeout): from
 * this call on, the page notes the moment any element holding the text is added, so the text can be
 * asserted after something slower (a download, a navigation) without racing its removal on a busy
 * machine. Answers the assertion, which waits until the text has been seen.
 */
export async function watchForText(page: Page, text: string): Promise<() => Promise<void>> {
  const key = `__seenText${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ({ key, text }) => {
      const flags = window as unknown as Record<string, boolean>;
      const check = () => {
        if (document.body.innerText.includes(text)) {
          flags[key] = true;
          observer.disconnect();
        }
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      check();
    },
    { key, text },
  );
  return async () => {
    await expect
      .poll(() => page.evaluate((key) => (window as unknown as Record<string, boolean>)[key] === true, key), {
        message: `"${text}" was shown`,
      })
      .toBe(true);
  };
}

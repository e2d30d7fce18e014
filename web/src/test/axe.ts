import axe from 'axe-core';
import { expect } from 'vitest';

/** WCAG 2.0 and 2.1, levels A and AA, as the end-to-end suite checks them (e2e/support/axe.ts). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Runs axe-core on `element` as jsdom renders it and fails on any serious or critical violation, each
 * listed as "rule (impact): target". jsdom lays nothing out, so colour contrast is left to the
 * end-to-end suite, which checks it in a real browser.
 */
export async function expectNoSeriousViolations(element: Element = document.body) {
  const { violations } = await axe.run(element, {
    runOnly: { type: 'tag', values: WCAG_TAGS },
    rules: { 'color-contrast': { enabled: false } },
  });
  const found = violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')}`),
    );
  expect(found).toEqual([]);
}

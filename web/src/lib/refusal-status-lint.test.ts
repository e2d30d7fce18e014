import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint of eslint/web-features.js (REFUSAL_STATUS_CHECKS), through the repository's own
 * eslint.config.js: a screen that tells a 401 or 403 apart by its status, to decide whether the API
 * client reported it already, is refused; isAnsweredByClient and failureMessage are the way.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: ROOT });

/** The messages of the rule for `code` written in a file of web/src. */
async function refusals(code: string, file = 'web/src/features/tags/components/probe.tsx') {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return result.messages
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message);
}

const REFUSED = [
  'export const hidden = (error: { status: number }) => error.status === 403;',
  'export const hidden = (error: { status: number }) => 401 == error.status;',
  'export const shown = (error: { status: number }) => error.status !== 403;',
  'export const hidden = (error?: { status: number }) => error?.status === 401;',
  'export const hidden = (status: number) => status === 403;',
  'export const hidden = (error: { status: number }) => [401, 403].includes(error.status);',
  `export function hidden(error: { status: number }) {
    switch (error.status) {
      case 403:
        return true;
      default:
        return false;
    }
  }`,
];

describe('the lint on refusals told apart by status', () => {
  it.each(REFUSED)('refuses %s in a screen', async (code) => {
    const messages = await refusals(code);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages[0]).toMatch(/isAnsweredByClient/);
  });

  it('accepts the client’s mark, and statuses that are not refusals', async () => {
    const code = `import { failureMessage, isAnsweredByClient, isApiError } from '../../../lib/api-error';
export const said = (error: unknown) => isAnsweredByClient(error);
export const message = (error: unknown) => failureMessage(error, 'Failed');
export const conflict = (error: unknown) => isApiError(error) && error.status === 409;
`;
    expect(await refusals(code)).toEqual([]);
  });

  it('leaves test files alone', async () => {
    expect(
      await refusals(
        'export const hidden = (error: { status: number }) => error.status === 403;',
        'web/src/features/tags/components/probe.test.tsx',
      ),
    ).toEqual([]);
  });
});

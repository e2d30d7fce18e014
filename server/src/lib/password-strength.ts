import { createRequire } from 'node:module';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * The lowest zxcvbn score accepted (0 to 4). 3 is "safely unguessable: moderate protection from an
 * offline slow-hash scenario"; lower scores are the common passwords, keyboard walks, repeats and
 * sequences that ASVS 2.1.7 asks to refuse.
 */
export const MIN_PASSWORD_SCORE = 3;

/**
 * Only the first characters are estimated: the estimate's time grows quickly with the length, and it
 * runs on the event loop. 64 characters that are easy to guess are a weak start whatever follows.
 */
const CHECKED_LENGTH = 64;

// Loaded on first use, synchronously: the dictionaries take about a third of a second to load, which
// every test file and every start would otherwise pay, and the configuration check needs an answer
// without awaiting.
const require = createRequire(import.meta.url);
let estimator: ZxcvbnFactory | undefined;

function loadEstimator(): ZxcvbnFactory {
  const core = require('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
  const common = require('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common');
  const en = require('@zxcvbn-ts/language-en') as typeof import('@zxcvbn-ts/language-en');
  return new core.ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
    maxLength: CHECKED_LENGTH,
  });
}

/**
 * Why a password is too easy to guess, as a sentence starting with `label`; undefined when it is
 * strong enough. The check is offline: zxcvbn's lists of common passwords, words and names, and its
 * patterns (repeats, sequences, keyboard walks, dates).
 */
export function passwordWeakness(password: string, label = 'Password'): string | undefined {
  estimator ??= loadEstimator();
  const result = estimator.check(password);
  if (result.score >= MIN_PASSWORD_SCORE) return undefined;
  const reason = result.feedback.warning ? ` (${result.feedback.warning.replace(/\.$/, '')})` : '';
  return `${label} is too easy to guess${reason}; use a few uncommon words or a generated password`;
}

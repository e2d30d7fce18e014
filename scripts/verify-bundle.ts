// `npm run verify -- <bundle.json>`: verifies a signature bundle exported from
// GET /api/journal-entries/{id}/signature-bundle, with no server and no database. Prints each check
// and exits 1 when one fails (2 when the file cannot be read as JSON).
import { readFileSync } from 'node:fs';
import { verifyBundle } from '../server/src/modules/signatures/bundle-verifier';

const path = process.argv[2];
if (!path) {
  console.error('Usage: npm run verify -- <bundle.json>');
  process.exit(2);
}

let bundle: unknown;
try {
  bundle = JSON.parse(readFileSync(path, 'utf8'));
} catch (error) {
  console.error(`Cannot read ${path} as JSON: ${(error as Error).message}`);
  process.exit(2);
}

const checks = verifyBundle(bundle);
for (const check of checks) {
  console.log(`${check.passed ? 'PASS' : 'FAIL'}  ${check.name.padEnd(22)} ${check.detail}`);
}
const failed = checks.filter((check) => !check.passed).length;
if (failed) {
  console.log(`\nINVALID: ${failed} of ${checks.length} checks failed`);
  process.exit(1);
}
const signer = (bundle as { signer?: { name?: string; email?: string } }).signer;
console.log(`\nVALID: signed by ${signer?.name ?? '?'} <${signer?.email ?? '?'}>`);

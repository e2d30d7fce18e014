// `npm run verify -- <bundle.json>`: verifies a signature bundle exported from
// GET /api/journal-entries/{id}/signature-bundle, with no server and no database. Prints each check
// and exits 1 when one fails (2 when the file cannot be read as JSON).
// `npm run verify -- <dossier.zip>`: verifies a case dossier exported from GET /api/cases/{id}/dossier
// (docs/dossier.md) the same way: every check printed, exit 1 when one fails, 2 when unreadable.
import { readFileSync } from 'node:fs';
import { verifyBundle } from '../server/src/modules/signatures/bundle-verifier';
import { verifyDossier } from '../server/src/modules/dossier/dossier-verifier';

const path = process.argv[2];
if (!path) {
  console.error('Usage: npm run verify -- <bundle.json | dossier.zip>');
  process.exit(2);
}

if (path.toLowerCase().endsWith('.zip')) {
  const { ok, checks } = await verifyDossier(path);
  for (const check of checks) {
    console.log(`${check.ok ? 'PASS' : 'FAIL'}  ${check.name}\n      ${check.detail}`);
  }
  const failed = checks.filter((check) => !check.ok).length;
  if (checks.length === 1 && checks[0].name === 'zip' && !ok) process.exit(2);
  if (!ok) {
    console.log(`\nINVALID: ${failed} of ${checks.length} checks failed`);
    process.exit(1);
  }
  const signature = checks.find((check) => check.name === 'manifest signature');
  const signed = signature?.detail.startsWith('SIGNED') ? ' (the manifest is signed by its exporter)' : '';
  const unsigned = signature?.detail.startsWith('NOT SIGNED') ? ' (the manifest is not signed)' : '';
  console.log(`\nVALID: all ${checks.length} checks passed${signed}${unsigned}`);
  process.exit(0);
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

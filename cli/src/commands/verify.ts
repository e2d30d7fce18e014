import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { verifyBundle, type Check } from '../../../server/src/modules/signatures/bundle-verifier';
import { CliError, EXIT } from '../errors';
import type { Output } from '../io';
import { withExamples, type Runner } from '../program';

/** A ZIP file's first bytes ("PK\3\4"): a case dossier rather than a signature bundle. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function report(out: Output, path: string, kind: string, checks: Check[], signedBy: string | null) {
  const failed = checks.filter((check) => !check.passed).length;
  if (out.json) out.emit({ file: path, kind, valid: failed === 0, signedBy, checks });
  else {
    for (const check of checks)
      out.say(`${check.passed ? 'PASS' : 'FAIL'}  ${check.name.padEnd(22)} ${check.detail}`);
    out.say(
      failed
        ? `\nINVALID: ${failed} of ${checks.length} checks failed`
        : `\nVALID${signedBy ? `: signed by ${signedBy}` : ''}`,
    );
  }
  if (failed) throw new CliError(`${path} did not verify`, EXIT.failure);
}

/**
 * Verifies a signature bundle (GET /api/journal-entries/{id}/signature-bundle) offline, with the very
 * checks of `npm run verify` (server/src/modules/signatures/bundle-verifier.ts): no server, no sign-in.
 */
async function verify(out: Output, path: string) {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw CliError.usage(
      `Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) {
    throw CliError.usage(`${path} is a ZIP file: this version verifies signature bundles (JSON) only`);
  }
  let bundle: unknown;
  try {
    bundle = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw CliError.usage(`Cannot read ${path} as JSON: ${(error as Error).message}`);
  }
  const signer = (bundle as { signer?: { name?: string; email?: string } } | null)?.signer;
  report(
    out,
    path,
    'signature-bundle',
    verifyBundle(bundle),
    signer ? `${signer.name ?? '?'} <${signer.email ?? '?'}>` : null,
  );
}

export function verifyCommand(program: Command, run: Runner) {
  withExamples(
    program
      .command('verify')
      .description(
        'Verify a signature bundle offline, with the checks of "npm run verify" (no sign-in needed)',
      )
      .argument('<file>', 'a signature bundle (.json) downloaded from a signed journal entry'),
    ['scamtrail verify entry-signature.json', 'scamtrail verify entry-signature.json --json'],
  ).action(run((out, path: string) => verify(out, path)));
}

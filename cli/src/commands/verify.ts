import { open, readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { verifyDossier } from '../../../server/src/modules/dossier/dossier-verifier';
import { verifyBundle } from '../../../server/src/modules/signatures/bundle-verifier';
import { CliError, EXIT } from '../errors';
import type { Output } from '../io';
import { withExamples, type Runner } from '../program';

/** A ZIP file's first bytes ("PK\3\4"): a case dossier rather than a signature bundle. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

interface Check {
  name: string;
  passed: boolean;
  detail: string;
}

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

/** The first bytes of a file, or the usage error of a file that cannot be read. */
async function firstBytes(path: string, count: number): Promise<Buffer> {
  try {
    const file = await open(path);
    try {
      const { buffer, bytesRead } = await file.read(Buffer.alloc(count), 0, count, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  } catch (error) {
    throw CliError.usage(
      `Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}

/**
 * Verifies, offline and with no sign-in, the very checks of `npm run verify`: a case dossier (a ZIP,
 * server/src/modules/dossier/dossier-verifier.ts, read as a stream) or a signature bundle
 * (GET /api/journal-entries/{id}/signature-bundle, server/src/modules/signatures/bundle-verifier.ts).
 */
async function verify(out: Output, path: string) {
  if ((await firstBytes(path, ZIP_MAGIC.length)).equals(ZIP_MAGIC)) {
    const { checks } = await verifyDossier(path);
    // Only the ZIP check, failed: not a ZIP that can be read (npm run verify: exit 2 as well).
    if (checks.length === 1 && checks[0].name === 'zip' && !checks[0].ok)
      throw CliError.usage(checks[0].detail);
    const passed = checks.map(({ name, ok, detail }) => ({ name, passed: ok, detail }));
    report(out, path, 'dossier', passed, null);
    return;
  }
  let bundle: unknown;
  try {
    bundle = JSON.parse(await readFile(path, 'utf8'));
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
        'Verify a signature bundle or a case dossier offline, with the checks of "npm run verify" (no sign-in needed)',
      )
      .argument('<file>', 'a signature bundle (.json) of a signed journal entry, or a case dossier (.zip)'),
    ['scamtrail verify entry-signature.json', 'scamtrail verify case-12-dossier.zip --json'],
  ).action(run((out, path: string) => verify(out, path)));
}

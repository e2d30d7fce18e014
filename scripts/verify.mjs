// `npm run verify -- <bundle.json>`: the offline signature-bundle verifier (scripts/verify-bundle.ts),
// compiled with the server so that it runs without a TypeScript loader; built first when stale.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OUTPUTS, buildWhereStale } from './build-freshness.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

try {
  await buildWhereStale([OUTPUTS.server]);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
}
const verifier = spawnSync(
  process.execPath,
  [join(root, 'server/dist/verify-bundle.mjs'), ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(verifier.status ?? 1);

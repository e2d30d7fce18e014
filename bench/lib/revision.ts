import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A revision's sources in a temporary directory, compiled: its server bundle, and with `web` its web
 * app too (`npm run build` of that revision). Its node_modules holds links to this checkout's
 * packages, except our own workspaces (@scamtrail/*), which link to the revision's copies, so the
 * bundle holds the revision's domain code and not today's. Answers the path of its server bundle,
 * which serves the revision's web/dist beside it.
 */
export function buildRevision(revision: string, dir: string, { web = false } = {}): string {
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive "$1" | tar -x -C "$2"`, 'sh', revision, dir], { cwd: root });
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@scamtrail'), { recursive: true });
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (name !== '@scamtrail') symlinkSync(join(root, 'node_modules', name), join(modules, name));
  }
  for (const name of readdirSync(join(root, 'node_modules/@scamtrail'))) {
    symlinkSync(join(dir, name), join(modules, '@scamtrail', name));
  }
  if (web) {
    // The web workspace's own packages (those whose version differs from the root's).
    symlinkSync(join(root, 'web/node_modules'), join(dir, 'web/node_modules'));
    execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: dir, stdio: 'inherit' });
  }
  execFileSync(process.execPath, [join(dir, 'scripts/build-server.mjs')], { cwd: dir, stdio: 'inherit' });
  return join(dir, 'server/dist/main.mjs');
}

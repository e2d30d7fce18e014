import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * A global setup of every Vitest project: its test files get a temporary directory of their own
 * (TMPDIR, which `os.tmpdir()` reads), and the run fails if anything is left in it when the project's
 * files have finished. A test that makes a scratch file or folder removes it; this is what proves it.
 */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), `scamtrail-test-${project.name}-`));
  // Read when the project's first worker starts, after the global setups have run.
  project.config.env = { ...project.config.env, TMPDIR: dir };
  return () => {
    const left = readdirSync(dir);
    rmSync(dir, { recursive: true, force: true });
    if (left.length > 0) {
      // Vitest reports an error thrown here but still exits 0; the exit code is what fails CI.
      console.error(`The ${project.name} tests left files in the temporary directory: ${left.join(', ')}`);
      process.exitCode = 1;
    }
  };
}

import { relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

/** How many files are listed. */
const SHOWN = 15;

/**
 * Prints, after the run, the files that held a worker longest (import, collection and tests), with
 * their project: where to look first when the suite grows slower (issue 35). The default reporter
 * gives only the run's totals.
 */
export default class SlowestFiles implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows = testModules.map((module) => {
      const d = module.diagnostic();
      return {
        file: relative(process.cwd(), module.moduleId),
        project: module.project.name,
        seconds: (d.prepareDuration + d.collectDuration + d.setupDuration + d.duration) / 1000,
      };
    });
    const total = rows.reduce((sum, row) => sum + row.seconds, 0);
    const slowest = rows.sort((a, b) => b.seconds - a.seconds).slice(0, SHOWN);
    if (slowest.length === 0) return;
    const lines = slowest.map(
      (row) => `  ${row.seconds.toFixed(1).padStart(6)} s  ${row.project.padEnd(16)} ${row.file}`,
    );
    this.vitest?.logger.log(
      `\nSlowest test files (${rows.length} files, ${total.toFixed(0)} s of worker time in all):\n` +
        lines.join('\n'),
    );
  }
}

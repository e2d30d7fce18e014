import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The app's own modules under `dir`: .ts and .tsx files, neither tests nor the test helpers of `test/`. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './source-files';

/**
 * What the web app must not bundle, however it is reached: libphonenumber's full metadata (over
 * 100 KB; the server extracts and enriches) and the domain modules that import it. eslint.config.js
 * refuses a direct import; this follows every import of web/src (static and lazy, not type-only)
 * through web/src and domain/src, so an import the domain grows is caught too.
 */
const SERVER_ONLY_PACKAGES = ['libphonenumber-js/max'];
const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ROOT = resolve(WEB, '..');
const DOMAIN = join(ROOT, 'domain/src');

const IMPORT =
  /(?:^|[;\s])(?:import|export)\s+(type\s+)?(?:[^'"`;]*?\sfrom\s*)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveLocal(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@scamtrail/domain/')
    ? join(DOMAIN, specifier.slice('@scamtrail/domain/'.length))
    : resolve(dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(existsSync);
}

/** Every package and file the web app's code reaches, each with the chain of files that reached it. */
function reached(): Map<string, string[]> {
  const chains = new Map<string, string[]>();
  const queue = sourceFiles(join(WEB, 'src'));
  for (const file of queue) chains.set(file, [file]);
  while (queue.length > 0) {
    const file = queue.shift()!;
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(IMPORT)) {
      if (match[1]) continue;
      const specifier = match[2] ?? match[3];
      const local =
        specifier.startsWith('.') || specifier.startsWith('@scamtrail/domain/')
          ? resolveLocal(file, specifier)
          : undefined;
      const key = local ?? specifier;
      if (chains.has(key)) continue;
      chains.set(key, [...chains.get(file)!, key]);
      if (local) queue.push(local);
    }
  }
  return chains;
}

describe('the web app bundles nothing server-only', () => {
  it("reaches neither libphonenumber's full metadata nor the domain's extraction", () => {
    const chains = reached();
    const named = (chain: string[]) => chain.map((step) => relative(ROOT, step)).join(' → ');
    const found = [...chains]
      .filter(([key]) => SERVER_ONLY_PACKAGES.includes(key) || key === join(DOMAIN, 'identifiers/extract.ts'))
      .map(([, chain]) => named(chain));
    expect(found).toEqual([]);
    // The walk itself works: it reaches the domain and the phone helpers the forms use.
    expect(chains.has(join(DOMAIN, 'identifiers/phone.ts'))).toBe(true);
    expect(chains.has('libphonenumber-js')).toBe(true);
  });
});

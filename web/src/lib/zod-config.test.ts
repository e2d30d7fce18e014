import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const configModule = join(here, 'zod-config.ts');

/**
 * In a fresh Node process (zod is loaded once per process, so a test file cannot load it anew): loads
 * the configuration module first when asked, then zod, counts the functions zod constructs while it
 * builds and parses an object schema, and prints what zod's configuration says and that count.
 */
function runZod(withConfig: boolean): { jitless: boolean; compiled: number } {
  const script = `
    let compiled = 0;
    const RealFunction = globalThis.Function;
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args) { compiled += 1; return Reflect.construct(target, args); },
    });
    ${withConfig ? `await import(${JSON.stringify(configModule)});` : ''}
    const { z } = await import('zod');
    const schema = z.object({ name: z.string(), tags: z.array(z.object({ id: z.number() })) });
    schema.parse({ name: 'a', tags: [{ id: 1 }] });
    console.log(JSON.stringify({ jitless: z.config().jitless === true, compiled }));
  `;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: resolve(here, '../..'),
    // tsx would leave its transform cache in the test's temporary directory.
    env: { ...process.env, TSX_DISABLE_CACHE: '1' },
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1) ?? '') as { jitless: boolean; compiled: number };
}

describe('zod-config', () => {
  it('makes zod, loaded after it, build and parse object schemas without compiling code', () => {
    expect(runZod(true)).toEqual({ jitless: true, compiled: 0 });
  });

  it('without it zod compiles its parsers, which the count above would see', () => {
    const { jitless, compiled } = runZod(false);
    expect(jitless).toBe(false);
    expect(compiled).toBeGreaterThan(0);
  });
});

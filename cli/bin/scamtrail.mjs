#!/usr/bin/env node
// The `scamtrail` command. In a checkout of the repository (cli/src is there) it runs the TypeScript
// sources through tsx, the root's TypeScript loader, so `npx scamtrail` works right after `npm install`
// (no install script runs: .npmrc sets ignore-scripts) and is never stale. An installed package
// (`npm pack -w cli`, which ships bin/ and dist/ only) runs the bundle `npm run build -w cli` made.
import { existsSync } from 'node:fs';

const source = new URL('../src/main.ts', import.meta.url);
const { main } = existsSync(source)
  ? await (await import('tsx/esm/api')).tsImport(source.href, import.meta.url)
  : await import('../dist/scamtrail.mjs');
process.exitCode = await main(process.argv.slice(2));

// `npm test`: every check and every test, in three stages, with the time each step took.
//
// 1. The static checks (lint, format, the type check of each workspace) and the production build, two
//    at a time: each is one process that uses one core, and the build does not depend on them.
// 2. The unit and integration tests (Vitest, two workers), and beside them the check that a production
//    install (`npm ci --omit=dev`) of the build runs.
// 3. The bundle-size check of the build, then the end-to-end tests against the compiled server.
//
// A step's output is printed when it ends (steps that run together would otherwise interleave); the
// first failure stops the run once the steps already started have ended. At the end a table gives
// each step's wall-clock time, the figures the README's "Test it" section records.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const PARALLEL_CHECKS = 2;

const npm = (...args) => ['npm', ['run', '--silent', ...args]];
const STAGES = [
  {
    parallel: true,
    steps: [
      // Longest first, so the two lanes end at about the same time.
      { name: 'build', command: npm('build') },
      { name: 'typecheck server', command: npm('typecheck', '-w', 'server') },
      { name: 'typecheck web', command: npm('typecheck', '-w', 'web') },
      { name: 'lint', command: npm('lint') },
      { name: 'format', command: npm('format:check') },
      { name: 'typecheck e2e', command: npm('typecheck', '-w', 'e2e') },
      { name: 'typecheck domain', command: npm('typecheck', '-w', 'domain') },
      { name: 'typecheck api-client', command: npm('typecheck', '-w', 'api-client') },
      { name: 'typecheck cli', command: npm('typecheck', '-w', 'cli') },
    ],
  },
  {
    // The production install mostly waits on npm copying packages: it runs beside the tests.
    parallel: true,
    steps: [
      { name: 'unit and integration', command: npm('test:unit'), live: true },
      { name: 'production install', command: npm('check:production-install') },
    ],
  },
  {
    steps: [
      { name: 'bundle size', command: npm('check:bundle-size') },
      { name: 'end-to-end', command: npm('test:e2e'), live: true },
    ],
  },
];

const timings = [];

/** Runs one step; a live step prints as it goes, the others when they end. */
function run(step) {
  const started = Date.now();
  const [command, args] = step.command;
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: step.live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      timings.push({ name: step.name, seconds, ok: code === 0 });
      const mark = code === 0 ? 'ok' : `FAILED (exit ${code})`;
      if (!step.live) process.stdout.write(`\n── ${step.name}: ${mark}, ${seconds.toFixed(1)} s\n${output}`);
      else console.log(`\n── ${step.name}: ${mark}, ${seconds.toFixed(1)} s`);
      resolve(code === 0);
    });
  });
}

/** Runs the steps with at most `width` at a time; starts no new step after a failure. */
async function runAll(steps, width) {
  const queue = [...steps];
  let ok = true;
  const lane = async () => {
    while (ok && queue.length > 0) {
      if (!(await run(queue.shift()))) ok = false;
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return ok;
}

const started = Date.now();
let ok = true;
for (const stage of STAGES) {
  const stageStarted = Date.now();
  ok = await runAll(stage.steps, stage.parallel ? PARALLEL_CHECKS : 1);
  timings.push({ name: `  stage total`, seconds: (Date.now() - stageStarted) / 1000, ok, stage: true });
  if (!ok) break;
}

console.log('\nStep                        Time');
for (const { name, seconds, ok: passed, stage } of timings) {
  const line = `${name.padEnd(26)} ${seconds.toFixed(1).padStart(7)} s${passed ? '' : '  FAILED'}`;
  console.log(stage ? `${line}\n` : line);
}
console.log(`${'total'.padEnd(26)} ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s`);
process.exit(ok ? 0 : 1);

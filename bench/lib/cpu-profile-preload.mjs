/**
 * Preloaded into a server process (`NODE_OPTIONS=--import <this file>`, where Node 20 refuses
 * `--cpu-prof`) with CPU_PROFILE_DIR set: runs V8's CPU profiler from start-up and writes
 * `<CPU_PROFILE_DIR>/server-<pid>.cpuprofile` when the process exits (the inspector answers a session
 * of its own thread synchronously, so this works inside the 'exit' event).
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { Session } from 'node:inspector';

const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 200 });
  session.post('Profiler.start');
  process.on('exit', () => {
    session.post('Profiler.stop', (err, result) => {
      if (err) return;
      mkdirSync(dir, { recursive: true });
      writeFileSync(`${dir}/server-${process.pid}.cpuprofile`, JSON.stringify(result.profile));
    });
  });
}

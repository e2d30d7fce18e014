import { readdirSync, readFileSync } from 'node:fs';

/** Where a machine's CPU time went, in ms since boot: all of it, idle, and each PostgreSQL process's. */
export interface MachineCpu {
  totalMs: number;
  idleMs: number;
  postgresMs: Map<string, number>;
}

/** Clock ticks (USER_HZ) in ms: Linux reports /proc times in hundredths of a second. */
const TICK_MS = 10;

/**
 * A process's user and system time (utime + stime of /proc/<pid>/stat, in ms) and its command name;
 * undefined when it has exited.
 */
export function processTimes(pid: string): { name: string; ms: number } | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // exited between the listing and the read
  }
  const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  // The command name (field 2) may hold spaces: count the fields after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { name, ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS };
}

/**
 * The machine's CPU time so far (the first line of /proc/stat: every core, idle and I/O wait as idle)
 * and what each of PostgreSQL's processes on this machine has used (backends, WAL writer,
 * checkpointer: every process named `postgres`), by process id; `postgresMsBetween` takes the
 * difference.
 */
export function machineCpu(): MachineCpu {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const values = ticks.map(Number);
  // user nice system idle iowait irq softirq steal (guest times are already within user).
  const totalTicks = values.slice(0, 8).reduce((sum, v) => sum + v, 0);
  const idleTicks = values[3] + values[4];
  const postgresMs = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const times = processTimes(pid);
    if (times?.name === 'postgres') postgresMs.set(pid, times.ms);
  }
  return { totalMs: totalTicks * TICK_MS, idleMs: idleTicks * TICK_MS, postgresMs };
}

/**
 * PostgreSQL's CPU time between two readings, in ms: what its processes alive at the second used since
 * the first (a backend started between them counts whole). A process that exited between them (an
 * idle pool connection closed) takes its last slice with it: a pool busy through the span keeps its
 * backends, so the span's own work is counted.
 */
export function postgresMsBetween(before: MachineCpu, after: MachineCpu): number {
  let ms = 0;
  for (const [pid, used] of after.postgresMs) ms += used - (before.postgresMs.get(pid) ?? 0);
  return ms;
}

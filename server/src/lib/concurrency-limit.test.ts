import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit, OverCapacityError } from './concurrency-limit';

/** A task that runs until the test ends it, recording when it starts. */
function heldTask(name: string, started: string[]) {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  const task = async () => {
    started.push(name);
    await ended;
    return name;
  };
  return { task, end };
}

/** Lets every promise that can settle settle. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('ConcurrencyLimit', () => {
  it('runs at most N tasks at once; the others wait and start in arrival order', async () => {
    const limit = new ConcurrencyLimit(2, 10);
    const started: string[] = [];
    const tasks = ['a', 'b', 'c', 'd', 'e'].map((name) => heldTask(name, started));
    const results = tasks.map((t) => limit.run(t.task));
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect(limit.state()).toEqual({ running: 2, waiting: 3 });

    tasks[1].end();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    tasks[0].end();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    expect(limit.state()).toEqual({ running: 2, waiting: 1 });

    for (const t of tasks) t.end();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(limit.state()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a task at once when the queue is full, with a Retry-After of at least a second', async () => {
    const limit = new ConcurrencyLimit(1, 2);
    const started: string[] = [];
    const tasks = ['a', 'b', 'c'].map((name) => heldTask(name, started));
    const results = tasks.map((t) => limit.run(t.task));
    const refused = limit.run(async () => 'never');
    await expect(refused).rejects.toBeInstanceOf(OverCapacityError);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: expect.any(Number) });
    expect(
      ((await refused.catch((e: unknown) => e)) as OverCapacityError).retryAfterSeconds,
    ).toBeGreaterThanOrEqual(1);
    expect(started).toEqual(['a']);

    for (const t of tasks) t.end();
    await Promise.all(results);
    // Room again once the queue has drained.
    expect(await limit.run(async () => 'later')).toBe('later');
  });

  it('frees the slot of a task that fails', async () => {
    const limit = new ConcurrencyLimit(1, 0);
    await expect(limit.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(limit.state()).toEqual({ running: 0, waiting: 0 });
    expect(await limit.run(async () => 'next')).toBe('next');
  });
});

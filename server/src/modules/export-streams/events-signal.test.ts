import { describe, expect, it, vi } from 'vitest';
import { EVENTS_CHANNEL, EventsSignal } from './events-signal';

/** A database whose notifications the test sends itself. */
function fakeDatabase() {
  const calls = { listened: 0, stopped: 0 };
  let notify = () => {};
  let lose = () => {};
  let fail = false;
  const database = {
    listen: async (channel: string, onNotify: () => void, onLost: () => void) => {
      expect(channel).toBe(EVENTS_CHANNEL);
      calls.listened += 1;
      if (fail) throw new Error('no connection');
      notify = onNotify;
      lose = onLost;
      return async () => {
        calls.stopped += 1;
      };
    },
  };
  return {
    database,
    calls,
    notify: () => notify(),
    lose: () => lose(),
    failNextListen: () => {
      fail = true;
    },
    listenAgain: () => {
      fail = false;
    },
  };
}

const LONG = 600_000;
const settled = async (promise: Promise<void>) =>
  Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setImmediate(() => resolve(false))),
  ]);

describe('the signal that wakes waiting export-stream readers', () => {
  it('listens once, and wakes a reader when events are committed', async () => {
    const fake = fakeDatabase();
    const signal = new EventsSignal(fake.database);
    const mark = await signal.mark();
    await signal.mark();
    expect(fake.calls.listened).toBe(1);
    const waiting = signal.after(mark, LONG, new AbortController().signal);
    expect(await settled(waiting)).toBe(false);
    fake.notify();
    expect(await settled(waiting)).toBe(true);
  });

  it('does not wait when events were committed between the mark and the wait', async () => {
    const fake = fakeDatabase();
    const signal = new EventsSignal(fake.database);
    const mark = await signal.mark();
    fake.notify();
    expect(await settled(signal.after(mark, LONG, new AbortController().signal))).toBe(true);
  });

  it('stops waiting when the reader goes away', async () => {
    const signal = new EventsSignal(fakeDatabase().database);
    const gone = new AbortController();
    const waiting = signal.after(await signal.mark(), LONG, gone.signal);
    gone.abort();
    expect(await settled(waiting)).toBe(true);
  });

  it('listens again after losing its connection, pausing longer while it fails, then wakes the readers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const fake = fakeDatabase();
      const signal = new EventsSignal(fake.database);
      const waiting = signal.after(await signal.mark(), LONG, new AbortController().signal);
      fake.failNextListen();
      fake.lose();
      // The database is away: the reader keeps waiting rather than reading into the outage.
      expect(await settled(waiting)).toBe(false);
      // A reader arriving meanwhile does not wait for a connection nor try one of its own.
      await signal.mark();
      expect(fake.calls.listened).toBe(1);
      await vi.advanceTimersByTimeAsync(250);
      expect(fake.calls.listened).toBe(2);
      await vi.advanceTimersByTimeAsync(499);
      expect(fake.calls.listened).toBe(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(fake.calls.listened).toBe(3);
      expect(await settled(waiting)).toBe(false);
      fake.listenAgain();
      await vi.advanceTimersByTimeAsync(1000);
      expect(fake.calls.listened).toBe(4);
      // Back: NOTIFYs sent while away were not heard, so the reader reads again.
      expect(await settled(waiting)).toBe(true);
      // And it listens on: a later notification wakes the next reader.
      const next = signal.after(await signal.mark(), LONG, new AbortController().signal);
      fake.notify();
      expect(await settled(next)).toBe(true);
      expect(fake.calls.listened).toBe(4);
      await signal.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets a reader wait out its time when it cannot listen, and tries again by itself', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const fake = fakeDatabase();
      fake.failNextListen();
      const signal = new EventsSignal(fake.database);
      const waiting = signal.after(await signal.mark(), 5_000, new AbortController().signal);
      expect(await settled(waiting)).toBe(false);
      fake.listenAgain();
      await vi.advanceTimersByTimeAsync(250);
      expect(fake.calls.listened).toBe(2);
      expect(await settled(waiting)).toBe(true);
      await signal.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('on close wakes every reader, stops listening and lets none wait again', async () => {
    const fake = fakeDatabase();
    const signal = new EventsSignal(fake.database);
    const waiting = signal.after(await signal.mark(), LONG, new AbortController().signal);
    expect(signal.isClosed).toBe(false);
    await signal.close();
    expect(signal.isClosed).toBe(true);
    expect(await settled(waiting)).toBe(true);
    expect(fake.calls.stopped).toBe(1);
    expect(await settled(signal.after(await signal.mark(), LONG, new AbortController().signal))).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { signInEndNow } from './sign-in-end';

describe('signInEndNow', () => {
  const limits = { deviceSessionIdleMs: 3 * 3_600_000 };

  it('ends as of the moment the caller read the sessions at, when given one', () => {
    const at = new Date('2026-03-01T12:00:00.000Z');
    expect(signInEndNow(limits, 'actor', at)).toEqual({
      now: at,
      deviceIdleSince: new Date('2026-03-01T09:00:00.000Z'),
      actorOriginatorId: 'actor',
    });
  });

  it('ends as of now otherwise, the idle limit before it', () => {
    const before = Date.now();
    const end = signInEndNow(limits, null);
    expect(end.now.getTime()).toBeGreaterThanOrEqual(before);
    expect(end.now.getTime()).toBeLessThanOrEqual(Date.now());
    expect(end.now.getTime() - end.deviceIdleSince.getTime()).toBe(limits.deviceSessionIdleMs);
    expect(end.actorOriginatorId).toBeNull();
  });
});

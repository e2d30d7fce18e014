import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../../../test/helpers';
import { DEFAULT_ADMIN_EMAIL, ensureAdministrator } from './bootstrap';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function recordingLog() {
  const lines: string[] = [];
  return { lines, info: (m: string) => void lines.push(m), warn: (m: string) => void lines.push(m) };
}

describe('first start', () => {
  it('creates the administrator from ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    t = await buildTestApp();
    const log = recordingLog();
    const created = await ensureAdministrator(
      t.database.db,
      { adminEmail: 'boss@example.com', adminPassword: 'boss password 1' },
      log,
    );
    expect(created).toEqual({ email: 'boss@example.com', generatedPassword: undefined });
    const me = (await (await login(t, 'boss@example.com', 'boss password 1')).get('/api/auth/me')).json();
    expect(me.role).toBe('admin');
    expect(me.permissions).toEqual(['*']);
    expect(log.lines.join('\n')).not.toContain('boss password 1');
  });

  it('creates admin@localhost with a random password printed once', async () => {
    t = await buildTestApp();
    const log = recordingLog();
    const created = await ensureAdministrator(t.database.db, {}, log);
    expect(created?.email).toBe(DEFAULT_ADMIN_EMAIL);
    expect(created?.generatedPassword).toMatch(/^[\w-]{20}$/);
    expect(log.lines.filter((l) => l.includes(created!.generatedPassword!))).toHaveLength(1);
    await login(t, DEFAULT_ADMIN_EMAIL, created!.generatedPassword!);
  });

  it('does nothing once users exist', async () => {
    t = await buildTestApp();
    await ensureAdministrator(t.database.db, {}, recordingLog());
    expect(
      await ensureAdministrator(
        t.database.db,
        { adminEmail: 'x@example.com', adminPassword: 'xenon quartz meadow' },
        recordingLog(),
      ),
    ).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      allowPrivateNetworkTargets: false,
    });
  });

  it('derives PUBLIC_URL from PORT and normalises a given one to its origin', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://scamtrail.example.org/' }).publicUrl).toBe(
      'https://scamtrail.example.org',
    );
  });

  it('trusts no proxy and throttles sign-in per address and account by default', () => {
    expect(loadConfig({})).toMatchObject({
      trustProxy: [],
      loginThrottle: {
        windowMs: 15 * 60_000,
        maxFailuresPerAddress: 5,
        delayAfterFailures: 5,
        maxDelayMs: 10_000,
        addressFailureLimit: 50,
        addressWindowMs: 15 * 60_000,
      },
    });
  });

  it('reads the budget of failed sign-ins per address', () => {
    const { loginThrottle } = loadConfig({
      LOGIN_ADDRESS_FAILURE_LIMIT: '200',
      LOGIN_ADDRESS_WINDOW_MINUTES: '60',
    });
    expect(loginThrottle).toMatchObject({ addressFailureLimit: 200, addressWindowMs: 60 * 60_000 });
  });

  it('bounds anonymous writes per address and overall, 60 and 1000 a minute by default', () => {
    expect(loadConfig({}).publicWriteLimit).toEqual({ windowMs: 60_000, perAddress: 60, overall: 1000 });
    expect(
      loadConfig({
        PUBLIC_WRITES_PER_ADDRESS: '5',
        PUBLIC_WRITES_OVERALL: '50',
        PUBLIC_WRITES_WINDOW_SECONDS: '10',
      }).publicWriteLimit,
    ).toEqual({ windowMs: 10_000, perAddress: 5, overall: 50 });
    expect(() => loadConfig({ PUBLIC_WRITES_PER_ADDRESS: '0' })).toThrow(/PUBLIC_WRITES_PER_ADDRESS/);
  });

  it('refuses an ADMIN_PASSWORD that is common or easily guessed, and takes a strong one', () => {
    for (const weak of ['1234567890', 'password12', 'aaaaaaaaaa']) {
      expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: weak })).toThrow(
        /ADMIN_PASSWORD: ADMIN_PASSWORD is too easy to guess/,
      );
    }
    expect(loadConfig({ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'amber kettle orbit' }).adminPassword).toBe(
      'amber kettle orbit',
    );
  });

  it('reads TRUST_PROXY as a list of addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1, 192.168.0.0/16,fd00::/8 ,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('accepts evidence files up to 25 MiB unless MAX_UPLOAD_MB says otherwise', () => {
    expect(loadConfig({}).maxUploadBytes).toBe(25 * 1024 * 1024);
    expect(loadConfig({ MAX_UPLOAD_MB: '100' }).maxUploadBytes).toBe(100 * 1024 * 1024);
  });

  it('keeps evidence files where EVIDENCE_DIR says, and nowhere of its own when it is unset or empty', () => {
    expect(loadConfig({}).evidenceDir).toBeUndefined();
    expect(loadConfig({ EVIDENCE_DIR: '' }).evidenceDir).toBeUndefined();
    expect(loadConfig({ EVIDENCE_DIR: '/srv/scamtrail/evidence' }).evidenceDir).toBe(
      '/srv/scamtrail/evidence',
    );
  });

  it('bounds every wait on PostgreSQL, with defaults and from the environment', () => {
    expect(loadConfig({}).databaseTimeouts).toEqual({
      startupWaitMs: 60_000,
      connectionMs: 5_000,
      statementMs: 30_000,
      idleInTransactionMs: 60_000,
    });
    const set = loadConfig({
      DATABASE_STARTUP_WAIT_SECONDS: '0',
      DATABASE_CONNECTION_TIMEOUT_SECONDS: '2',
      DATABASE_STATEMENT_TIMEOUT_SECONDS: '10',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS: '20',
    });
    expect(set.databaseTimeouts).toEqual({
      startupWaitMs: 0,
      connectionMs: 2_000,
      statementMs: 10_000,
      idleInTransactionMs: 20_000,
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', ADMIN_EMAIL: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ ADMIN_EMAIL: 'nope' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_PASSWORD: 'long enough password' }, 'ADMIN_EMAIL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: '10.0.0.1, proxy.example' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '0.0.0.0/0' }, 'TRUST_PROXY'],
    [{ LOGIN_WINDOW_MINUTES: '0' }, 'LOGIN_WINDOW_MINUTES'],
    [{ LOGIN_MAX_FAILURES_PER_ADDRESS: 'five' }, 'LOGIN_MAX_FAILURES_PER_ADDRESS'],
    [{ LOGIN_DELAY_AFTER_FAILURES: '-1' }, 'LOGIN_DELAY_AFTER_FAILURES'],
    [{ LOGIN_MAX_DELAY_SECONDS: '600' }, 'LOGIN_MAX_DELAY_SECONDS'],
    [{ LOGIN_ADDRESS_FAILURE_LIMIT: '0' }, 'LOGIN_ADDRESS_FAILURE_LIMIT'],
    [{ LOGIN_ADDRESS_FAILURE_LIMIT: 'many' }, 'LOGIN_ADDRESS_FAILURE_LIMIT'],
    [{ LOGIN_ADDRESS_WINDOW_MINUTES: '0' }, 'LOGIN_ADDRESS_WINDOW_MINUTES'],
    [{ MAX_UPLOAD_MB: '0' }, 'MAX_UPLOAD_MB'],
    [{ MAX_UPLOAD_MB: '2.5' }, 'MAX_UPLOAD_MB'],
    [{ MAX_UPLOAD_MB: 'lots' }, 'MAX_UPLOAD_MB'],
    [{ DATABASE_STARTUP_WAIT_SECONDS: '-1' }, 'DATABASE_STARTUP_WAIT_SECONDS'],
    [{ DATABASE_STARTUP_WAIT_SECONDS: 'forever' }, 'DATABASE_STARTUP_WAIT_SECONDS'],
    [{ DATABASE_CONNECTION_TIMEOUT_SECONDS: '0' }, 'DATABASE_CONNECTION_TIMEOUT_SECONDS'],
    [{ DATABASE_STATEMENT_TIMEOUT_SECONDS: '0' }, 'DATABASE_STATEMENT_TIMEOUT_SECONDS'],
    [{ DATABASE_STATEMENT_TIMEOUT_SECONDS: '1.5' }, 'DATABASE_STATEMENT_TIMEOUT_SECONDS'],
    [{ DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS: '0' }, 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS'],
  ])('rejects %j naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });
});

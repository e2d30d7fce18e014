import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { DEFAULT_MAX_UPLOAD_MB } from '@scamtrail/domain/evidence';
import { DEFAULT_PHONE_REGION, isPhoneRegion } from '@scamtrail/domain/identifiers/phone';
import { passwordWeakness } from './lib/password-strength';
import type { Resolver } from './lib/special-addresses';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** Names @fastify/proxy-addr knows besides addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry) || ipaddr.isValid(entry)) return true;
  if (!ipaddr.isValidCIDR(entry)) return false;
  // proxy-addr refuses a /0: it would trust every peer, which is not a list of proxies.
  return ipaddr.parseCIDR(entry)[1] > 0;
}

/** A comma-separated list of reverse-proxy addresses or CIDR ranges; empty trusts none. */
const proxyList = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    for (const entry of entries) {
      if (!isProxyAddress(entry)) {
        ctx.addIssue({
          code: 'custom',
          message: `"${entry}" is not an IP address, a CIDR range, loopback, linklocal or uniquelocal`,
        });
      }
    }
    return entries;
  });

const positiveInt = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

/** Environment variables the server reads; validated once at start. */
export const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
        .optional(),
    ),
    /** How long start-up waits for PostgreSQL to answer (it may be starting too) before giving up. */
    DATABASE_STARTUP_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    /** The longest wait for a new PostgreSQL connection, and for a free one of the pool. */
    DATABASE_CONNECTION_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(5),
    /** The longest a statement may run (PostgreSQL's statement_timeout). */
    DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(30),
    /** The longest a transaction may sit idle before PostgreSQL ends its session. */
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
    PUBLIC_URL: optionalString.pipe(
      z.url({ message: 'PUBLIC_URL must be an absolute http(s) URL' }).optional(),
    ),
    ADMIN_EMAIL: optionalString.pipe(
      z.email({ message: 'ADMIN_EMAIL must be an e-mail address' }).optional(),
    ),
    ADMIN_PASSWORD: optionalString.pipe(
      z
        .string()
        .min(10, 'ADMIN_PASSWORD must be at least 10 characters')
        .superRefine((password, ctx) => {
          // The first administrator's password is held to the rule every other password is.
          const weakness = passwordWeakness(password, 'ADMIN_PASSWORD');
          if (weakness) ctx.addIssue({ code: 'custom', message: weakness });
        })
        .optional(),
    ),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    /** Allow webhooks to private, loopback and link-local addresses (export streams are read, never pushed). */
    ALLOW_PRIVATE_NETWORK_TARGETS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
    SESSION_MAX_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .default(24 * 7),
    /** A device sign-in's session (RFC 8628, the command-line tool) ends after this long unused. */
    DEVICE_SESSION_IDLE_HOURS: positiveInt(24 * 7),
    /** ...and this long after it was approved, used or not. */
    DEVICE_SESSION_MAX_DAYS: positiveInt(30),
    TRUST_PROXY: proxyList,
    LOGIN_WINDOW_MINUTES: positiveInt(15),
    LOGIN_MAX_FAILURES_PER_ADDRESS: positiveInt(5),
    LOGIN_DELAY_AFTER_FAILURES: positiveInt(5),
    LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
    /** Failed sign-ins from one address, on any accounts, before that address is refused (429). */
    LOGIN_ADDRESS_FAILURE_LIMIT: positiveInt(50),
    LOGIN_ADDRESS_WINDOW_MINUTES: positiveInt(15),
    /**
     * Calls of one anonymous route that writes (sign-in, passkey sign-in, device sign-in) from one
     * address per window, and from all addresses where the route creates rows for nobody yet (passkey
     * sign-in options, device authorization requests); past them 429 (plugins/public-write-limit.ts).
     */
    PUBLIC_WRITES_PER_ADDRESS: positiveInt(60),
    PUBLIC_WRITES_OVERALL: positiveInt(1000),
    PUBLIC_WRITES_WINDOW_SECONDS: positiveInt(60),
    /** /api requests in progress at once; default 4 on PGlite, 10 (the pool's size) on PostgreSQL. */
    ADMISSION_MAX_IN_PROGRESS: optionalString.pipe(
      z.coerce.number<string | undefined>().int().min(1).max(10_000).optional(),
    ),
    /** /api requests waiting their turn before more are answered 503. */
    ADMISSION_QUEUE_LENGTH: z.coerce.number().int().min(0).max(100_000).default(256),
    /** The largest evidence file accepted, in MiB. */
    MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(1000).default(DEFAULT_MAX_UPLOAD_MB),
    /** How old an unreferenced evidence file or a staged upload must be before it is removed. */
    EVIDENCE_ORPHAN_GRACE_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
    /** Where evidence files are kept: with PostgreSQL, a volume every instance mounts (unset: in the database). */
    EVIDENCE_DIR: optionalString,
    /** The region phone numbers written without a country code are read in (ISO 3166, e.g. GB). */
    DEFAULT_PHONE_REGION: z
      .string()
      .trim()
      .toUpperCase()
      .default(DEFAULT_PHONE_REGION)
      .refine(
        isPhoneRegion,
        'DEFAULT_PHONE_REGION must be a two-letter region with phone numbering, e.g. US or GB',
      ),
  })
  .refine((env) => !env.ADMIN_PASSWORD || env.ADMIN_EMAIL, {
    message: 'ADMIN_PASSWORD is set but ADMIN_EMAIL is not',
    path: ['ADMIN_EMAIL'],
  });

/** How many calls of one anonymous route that writes are allowed (PUBLIC_WRITES_*; plugins/public-write-limit.ts). */
export interface PublicWriteLimit {
  /** Calls are counted in windows of this length. */
  windowMs: number;
  /** Calls of one route from one address (an IPv6 /64 counts as one) within a window. */
  perAddress: number;
  /** Calls of one route from all addresses within a window, on routes that declare `overall`. */
  overall: number;
}

/** How failed sign-ins are throttled (see modules/auth/login-throttle.ts). */
export interface LoginThrottle {
  /** Failures older than this are forgotten. */
  windowMs: number;
  /** Failures from one address on one account before that address is refused (429) for it. */
  maxFailuresPerAddress: number;
  /** Failures on one account, from any address, before every attempt on it waits first. */
  delayAfterFailures: number;
  /** The longest such wait. */
  maxDelayMs: number;
  /**
   * Failures from one address on any accounts, within `addressWindowMs`, before that address is
   * refused (429) on every account: password spraying tries a few passwords on many accounts, which
   * the per-account limits never see. High enough that an office behind one address is not stopped
   * by ordinary typing mistakes.
   */
  addressFailureLimit: number;
  addressWindowMs: number;
  /**
   * How the wait is waited out (default: a timer). Not an environment variable: tests replace it to
   * see the delay asked for without waiting.
   */
  sleep?: (ms: number) => Promise<void>;
}

export interface DatabaseTimeouts {
  /** How long start-up retries a database that does not answer yet (0: not at all). */
  startupWaitMs: number;
  /** A new connection, or a free pooled one, is waited for at most this long. */
  connectionMs: number;
  /** statement_timeout; the driver gives up on a silent server a little after it. */
  statementMs: number;
  /** idle_in_transaction_session_timeout. */
  idleInTransactionMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Deadlines of PostgreSQL (PGlite runs in this process and has none of these faults). */
  databaseTimeouts: DatabaseTimeouts;
  /** Origin users see, without a trailing slash; WebAuthn RP ID and expected origin derive from it. */
  publicUrl: string;
  adminEmail?: string;
  adminPassword?: string;
  logLevel: (typeof LOG_LEVELS)[number];
  allowPrivateNetworkTargets: boolean;
  /**
   * How the host names of webhooks are resolved when they are checked (default: the system resolver).
   * Not an environment variable: tests inject one so they never depend on DNS.
   */
  resolveHost?: Resolver;
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** The idle and absolute limits of a device sign-in's session (modules/oauth). */
  deviceSessionIdleMs: number;
  deviceSessionMaxMs: number;
  /** Reverse proxies (addresses, CIDR ranges) whose X-Forwarded-For gives the client address. */
  trustProxy: string[];
  loginThrottle: LoginThrottle;
  /** How many calls of the anonymous routes that write are allowed (plugins/public-write-limit.ts). */
  publicWriteLimit: PublicWriteLimit;
  /** How many /api requests run at once and how many may wait (see plugins/admission). */
  admission: { maxInProgress: number; queueLength: number };
  /** The largest evidence file accepted (MAX_UPLOAD_MB); larger uploads answer 413. */
  maxUploadBytes: number;
  /**
   * How old a stored evidence file no row names, or a staged upload, must be before the collector
   * removes it (EVIDENCE_ORPHAN_GRACE_MINUTES, see modules/evidence/evidence-collector.ts).
   */
  evidenceOrphanGraceMs: number;
  /**
   * EVIDENCE_DIR: the directory of the evidence files (modules/evidence/evidence-store.ts). With
   * PostgreSQL, set: files there, shared by every instance; unset: chunks in the database. With
   * PGlite: files there, DATA_DIR/evidence when unset.
   */
  evidenceDir?: string;
  /** DEFAULT_PHONE_REGION: where numbers written without a country code are read (searches, forms). */
  defaultPhoneRegion: string;
  /**
   * How often a request holding an Idempotency-Key says it still runs (default 30 s,
   * plugins/idempotency.ts). Not an environment variable: tests shorten it.
   */
  idempotencyClaimRefreshMs?: number;
  /**
   * How long an upload's form may go without a byte arriving before it is given up with 408
   * (default 30 s, lib/multipart-form.ts). Not an environment variable: tests shorten it.
   */
  formIdleMs?: number;
  /** Directory of the built SPA; when absent, only the API is served. */
  webDistDir?: string;
  /**
   * How long an identifier list may spend counting its total exactly before it answers the planner's
   * estimate (default 10 ms, see identifier-list.repository). Not an environment variable: tests set it.
   */
  listCountTimeBoxMs?: number;
}

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined>, webDistDir?: string): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databaseTimeouts: {
      startupWaitMs: e.DATABASE_STARTUP_WAIT_SECONDS * 1000,
      connectionMs: e.DATABASE_CONNECTION_TIMEOUT_SECONDS * 1000,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
      idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS * 1000,
    },
    publicUrl: new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).origin,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    allowPrivateNetworkTargets: e.ALLOW_PRIVATE_NETWORK_TARGETS,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.SESSION_MAX_HOURS * 3_600_000,
    deviceSessionIdleMs: e.DEVICE_SESSION_IDLE_HOURS * 3_600_000,
    deviceSessionMaxMs: e.DEVICE_SESSION_MAX_DAYS * 86_400_000,
    trustProxy: e.TRUST_PROXY,
    loginThrottle: {
      windowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
      maxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      delayAfterFailures: e.LOGIN_DELAY_AFTER_FAILURES,
      maxDelayMs: e.LOGIN_MAX_DELAY_SECONDS * 1000,
      addressFailureLimit: e.LOGIN_ADDRESS_FAILURE_LIMIT,
      addressWindowMs: e.LOGIN_ADDRESS_WINDOW_MINUTES * 60_000,
    },
    publicWriteLimit: {
      windowMs: e.PUBLIC_WRITES_WINDOW_SECONDS * 1000,
      perAddress: e.PUBLIC_WRITES_PER_ADDRESS,
      overall: e.PUBLIC_WRITES_OVERALL,
    },
    admission: {
      // PGlite is one connection: a few requests in progress let one wait on a password hash or
      // the network while another queries, more would only interleave their queries. PostgreSQL:
      // one request per pooled connection (db/client.ts opens 10).
      maxInProgress: e.ADMISSION_MAX_IN_PROGRESS ?? (e.DATABASE_URL ? 10 : 4),
      queueLength: e.ADMISSION_QUEUE_LENGTH,
    },
    maxUploadBytes: e.MAX_UPLOAD_MB * 1024 * 1024,
    evidenceOrphanGraceMs: e.EVIDENCE_ORPHAN_GRACE_MINUTES * 60_000,
    evidenceDir: e.EVIDENCE_DIR,
    defaultPhoneRegion: e.DEFAULT_PHONE_REGION,
    webDistDir,
  };
}

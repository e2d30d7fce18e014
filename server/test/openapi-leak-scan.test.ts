import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasPermission,
  PERMISSIONS,
  permissionsForRole,
  type Permission,
} from '@scamtrail/domain/permissions';
import { buildEvidenceApp, type EvidenceTestApp } from '../src/modules/evidence/evidence-test-fixtures';
import { signedIn, type Client } from './helpers';
import { loadOperations, type Operation } from './openapi-operations';
import { automationWithKey } from './originator-helpers';
import { addHiddenCase, seedLeakScan, type LeakSeed } from './leak-scan-seed';
import { countsIn, leaksIn, scanRequests, unfillable } from './leak-scan-requests';

/**
 * A leak scan over every read route of the OpenAPI document: a case of a group holds a marker in every
 * text, and readers outside the group (a viewer, an investigator, an API key with every view scope) call
 * every GET, and every POST that only reads, with the ids of visible records that touch the hidden case
 * and with the hidden ids themselves. No answer may carry the marker or a hidden id, and no count may
 * include a hidden record. A route added later is scanned without a line written for it.
 */

/** POSTs that only read: they are scanned as the GETs are. */
const READING_POSTS = [
  'POST /api/evidence/{id}/verify',
  'POST /api/journal-entries/{id}/verify',
  'POST /api/journal-entries/case/{caseId}/verify',
];
/** POSTs whose summary sounds like a read but which change something (or read nothing of cases). */
const NOT_READING_POSTS = [
  // Recomputes and stores the confidence.
  'POST /api/identifiers/{id}/validate',
  // Sign-in challenges: no case data.
  'POST /api/auth/passkey/options',
  'POST /api/auth/passkeys/registration/options',
  'POST /api/auth/passkeys',
  // Stores the signature.
  'POST /api/journal-entries/{id}/sign/complete',
];
const READ_WORDS = /\b(verify|check|search|find|list|read|look|compare|count|options)/i;

const VIEW_SCOPES = PERMISSIONS.filter((p) => p.endsWith('.view')) as Permission[];

interface Reader {
  name: string;
  grants: readonly string[];
  client: Client;
}

let t: EvidenceTestApp;
let seed: LeakSeed;
let operations: Operation[];
let readers: Reader[];
let admin: Client;

beforeAll(async () => {
  t = await buildEvidenceApp();
  const [seeder, viewer, investigator] = await Promise.all([
    signedIn(t, 'admin'),
    signedIn(t, 'viewer'),
    signedIn(t, 'investigator'),
  ]);
  admin = seeder.client;
  const { caller: key } = await automationWithKey(t, admin, VIEW_SCOPES);
  seed = await seedLeakScan(
    t,
    { client: admin, userId: seeder.user.id, originatorId: seeder.user.originatorId },
    [viewer.user.id, investigator.user.id],
  );
  readers = [
    { name: 'viewer', grants: permissionsForRole('viewer'), client: viewer.client },
    {
      name: 'investigator outside the group',
      grants: permissionsForRole('investigator'),
      client: investigator.client,
    },
    { name: 'API key with every view scope', grants: VIEW_SCOPES, client: key },
  ];
  operations = await loadOperations(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function readOperations(): Operation[] {
  return operations.filter((op) => op.method === 'GET' || READING_POSTS.includes(op.key));
}

/**
 * Reads that leave a record where other reads count: exporting a dossier writes to the case's History,
 * its evidence's custody and watchers' notifications. They are scanned apart, after the passes whose
 * counts are compared, so that their own records do not pass for a hidden case being counted.
 */
const RECORDING_READS = ['GET /api/cases/{id}/dossier'];

const countedReads = () => readOperations().filter((op) => !RECORDING_READS.includes(op.key));
const recordingReads = () => readOperations().filter((op) => RECORDING_READS.includes(op.key));

describe('the leak scan covers every read route', () => {
  it('every POST whose summary sounds like a read is classified as reading or not', () => {
    const unclassified = operations
      .filter((op) => op.method === 'POST' && READ_WORDS.test(op.summary ?? ''))
      .map((op) => op.key)
      .filter((key) => !READING_POSTS.includes(key) && !NOT_READING_POSTS.includes(key));
    expect(unclassified).toEqual([]);
    const documented = new Set(operations.map((op) => op.key));
    expect([...READING_POSTS, ...NOT_READING_POSTS].filter((key) => !documented.has(key))).toEqual([]);
  });

  it("every read route's ids can be filled from the seeded records", () => {
    expect(readOperations().flatMap((op) => unfillable(op, seed))).toEqual([]);
  });
});

interface Pass {
  failures: string[];
  /** The operations whose answers showed the marker or a hidden id. */
  shown: Set<string>;
  /** The counts each reader saw, by operation, request, reader and status. */
  counts: Map<string, Map<string, number>>;
}

/** Every read request as each of the readers: what leaks, and the counts seen. */
async function scan(asReaders: Reader[], scanned = countedReads()): Promise<Pass> {
  const pass: Pass = { failures: [], shown: new Set(), counts: new Map() };
  for (const op of scanned) {
    if (unfillable(op, seed).length > 0) continue;
    for (const request of scanRequests(op, seed)) {
      for (const reader of asReaders) {
        const res = await reader.client.request(request.options);
        const where = `${op.key} [${request.label}] as ${reader.name}: ${res.statusCode}`;
        const fail = (what: string) => pass.failures.push(`${where}: ${what}`);
        if (res.statusCode >= 500) fail('server error');
        if (request.namesHiddenInPath && ![403, 404].includes(res.statusCode)) {
          fail('a hidden record is not refused');
        }
        const emails = hasPermission(reader.grants, 'team_member.view') ? [] : seed.memberEmails;
        const leaks = leaksIn(res, request, seed, emails);
        if (leaks.length > 0) {
          fail(`shows ${leaks.join(', ')}`);
          pass.shown.add(op.key);
        }
        if (res.statusCode !== 200 || !/json/.test(String(res.headers['content-type']))) continue;
        const counts = countsIn(res.json());
        if (request.asksOnlyForHidden) {
          const counted = counts.filter((c) => c.n !== 0);
          if (counted.length > 0) fail(`counts ${counted.map((c) => `${c.path}=${c.n}`).join(', ')}`);
        }
        if (!GROWS_BY_READING.includes(op.key)) {
          pass.counts.set(where, new Map(counts.map((c) => [c.path, c.n])));
        }
      }
    }
  }
  return pass;
}

/** Counts that the scan itself moves: reading an evidence item records a view in its custody. */
const GROWS_BY_READING = ['GET /api/evidence/{id}/custody'];

/** The counts that differ between two passes. */
function movedCounts(before: Pass, after: Pass): string[] {
  const moved: string[] = [];
  for (const [where, counts] of after.counts) {
    for (const [path, n] of counts) {
      const was = before.counts.get(where)?.get(path);
      if (was !== undefined && was !== n) moved.push(`${where}: ${path} went from ${was} to ${n}`);
    }
  }
  return moved;
}

/**
 * Where the visible records meet the hidden ones: an administrator, who may see the group's cases,
 * must find them there, or the scan would be looking where nothing could leak.
 */
const TOUCHING = [
  'GET /api/cases',
  'GET /api/cases/{id}/history',
  'GET /api/cases/{id}/links',
  'GET /api/cases/{id}/related',
  'GET /api/journal-entries/{id}',
  'GET /api/evidence/{id}/custody',
  'GET /api/evidence/{id}/journal-entries',
  'GET /api/identifiers/{id}/cases',
  'GET /api/journal-entries',
  'GET /api/evidence',
];
/** Counts an administrator sees move when the group gains a case. */
const COUNTING = ['GET /api/groups/{id}', 'GET /api/groups', 'GET /api/tags/{id}', 'GET /api/tags'];

describe('no read route shows a reader outside the group what the group holds', () => {
  it('answers carry no marker and no hidden id, and no count moves when the group gains a case', async () => {
    const administrator: Reader = { name: 'administrator', grants: ['*'], client: admin };
    const [before, adminBefore] = [await scan(readers), await scan([administrator])];
    await addHiddenCase(admin, seed);
    const [after, adminAfter] = [await scan(readers), await scan([administrator])];
    const failures = [...new Set([...before.failures, ...after.failures])];
    expect([...failures, ...movedCounts(before, after)]).toEqual([]);
    expect((await scan(readers, recordingReads())).failures).toEqual([]);

    // The scan can fail: the same requests show the hidden case to one who may see it.
    expect(TOUCHING.filter((key) => !adminBefore.shown.has(key))).toEqual([]);
    const adminMoved = movedCounts(adminBefore, adminAfter);
    expect(COUNTING.filter((key) => !adminMoved.some((m) => m.startsWith(`${key} [`)))).toEqual([]);
  }, 600_000);
});

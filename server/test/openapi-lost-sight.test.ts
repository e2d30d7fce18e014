import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvidenceApp, type EvidenceTestApp } from '../src/modules/evidence/evidence-test-fixtures';
import { signedIn, type Client } from './helpers';
import { loadOperations, type Operation } from './openapi-operations';
import { seedLeakScan, type LeakSeed } from './leak-scan-seed';
import { countsIn, leaksIn, scanRequests, unfillable } from './leak-scan-requests';

/**
 * The leak scan (openapi-leak-scan.test.ts) for a reader who once saw the group's cases: a member of
 * the group writes there (a case of the group with evidence, an entry naming a shared identifier, a
 * task given to themself and a link to a visible case, all holding the marker) and is then taken out
 * of the group. What they wrote is theirs but no longer
 * theirs to see: every read route answers them as it answers one who was never in the group, with no
 * marker, no hidden id and no count of what they wrote there. Records kept of the writer (their
 * originator, their entries, their notifications) are where such a reader would find them again.
 */

/**
 * Reads of the caller's own activity, whose counts differ from another reader's by what the caller did
 * on visible records themself (their link to a visible case is no notification of theirs). Their
 * answers are still scanned for the marker and hidden ids.
 */
const OWN_ACTIVITY = ['GET /api/notifications', 'GET /api/notifications/unread'];

let t: EvidenceTestApp;
let seed: LeakSeed;
let operations: Operation[];
let admin: Client;
let former: Client;
let never: Client;

beforeAll(async () => {
  t = await buildEvidenceApp();
  const [seeder, formerMember, neverMember] = await Promise.all([
    signedIn(t, 'admin'),
    signedIn(t, 'investigator'),
    signedIn(t, 'investigator'),
  ]);
  admin = seeder.client;
  former = formerMember.client;
  never = neverMember.client;
  seed = await seedLeakScan(
    t,
    { client: admin, userId: seeder.user.id, originatorId: seeder.user.originatorId },
    [formerMember.user.id, neverMember.user.id],
  );
  const ok = async (res: Promise<{ statusCode: number; body: string }>, what: string) => {
    const answer = await res;
    if (answer.statusCode >= 300) throw new Error(`${what}: ${answer.statusCode} ${answer.body}`);
    return JSON.parse(answer.body || 'null') as { id: string };
  };
  const m = (label: string) => `${label} ${seed.marker}`;
  await ok(admin.post(`/api/groups/${seed.groupId}/members`, { userId: formerMember.user.id }), 'joining');
  const own = await ok(
    former.post('/api/cases', {
      title: m('Own case'),
      description: m('Own description'),
      groupId: seed.groupId,
      tagIds: [seed.sharedTagId],
      assigneeIds: [formerMember.user.id],
    }),
    'own case',
  );
  const evidence = await ok(
    former.post('/api/evidence', { title: m('Own evidence'), body: m('Own text'), caseId: own.id }),
    'own evidence',
  );
  const entry = await ok(
    former.post('/api/journal-entries', {
      type: 'note',
      description: m('Own entry'),
      caseId: own.id,
      evidence: [evidence.id],
      identifierIds: [seed.sharedIdentifierId],
    }),
    'own entry',
  );
  const task = await ok(
    former.post(`/api/cases/${own.id}/tasks`, { title: m('Own task'), assigneeId: formerMember.user.id }),
    'own task',
  );
  await ok(
    former.post(`/api/cases/${own.id}/links`, { caseId: seed.visibleCaseId, note: m('Own link') }),
    'own link',
  );
  // Read while a member: the evidence's custody names them.
  await ok(former.get(`/api/evidence/${evidence.id}`), 'reading');
  // The scan can fail: while a member, the reader's own list shows what they wrote.
  if (!(await former.get('/api/cases')).body.includes(seed.marker))
    throw new Error('the member sees nothing');
  seed.hidden.case!.push(own.id);
  seed.hidden.entry!.push(entry.id);
  seed.hidden.evidence!.push(evidence.id);
  seed.hidden.task!.push(task.id);
  seed.visible.user.push(formerMember.user.id, neverMember.user.id);
  seed.visible.originator.push(formerMember.user.originatorId, neverMember.user.originatorId);
  await ok(
    admin.request({ method: 'DELETE', url: `/api/groups/${seed.groupId}/members/${formerMember.user.id}` }),
    'leaving',
  );
  operations = await loadOperations(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('a reader taken out of the group', () => {
  it('finds nothing of what they wrote there on any read route', async () => {
    const failures: string[] = [];
    const reads = operations.filter((op) => op.method === 'GET' && op.key !== 'GET /api/cases/{id}/dossier');
    for (const op of reads) {
      if (unfillable(op, seed).length > 0) continue;
      for (const request of scanRequests(op, seed)) {
        const [res, control] = [await former.request(request.options), await never.request(request.options)];
        const where = `${op.key} [${request.label}]: ${res.statusCode}`;
        if (res.statusCode >= 500) failures.push(`${where}: server error`);
        if (request.namesHiddenInPath && ![403, 404].includes(res.statusCode)) {
          failures.push(`${where}: a hidden record is not refused`);
        }
        const leaks = leaksIn(res, request, seed, seed.memberEmails);
        if (leaks.length > 0) failures.push(`${where}: shows ${leaks.join(', ')}`);
        if (res.statusCode !== control.statusCode) {
          failures.push(
            `${where}: answers ${res.statusCode} where one never in the group gets ${control.statusCode}`,
          );
          continue;
        }
        if (res.statusCode !== 200 || !/json/.test(String(res.headers['content-type']))) continue;
        if (OWN_ACTIVITY.includes(op.key)) continue;
        const counts = new Map(countsIn(control.json()).map((c) => [c.path, c.n]));
        for (const c of countsIn(res.json())) {
          if (counts.has(c.path) && counts.get(c.path) !== c.n) {
            failures.push(
              `${where}: ${c.path} is ${c.n} where one never in the group sees ${counts.get(c.path)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql/arrays';
import { createCaseVia, patchCaseVia } from '../src/modules/cases/case-test-fixtures';
import { buildTestApp, signedIn, type Client, type TestApp } from './helpers';
import { loadOperations, sampleBody, type Operation } from './openapi-operations';
import { pathParamKind } from './leak-scan-requests';

/**
 * An archived case is read-only, for its fields as for what it holds (journal, evidence, links,
 * tasks), until it is reopened. Every write operation of the OpenAPI document is called by an
 * administrator with the archived case, or one of its records, wherever a case or a case's record
 * goes: in the path, in the body, and on either side of a pair of cases (the other side an open case
 * linked to it). None may change the archived case, its History or what it holds. A route added later
 * is covered without a line written for it.
 */

let t: TestApp;
let admin: Client;
let operations: Operation[];
/** The archived case and its records, an open case linked to it, and one that is not. */
let archived: { case: string; task: string; entry: string; evidence: string };
let open: string;
let stranger: string;

/** Body fields that name a case (`ids`: the cases of a bulk change, under /api/cases). */
const namesCase = (op: Operation, field: string) =>
  ['caseId', 'linkedCaseId', 'duplicateOfId'].includes(field) ||
  (field === 'ids' && op.path.startsWith('/api/cases'));

/**
 * Writes that record a read of the archived case in its History, which a read-only case keeps: an
 * export of its dossier says who took its contents away.
 */
const RECORDS_A_READ = new Set<string>([]);

function created(res: { statusCode: number; body: string }): string {
  expect(res.statusCode, res.body).toBe(201);
  return (JSON.parse(res.body) as { id: string }).id;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedIn(t, 'admin')).client;
  operations = await loadOperations(t.app);
  const caseId = (await createCaseVia(admin)).id;
  open = (await createCaseVia(admin)).id;
  stranger = (await createCaseVia(admin)).id;
  expect((await admin.post(`/api/cases/${open}/links`, { caseId, note: 'Same caller' })).statusCode).toBe(
    201,
  );
  archived = {
    case: caseId,
    task: created(await admin.post(`/api/cases/${caseId}/tasks`, { title: 'Call the bank' })),
    entry: created(await admin.post('/api/journal-entries', { type: 'note', description: 'x', caseId })),
    evidence: created(await admin.post('/api/evidence', { title: 'Chat', body: 'Hello', caseId })),
  };
  await patchCaseVia(admin, caseId, { status: 'closed', resolution: 'resolved', closureNotes: 'Done' });
  await patchCaseVia(admin, caseId, { status: 'archived' });
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** What an archived case is: its row, its History, its links, tasks, entries and evidence. */
async function stateOfArchived(): Promise<string> {
  const id = archived.case;
  const [row] = rowsOf<Record<string, unknown>>(
    await t.database.db.execute(sql`select c.status, c.updated_at::text, c.last_activity_at::text,
        (select count(*)::int from events where case_id = ${id}) as events,
        (select count(*)::int from case_links where case_a_id = ${id} or case_b_id = ${id}) as links,
        (select string_agg(updated_at::text, ',' order by id) from case_tasks where case_id = ${id}) as tasks,
        (select string_agg(updated_at::text || is_nullified::text, ',' order by id)
           from journal_entries where case_id = ${id}) as entries,
        (select string_agg(updated_at::text, ',' order by id) from evidence where case_id = ${id}) as evidence
      from cases c where c.id = ${id}`),
  );
  return JSON.stringify(row);
}

interface Attempt {
  label: string;
  options: InjectOptions;
}

/** Each request of a write operation that puts the archived case, or its records, where they go. */
function attemptsOf(op: Operation): Attempt[] {
  const method = op.method as InjectOptions['method'];
  const caseParams = op.pathParams.filter((name) => pathParamKind(op, name) === 'case');
  const fill = (archivedParam: string | undefined, openCase = open) =>
    op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const kind = pathParamKind(op, name);
      if (kind === 'case') return name === archivedParam ? archived.case : openCase;
      if (kind === 'task') return archived.task;
      if (kind === 'entry') return archived.entry;
      if (kind === 'evidence') return archived.evidence;
      return op.pathSamples?.[name]?.() ?? randomUUID();
    });
  const body = (sampleBody(op) ?? undefined) as Record<string, unknown> | undefined;
  const withBody = (url: string, payload = body): InjectOptions => ({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
  });
  const attempts: Attempt[] = [];
  // The archived case on each side of the path in turn (or its records, in a path without a case).
  for (const name of caseParams.length ? caseParams : [undefined]) {
    attempts.push({ label: name ? `{${name}} archived` : 'its records', options: withBody(fill(name)) });
  }
  // The archived case in each body field naming a case, any case of the path an open one not yet
  // linked to it (so that a link, say, is refused for what the archived case is, not as a repeat).
  for (const [field, schema] of Object.entries(op.body?.properties ?? {})) {
    if (!namesCase(op, field)) continue;
    const value = [schema.type].flat().includes('array') ? [archived.case] : archived.case;
    attempts.push({
      label: `body ${field} archived`,
      options: withBody(fill(undefined, stranger), { ...body, [field]: value }),
    });
  }
  return attempts;
}

describe('an archived case is changed by no route until it is reopened', () => {
  it('every write operation, with the archived case wherever a case goes', { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    const writes = operations.filter((op) => op.method !== 'GET' && !RECORDS_A_READ.has(op.key));
    expect(writes.length).toBeGreaterThan(50);
    let before = await stateOfArchived();
    for (const op of writes) {
      // Signing out would end the administrator's session mid-test.
      if (op.key === 'POST /api/auth/logout') continue;
      for (const attempt of attemptsOf(op)) {
        const res = await admin.request(attempt.options);
        const after = await stateOfArchived();
        if (after !== before) {
          failures.push(`${op.key} (${attempt.label}): ${res.statusCode} ${res.body.slice(0, 200)}`);
          before = after;
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

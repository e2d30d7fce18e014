import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@scamtrail/domain/permissions';
import { AUDIT_EVENT_REFERENCES } from './record-references';

const SERVER_SRC = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Events of a case, its tasks, entries and evidence: what a case's History and notifications read. */
const CASE_EVENT = /['`]((?:case|case_task|journal_entry|evidence)\.[a-z_]+)['`]/g;
/** Strings of that shape that name no event: the case dossier's file of the case in CASE/UCO. */
const NOT_EVENTS = new Set(['case.jsonld']);

describe('the records each audit event names', () => {
  it('declares every case, task, entry and evidence event the server writes', () => {
    // `auditEvent` takes only declared actions (its type, and a check when it runs); this catches an
    // event written under a name built some other way, and names in the source no longer declared.
    const permissions = new Set<string>(PERMISSIONS);
    const named = new Set(
      sourceFiles(SERVER_SRC).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(CASE_EVENT)].map((match) => match[1]),
      ),
    );
    const undeclared = [...named].filter(
      (name) => !permissions.has(name) && !NOT_EVENTS.has(name) && !(name in AUDIT_EVENT_REFERENCES),
    );
    expect(named.size).toBeGreaterThan(20);
    expect(undeclared).toEqual([]);
  });
});

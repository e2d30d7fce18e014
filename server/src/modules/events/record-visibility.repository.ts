import { and, eq } from 'drizzle-orm';
import { caseLabel } from '@scamtrail/domain/case-labels';
import type { CaseRef } from '@scamtrail/domain/cases';
import type { HiddenRecordKind } from '@scamtrail/domain/hidden-records';
import { JOURNAL_ENTRY_TYPE_LABELS, type JournalEntryType } from '@scamtrail/domain/journal-entries';
import { fullName } from '@scamtrail/domain/names';
import { hasPermission, type Permission } from '@scamtrail/domain/permissions';
import type { DbOrTx } from '../../db/client';
import { cases, evidence, groups, identifiers, journalEntries, tags, users } from '../../db/schema/index';
import { isAnyUuid } from '../../db/sql/arrays';
import type { Principal } from '../auth/principal';
import { canSeeAllCases, visibleCaseCondition } from '../../db/case-visibility';
import { NAMED_RECORD_PERMISSION, type NamedRecordKind } from './record-references';

/** The permission each kind of record is read with, beside its case's visibility. */
const VIEW_PERMISSION: Record<HiddenRecordKind, Permission> = {
  case: 'case.view',
  evidence: 'evidence.view',
  journal_entry: 'journal_entry.view',
  identifier: 'identifier.view',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record as a History row names it when the reader may see it. */
interface NamedRow {
  id: string;
  name: string;
  /** A journal entry's case (null for one in no case), read in the same statement. */
  case?: CaseRef | null;
}

/**
 * A record the reader may see: its name (null for one no longer found), and for a journal entry the
 * case it is in, where it is read (null when it is in none), to a reader who may read cases.
 */
export interface VisibleRecord {
  name: string | null;
  case?: CaseRef | null;
}

const MAX_NAME = 80;

const shorten = (text: string) => (text.length > MAX_NAME ? `${text.slice(0, MAX_NAME - 1)}…` : text);

/** An entry has no title: its type and the start of what it says ("Note: Called the bank…"). */
function entryName(type: JournalEntryType, description: string): string {
  const label = JOURNAL_ENTRY_TYPE_LABELS[type] ?? type;
  const text = description.replace(/\s+/g, ' ').trim();
  return text ? `${label}: ${shorten(text)}` : label;
}

/** The records of the kind among the ids, with their names, as far as the caller may see them. */
async function findNamedRows(
  db: DbOrTx,
  principal: Principal,
  kind: HiddenRecordKind,
  wanted: string[],
): Promise<NamedRow[]> {
  if (kind === 'identifier') {
    // Identifiers belong to no case: the permission alone decides.
    return db
      .select({ id: identifiers.id, name: identifiers.displayValue })
      .from(identifiers)
      .where(isAnyUuid(identifiers.id, wanted));
  }
  if (kind === 'case') {
    const rows = await db
      .select({ id: cases.id, number: cases.number, title: cases.title })
      .from(cases)
      .where(and(isAnyUuid(cases.id, wanted), visibleCaseCondition(principal)));
    return rows.map((row) => ({ id: row.id, name: caseLabel(row) }));
  }
  if (kind === 'evidence') {
    return db
      .select({ id: evidence.id, name: evidence.title })
      .from(evidence)
      .leftJoin(cases, eq(cases.id, evidence.caseId))
      .where(and(isAnyUuid(evidence.id, wanted), visibleCaseCondition(principal)));
  }
  const rows = await db
    .select({
      id: journalEntries.id,
      type: journalEntries.type,
      description: journalEntries.description,
      caseId: cases.id,
      caseNumber: cases.number,
      caseTitle: cases.title,
      caseStatus: cases.status,
    })
    .from(journalEntries)
    .leftJoin(cases, eq(cases.id, journalEntries.caseId))
    .where(and(isAnyUuid(journalEntries.id, wanted), visibleCaseCondition(principal)));
  return rows.map((row) => ({
    id: row.id,
    name: entryName(row.type, row.description),
    case:
      row.caseId && row.caseNumber !== null && row.caseTitle !== null && row.caseStatus !== null
        ? { id: row.caseId, number: row.caseNumber, title: row.caseTitle, status: row.caseStatus }
        : null,
  }));
}

/**
 * Which of the ids name records of the kind the caller may see, each with its name (a case as
 * "#12 Its title", evidence by its title, an entry by its type and text, an identifier by its value)
 * and an entry with its case, in one statement: a case by the rule of every case read; evidence and
 * journal entries as their own reads find them, through their case (one in no case is visible);
 * identifiers belong to no case, so the permission alone decides. An administrator sees every id, one
 * no longer found without a name. An entry's case is told only to a caller who may read cases.
 */
export async function findVisibleRecords(
  db: DbOrTx,
  principal: Principal,
  kind: HiddenRecordKind,
  ids: readonly string[],
): Promise<Map<string, VisibleRecord>> {
  const wanted = [...new Set(ids)].filter((id) => UUID.test(id));
  if (wanted.length === 0 || !hasPermission(principal.permissions, VIEW_PERMISSION[kind])) return new Map();
  const rows = await findNamedRows(db, principal, kind, wanted);
  const readsCases = hasPermission(principal.permissions, VIEW_PERMISSION.case);
  // Ids come back as the database writes them; events hold them as the server wrote them.
  const found = new Map(
    rows.map((row): [string, VisibleRecord] => [
      row.id.toLowerCase(),
      row.case !== undefined && readsCases ? { name: row.name, case: row.case } : { name: row.name },
    ]),
  );
  const seesAll = kind === 'identifier' || canSeeAllCases(principal);
  return new Map(
    wanted
      .filter((id) => seesAll || found.has(id.toLowerCase()))
      .map((id) => [id, found.get(id.toLowerCase()) ?? { name: null }]),
  );
}

/**
 * The names of the groups, people or tags among the ids, in one statement, for a reader who may list
 * them (`NAMED_RECORD_PERMISSION`): none otherwise, and none for one no longer found.
 */
export async function findRecordNames(
  db: DbOrTx,
  principal: Principal,
  kind: NamedRecordKind,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)].filter((id) => UUID.test(id));
  if (wanted.length === 0 || !hasPermission(principal.permissions, NAMED_RECORD_PERMISSION[kind])) {
    return new Map();
  }
  let rows: NamedRow[];
  if (kind === 'group') {
    rows = await db
      .select({ id: groups.id, name: groups.name })
      .from(groups)
      .where(isAnyUuid(groups.id, wanted));
  } else if (kind === 'tag') {
    rows = await db.select({ id: tags.id, name: tags.name }).from(tags).where(isAnyUuid(tags.id, wanted));
  } else {
    const people = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(isAnyUuid(users.id, wanted));
    rows = people.map((person) => ({ id: person.id, name: fullName(person) }));
  }
  const found = new Map(rows.map((row) => [row.id.toLowerCase(), row.name]));
  return new Map(
    wanted.flatMap((id) => {
      const name = found.get(id.toLowerCase());
      return name ? [[id, name] as const] : [];
    }),
  );
}

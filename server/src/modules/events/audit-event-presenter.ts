import type { AuditEvent } from '@scamtrail/domain/cases';
import { hasPermission } from '@scamtrail/domain/permissions';
import { fullName } from '@scamtrail/domain/names';
import type { DbOrTx } from '../../db/client';
import type { Principal } from '../auth/principal';
import { RecordReferences } from './hidden-references';
import { AUDIT_EVENT_REFERENCES, isAuditAction, type AuditEventReferences } from './record-references';

/** An audit row with who acted, as a case's History and the notifications read it. */
export interface AuditEventRow {
  id: number;
  type: string;
  subjectType: string;
  subjectId: string;
  data: Record<string, unknown>;
  createdAt: Date;
  actorUserId: string | null;
  actorApiKeyId: string | null;
  firstName: string | null;
  lastName: string | null;
  systemName: string | null;
}

function actorOf(row: AuditEventRow): AuditEvent['actor'] {
  if (row.actorUserId) return { kind: 'user', name: fullName(row), apiKeyId: null };
  if (row.actorApiKeyId) {
    return { kind: 'api_key', name: row.systemName ?? 'API key', apiKeyId: row.actorApiKeyId };
  }
  return { kind: 'system', name: 'System', apiKeyId: null };
}

/** An action no table entry declares (written by an older version): nothing of its data is told. */
const UNDECLARED: AuditEventReferences = { fields: {} };

const referencesOf = (action: string): AuditEventReferences =>
  isAuditAction(action) ? AUDIT_EVENT_REFERENCES[action] : UNDECLARED;

/** The value without the counts (`AuditEventReferences.counts`) of records the reader may not read. */
function withoutHiddenCounts(
  values: unknown,
  references: AuditEventReferences,
  principal: Principal,
): unknown {
  const counts = Object.entries(references.counts ?? {});
  if (!values || typeof values !== 'object' || Array.isArray(values) || counts.length === 0) return values;
  const hidden = counts.filter(([, permission]) => !hasPermission(principal.permissions, permission));
  if (hidden.length === 0) return values;
  const kept = { ...(values as Record<string, unknown>) };
  for (const [field] of hidden) delete kept[field];
  return kept;
}

/**
 * Audit rows as the History tab and the notifications show them to this reader: what, who, before and
 * after, every record the data names told only as far as the reader may see it (`{ hidden: kind }`
 * otherwise, without what the event says of it), by the declarations of `AUDIT_EVENT_REFERENCES`,
 * and each one they may see named in `names` ("#12 Its title" for a linked case, an item's title),
 * as are the groups, people and tags it names to a reader who may list them.
 * An event whose own subject the reader may not see keeps only its references. One statement per kind
 * of record the page names.
 */
export async function presentAuditEvents(
  db: DbOrTx,
  principal: Principal,
  rows: readonly AuditEventRow[],
): Promise<AuditEvent[]> {
  const references = new RecordReferences();
  for (const row of rows) {
    const { subject, fields, named } = referencesOf(row.type);
    if (subject && subject === row.subjectType) references.name(subject, row.subjectId);
    references.nameIn(row.data.before, fields, named);
    references.nameIn(row.data.after, fields, named);
  }
  await references.resolve(db, principal);
  return rows.map((row) => {
    const declared = referencesOf(row.type);
    const { subject, fields, named } = declared;
    const isDeclared = isAuditAction(row.type);
    const isSubjectHidden =
      !isDeclared || (subject === row.subjectType && !references.isVisible(subject, row.subjectId));
    const present = (values: unknown) =>
      isDeclared
        ? references.redact(withoutHiddenCounts(values ?? null, declared, principal), fields, isSubjectHidden)
        : null;
    const before = present(row.data.before);
    const after = present(row.data.after);
    return {
      id: row.id,
      action: row.type,
      subjectType: row.subjectType,
      subjectId: isSubjectHidden ? null : row.subjectId,
      actor: actorOf(row),
      before,
      after,
      // Named from what the reader is told: nothing of a hidden record, nor of a hidden subject's values.
      names: { ...references.namesIn(before, fields, named), ...references.namesIn(after, fields, named) },
      createdAt: row.createdAt.toISOString(),
    };
  });
}

import type { ExportEvent } from '@scamtrail/domain/export-streams';
import type { HiddenRecordKind } from '@scamtrail/domain/hidden-records';
import type { OriginatorType } from '@scamtrail/domain/originators';
import { hasAllPermissions, hasPermission, type Permission } from '@scamtrail/domain/permissions';
import { ORIGINATOR_VIEW_PERMISSIONS } from '../originators/originators.service';
import {
  AUDIT_EVENT_REFERENCES,
  isAuditAction,
  type AuditEventReferences,
  type ReferenceFields,
} from '../events/record-references';

/** The permission each kind of record an event may name is read with. */
const VIEW_PERMISSION: Record<HiddenRecordKind, Permission> = {
  case: 'case.view',
  evidence: 'evidence.view',
  journal_entry: 'journal_entry.view',
  identifier: 'identifier.view',
};

type Values = Record<string, unknown>;
const isValues = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One recorded value (an event's `before` or `after`) as a reader holding `grants` may read it. */
function redactValue(
  value: unknown,
  fields: ReferenceFields,
  counts: Readonly<Record<string, Permission>>,
  grants: readonly string[],
): unknown {
  if (!isValues(value)) return value;
  const out: Values = { ...value };
  for (const [field, { kind, carries = [] }] of Object.entries(fields)) {
    if (!(field in value) || hasPermission(grants, VIEW_PERMISSION[kind])) continue;
    const named = value[field];
    if (named === null || named === undefined) continue;
    out[field] = Array.isArray(named) ? named.map(() => ({ hidden: kind })) : { hidden: kind };
    for (const carried of carries) delete out[carried];
  }
  for (const [field, permission] of Object.entries(counts)) {
    if (!hasPermission(grants, permission)) delete out[field];
  }
  return out;
}

/**
 * The view permissions an event of an originator or an API key needs beside its topic's: the
 * organisation topic asks `originator.view`, which reads team members, while a community member (its
 * reputation changes, with their reasons) is read with `community_member.view` and an automation (its
 * webhook's changes) with `automation.view`; the access topic asks `user.view`, while an API key is an
 * automation's, its name and scopes read with `automation.view`. An originator's kind is the event's
 * (`community_member.…`, `automation.…`) or, for `originator.…`, the `type` its data records; an event
 * that tells neither needs both.
 */
function subjectPermissions(event: ExportEvent): readonly Permission[] {
  if (event.subject.type === 'api_key') return [ORIGINATOR_VIEW_PERMISSIONS.automation];
  if (event.subject.type !== 'originator') return [];
  const [prefix] = event.type.split('.');
  const kind = prefix === 'originator' && isValues(event.data) ? event.data.type : prefix;
  if (typeof kind === 'string' && Object.hasOwn(ORIGINATOR_VIEW_PERMISSIONS, kind)) {
    return [ORIGINATOR_VIEW_PERMISSIONS[kind as OriginatorType]];
  }
  return [ORIGINATOR_VIEW_PERMISSIONS.community_member, ORIGINATOR_VIEW_PERMISSIONS.automation];
}

/**
 * The fields of events outside the case audit trail (their data flat, not `before`/`after`) that name
 * records of another kind: a reputation change made by a review names the reviewed identifier.
 */
const FLAT_EVENT_REFERENCES: Readonly<Record<string, ReferenceFields>> = {
  'community_member.reputation_adjusted': { identifierId: { kind: 'identifier' } },
};

/**
 * An event of an export stream or a webhook as a reader holding `grants` may read it. The topics a
 * reader gets are those whose permissions they hold, but an event of one topic may name, or say
 * something of, records of another kind (evidence's identifier events carry the identifier's value, a
 * journal entry's creation its evidence and identifiers, a dossier's export how many entries and
 * evidence items it held): such a reference is answered `{ "hidden": kind }` and what it says of that
 * record, or a count of such records, is left out for a reader without that kind's view permission,
 * as the case's History does (the declarations of `AUDIT_EVENT_REFERENCES`, and
 * `FLAT_EVENT_REFERENCES` for the others). An event of a community member, an automation or an API key
 * keeps its data only for a reader who may view that kind (`subjectPermissions`). Which cases' events a
 * stream carries at all is `withCarried`'s.
 */
export function eventForReader(event: ExportEvent, grants: readonly string[]): ExportEvent {
  // A record the reader may not view: its type, time and id are told, nothing it says of it.
  if (!hasAllPermissions(grants, subjectPermissions(event))) return { ...event, data: {} };
  const flat = FLAT_EVENT_REFERENCES[event.type];
  if (flat) return { ...event, data: redactValue(event.data, flat, {}, grants) as ExportEvent['data'] };
  if (!isAuditAction(event.type) || !isValues(event.data)) return event;
  const references: AuditEventReferences = AUDIT_EVENT_REFERENCES[event.type];
  const counts = references.counts ?? {};
  const data: Values = { ...event.data };
  for (const side of ['before', 'after']) {
    if (side in data) data[side] = redactValue(data[side], references.fields, counts, grants);
  }
  return { ...event, data };
}

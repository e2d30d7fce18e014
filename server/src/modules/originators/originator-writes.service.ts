import type { Originator, OriginatorType } from '@scamtrail/domain/originators';
import type { Db } from '../../db/client';
import { withUniqueField } from '../../lib/conflicts';
import { originators } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { assertIfMatch, type IfMatch } from '../../lib/preconditions';
import { recordEvent } from '../events/events.service';
import {
  insertOriginator,
  updateOriginator,
  type NewOriginator,
  type OriginatorChanges,
} from './originators.repository';
import { requireOriginatorRow, toOriginator } from './originators.service';

/** The unique index that keeps the names of a kind apart, and how a clash is reported. */
export interface UniqueName {
  constraint: string;
  field: string;
  message: string;
}

/** Creates a community member or automation with its audit event, in one transaction. */
export async function createOriginatorOfType(
  db: Db,
  values: NewOriginator & { type: Exclude<OriginatorType, 'team_member'> },
  actorOriginatorId: string | null,
  unique: UniqueName,
): Promise<Originator> {
  const id = await withUniqueField(
    () =>
      db.transaction(async (tx) => {
        const newId = await insertOriginator(tx, values);
        await recordEvent(tx, {
          type: 'originator.created',
          actorOriginatorId,
          subjectType: 'originator',
          subjectId: newId,
          data: { type: values.type },
        });
        return newId;
      }),
    unique,
  );
  return toOriginator(await requireOriginatorRow(db, id));
}

function eventTypeOf(changes: OriginatorChanges): string {
  if (changes.active === false) return 'originator.deactivated';
  if (changes.active === true) return 'originator.reactivated';
  return 'originator.updated';
}

/**
 * Updates a community member or automation (404 if there is none of that type) with its audit
 * event naming the changed fields, in one transaction. `stored` are columns written beside the
 * changes that the event does not name (who chose an automation's webhook URL).
 */
export async function changeOriginatorOfType(
  db: Db,
  id: string,
  type: Exclude<OriginatorType, 'team_member'>,
  changes: OriginatorChanges,
  actorOriginatorId: string | null,
  unique: UniqueName,
  ifMatch?: IfMatch,
  stored: OriginatorChanges = {},
): Promise<Originator> {
  const found = await withUniqueField(
    () =>
      db.transaction(async (tx) => {
        await assertIfMatch(
          tx,
          originators,
          id,
          ifMatch,
          type === 'automation' ? 'automation' : 'community member',
        );
        if (!(await updateOriginator(tx, id, type, { ...changes, ...stored }))) return false;
        await recordEvent(tx, {
          type: eventTypeOf(changes),
          actorOriginatorId,
          subjectType: 'originator',
          subjectId: id,
          data: { type, fields: Object.keys(changes) },
        });
        return true;
      }),
    unique,
  );
  if (!found) throw AppError.notFound(type === 'automation' ? 'Automation' : 'Community Member');
  return toOriginator(await requireOriginatorRow(db, id, type));
}

/** A community member or automation as it is now (404 if there is none of that type). */
export async function getOriginatorOfType(
  db: Db,
  id: string,
  type: Exclude<OriginatorType, 'team_member'>,
): Promise<Originator> {
  return toOriginator(await requireOriginatorRow(db, id, type));
}

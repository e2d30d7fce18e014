import type { CurrentUser } from '@scamtrail/domain/auth';
import type { JournalEntry } from '@scamtrail/domain/journal-entries';
import { WILDCARD } from '@scamtrail/domain/permissions';

/**
 * The server's rule for every change of an entry (its text, links, case and removal;
 * `allowEntryChange` in server/src/modules/journal-entries/journal-entry.preconditions.ts), mirrored so the
 * timeline offers no change the server would refuse: whoever recorded it (the team member who entered
 * it for a community member, else its originator) or an administrator.
 */
export function canChangeEntry(user: CurrentUser | null | undefined, entry: JournalEntry): boolean {
  if (!user) return false;
  if (user.permissions.includes(WILDCARD)) return true;
  const recordedBy = entry.originator?.proxy?.id ?? entry.originator?.id;
  return Boolean(user.originatorId) && user.originatorId === recordedBy;
}

/** Signing is the originator's alone (spec 4): not the proxy who entered it for them. */
export function isEntryOriginator(user: CurrentUser | null | undefined, entry: JournalEntry): boolean {
  return Boolean(user?.originatorId) && user?.originatorId === entry.originator?.id;
}

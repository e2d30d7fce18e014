import { hasPermission } from '@scamtrail/domain/permissions';
import type { TagColor } from '@scamtrail/domain/tags';
import type { Db } from '../../db/client';
import { iso } from '../../lib/schemas';
import type { Principal } from '../../plugins/auth';
import {
  findIdentifierCases,
  findIdentifierEvidence,
  findIdentifierJournalEntries,
  findIdentifierTags,
  findJournalEntryMediaIds,
} from './identifier-detail.repository';
import { readValidation } from './identifier-presenter';
import { findIdentifierOrFail, presentIdentifiers } from './identifiers.service';
import type { IdentifierDetail } from '@scamtrail/domain/identifiers/api';

const none = async () => [];

/**
 * One identifier with what surrounds it. Each related kind needs its own view permission (evidence,
 * journal entries, cases), and only records of cases the caller may see are listed.
 */
export async function getIdentifierDetail(
  db: Db,
  id: string,
  principal: Principal,
): Promise<IdentifierDetail> {
  const row = await findIdentifierOrFail(db, id);
  const can = (permission: string) => hasPermission(principal.permissions, permission);
  const [[item], evidence, entries, tags, cases] = await Promise.all([
    presentIdentifiers(db, [row], principal),
    can('evidence.view') ? findIdentifierEvidence(db, id, principal) : none(),
    can('journal_entry.view') ? findIdentifierJournalEntries(db, id, principal) : none(),
    findIdentifierTags(db, id),
    can('case.view') ? findIdentifierCases(db, id, principal) : none(),
  ]);
  const mediaIds = await findJournalEntryMediaIds(
    db,
    entries.map((entry) => entry.id),
  );
  const validation = readValidation(row);
  return {
    ...item,
    evidenceCount: evidence.length,
    evidence: evidence.map((e) => ({ id: e.id, title: e.title, kind: e.kind, createdAt: iso(e.createdAt) })),
    media: evidence.flatMap((e) =>
      e.fileName === null
        ? []
        : [
            {
              id: e.id,
              fileName: e.fileName,
              contentType: e.contentType,
              sizeBytes: e.sizeBytes,
              sha256: e.sha256,
            },
          ],
    ),
    journalEntries: entries.map((entry) => ({
      id: entry.id,
      type: entry.type,
      description: entry.description,
      performedAt: iso(entry.performedAt),
      createdAt: iso(entry.createdAt),
      mediaIds: mediaIds.get(entry.id) ?? [],
    })),
    validation: validation.results,
    confidenceReasons: validation.reasons,
    validatedAt: iso(row.validatedAt),
    tags: tags.map((tag) => ({ id: tag.id, name: tag.name, color: tag.color as TagColor })),
    cases: cases.map((c) => ({ id: c.id, title: c.title, status: c.status })),
  };
}

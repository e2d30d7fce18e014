import type { ExportEvent, ExportPreview } from '@scamtrail/domain/export-streams';
import { HIDDEN_RECORD_KINDS, type HiddenRecordKind } from '@scamtrail/domain/hidden-records';
import type { Db } from '../../db/client';
import type { Principal } from '../auth/principal';
import { RecordReferences } from '../events/hidden-references';
import type { NamedRecordKind } from '../events/record-references';
import { readExportStream } from './export-stream-read.service';
import type { EventsSignal } from './events-signal';

const isHiddenKind = (type: string): type is HiddenRecordKind =>
  (HIDDEN_RECORD_KINDS as readonly string[]).includes(type);
/** Subjects named like a History names groups, people and tags. */
const NAMED_SUBJECTS: Readonly<Record<string, NamedRecordKind>> = {
  group: 'group',
  tag: 'tag',
  user: 'user',
};

/**
 * The stream's first events for a person looking at it, and the names of their subjects as the History
 * names records (`RecordReferences`): a case, entry, evidence item or identifier only if the caller may
 * see it, a group, person or tag only if they may list them. The events are the readers' own answer,
 * unchanged; the stream's last read stays as it is, whoever previews it.
 */
export async function previewExportStream(
  db: Db,
  signal: EventsSignal,
  id: string,
  limit: number,
  principal: Principal,
): Promise<ExportPreview> {
  const page = await readExportStream(
    db,
    signal,
    id,
    { limit, wait: 0 },
    principal,
    new AbortController().signal,
    { markRead: false },
  );
  const references = new RecordReferences();
  for (const { subject } of page.data) {
    if (isHiddenKind(subject.type)) references.name(subject.type, subject.id);
    else if (NAMED_SUBJECTS[subject.type])
      references.nameIn(subject, {}, { id: NAMED_SUBJECTS[subject.type] });
  }
  await references.resolve(db, principal);
  return { ...page, names: Object.fromEntries(page.data.flatMap((event) => nameOf(references, event))) };
}

function nameOf(references: RecordReferences, { subject }: ExportEvent): [string, string][] {
  const name = isHiddenKind(subject.type)
    ? references.nameOf(subject.type, subject.id)
    : NAMED_SUBJECTS[subject.type]
      ? references.namesIn(subject, {}, { id: NAMED_SUBJECTS[subject.type] })[subject.id]
      : undefined;
  return name === undefined ? [] : [[subject.id, name]];
}

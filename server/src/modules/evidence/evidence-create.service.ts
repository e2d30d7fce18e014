import { createHash } from 'node:crypto';
import {
  EVIDENCE_TITLE_MAX_LENGTH,
  evidenceKindForMediaType,
  type CreateWrittenEvidenceBody,
  type Evidence,
} from '@scamtrail/domain/evidence';
import { cutText } from '@scamtrail/domain/text';
import type { Db, Tx } from '../../db/client';
import type { Principal } from '../auth/principal';
import { auditEvent } from '../events/audit-event';
import { recordEvent } from '../events/events.service';
import { touchCase } from '../cases/cases.service';
import { recordCustody } from './custody.service';
import { insertEvidenceRow, setEvidenceTags, type NewEvidenceRow } from './evidence.repository';
import { requireTags } from '../tags/tag.preconditions';
import { requireCaseForEvidence } from './evidence.preconditions';
import { getEvidence } from './evidence.service';
import { parseUploadFields, type ReceivedUpload } from './evidence-upload';
import { resolveRecordOriginators } from '../originators/record-originators';

/** What the audit trail keeps of an item: its fields, not the written text or the bytes. */
export function auditSnapshot(values: Partial<NewEvidenceRow>, tagIds: readonly string[]) {
  return {
    kind: values.kind,
    title: values.title,
    description: values.description,
    caseId: values.caseId ?? null,
    tagIds: [...tagIds],
    fileName: values.fileName ?? null,
    mediaType: values.contentType ?? null,
    size: values.sizeBytes ?? null,
    sha256: values.sha256 ?? null,
  };
}

/**
 * The row, its tags, the custody `added` record, the audit record and the case's last activity, in
 * one transaction, with the bytes the row names (`storeBytes`): the custody log never names bytes
 * that were not kept. The case and tags are checked again inside it, locked, in case they changed.
 */
async function insertEvidence(
  db: Db,
  principal: Principal,
  values: NewEvidenceRow,
  tagIds: readonly string[],
  storeBytes?: (tx: Tx) => Promise<void>,
): Promise<string> {
  return db.transaction(async (tx) => {
    await requireCaseForEvidence(tx, principal, values.caseId, true);
    await requireTags(tx, tagIds);
    await storeBytes?.(tx);
    const id = await insertEvidenceRow(tx, values);
    await setEvidenceTags(tx, id, tagIds);
    await recordCustody(tx, principal, id, 'added', {
      sha256: values.sha256,
      size: values.sizeBytes,
      mediaType: values.contentType ?? null,
      caseId: values.caseId ?? null,
    });
    await recordEvent(
      tx,
      auditEvent(principal, {
        action: 'evidence.created',
        subjectType: 'evidence',
        subjectId: id,
        caseId: values.caseId ?? null,
        after: auditSnapshot(values, tagIds),
      }),
    );
    await touchCase(tx, values.caseId);
    return id;
  });
}

/** Written evidence: its text is hashed as its UTF-8 bytes, so it can be verified like a file. */
export async function createWrittenEvidence(
  db: Db,
  principal: Principal,
  body: CreateWrittenEvidenceBody,
): Promise<Evidence> {
  const bytes = Buffer.from(body.body, 'utf8');
  const originators = await resolveRecordOriginators(db, principal.originatorId, body.onBehalfOfOriginatorId);
  const id = await insertEvidence(
    db,
    principal,
    {
      kind: 'written',
      title: body.title,
      description: body.description,
      body: body.body,
      caseId: body.caseId ?? null,
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      ...originators,
    },
    body.tagIds,
  );
  return getEvidence(db, principal, id, { recordView: false });
}

/**
 * A file upload, its bytes already received into the store, hashed and sniffed: everything that can
 * refuse it is checked before they are kept, and bytes not kept with a committed row are dropped.
 */
export async function createFileEvidence(
  db: Db,
  principal: Principal,
  upload: ReceivedUpload,
): Promise<Evidence> {
  const { content } = upload;
  let isRecorded = false;
  try {
    const fields = parseUploadFields(upload.fields);
    await requireCaseForEvidence(db, principal, fields.caseId);
    await requireTags(db, fields.tagIds);
    const originators = await resolveRecordOriginators(
      db,
      principal.originatorId,
      fields.onBehalfOfOriginatorId,
    );
    const id = await insertEvidence(
      db,
      principal,
      {
        kind: evidenceKindForMediaType(content.mediaType),
        title: fields.title || cutText(upload.fileName, EVIDENCE_TITLE_MAX_LENGTH).trim(),
        description: fields.description,
        caseId: fields.caseId ?? null,
        fileName: upload.fileName,
        contentType: content.mediaType,
        sizeBytes: content.size,
        sha256: content.sha256,
        ...originators,
      },
      fields.tagIds,
      (tx) => content.keep(tx),
    );
    isRecorded = true;
    return await getEvidence(db, principal, id, { recordView: false });
  } finally {
    if (!isRecorded) await content.discard();
  }
}

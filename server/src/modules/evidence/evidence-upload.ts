import type { FastifyRequest } from 'fastify';
import {
  EVIDENCE_FILE_NAME_MAX_LENGTH,
  evidenceFileNameSchema,
  uploadEvidenceFieldsSchema,
  type UploadEvidenceFields,
} from '@scamtrail/domain/evidence';
import { cutText } from '@scamtrail/domain/text';
import { AppError } from '../../lib/errors';
import { readMultipartForm } from '../../lib/multipart-form';
import type { EvidenceStore, IncomingContent } from './evidence-store-contract';

/** Form fields beyond the file: a description of 2,000 characters is well under 64 KiB in UTF-8. */
export const UPLOAD_FIELD_LIMITS = { fieldSize: 64 * 1024, fields: 60, files: 1, parts: 61 };

/** How much of an arriving file the multipart parser may hold before it pauses the request. */
export const UPLOAD_BUFFER_BYTES = 1024 * 1024;

/** What a multipart upload carried: its bytes in the store (not yet kept), the client's file name and the form fields. */
export interface ReceivedUpload {
  content: IncomingContent;
  fileName: string;
  fields: Record<string, string[]>;
}

/**
 * Characters a file name never needs and that can make it read as something else: C0 and C1 controls,
 * and the bidirectional formatting marks, with which "invoice\u202Efdp.exe" shows as "invoiceexe.pdf".
 */
// eslint-disable-next-line no-control-regex
const HIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The file name as given, without any directory part, hidden characters or unpaired surrogates, cut
 * to its length without splitting a character; then through the text schema like every stored text.
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const clean = base
    .replace(HIDDEN_CHARACTERS, '')
    .replace(/[\uD800-\uDFFF]/gu, '')
    .trim();
  const cut = cutText(clean, EVIDENCE_FILE_NAME_MAX_LENGTH).trim() || 'evidence';
  const parsed = evidenceFileNameSchema.safeParse(cut);
  if (!parsed.success) {
    throw AppError.validation([{ field: 'file', message: parsed.error.issues[0].message }]);
  }
  return parsed.data;
}

function tooLarge(maxBytes: number): AppError {
  const mb = Math.round(maxBytes / (1024 * 1024));
  return new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the ${mb} MB upload limit`, {
    maxBytes,
  });
}

/**
 * Reads a multipart upload: the one `file` part is streamed into the store as it arrives; the other
 * parts are collected as text fields. Refuses (and drops what the store received) when the file is
 * over `maxBytes` (413), missing, empty, or not in a part named `file`, a field is too long, or the
 * body is malformed (400).
 */
export async function receiveUpload(
  request: FastifyRequest,
  options: { store: EvidenceStore; maxBytes: number; idleMs?: number },
): Promise<ReceivedUpload> {
  const form = await readMultipartForm(request, {
    fileField: 'file',
    readFile: (part) => options.store.receive(part.file),
    discardFile: (content) => content.discard(),
    tooLarge: () => tooLarge(options.maxBytes),
    idleMs: options.idleMs,
  });
  const content = form.file;
  if (!content) {
    throw AppError.validation([{ field: 'file', message: 'Attach the file as the part named "file"' }]);
  }
  if (content.size === 0) {
    await content.discard();
    throw AppError.validation([{ field: 'file', message: 'The file is empty' }]);
  }
  let fileName: string;
  try {
    fileName = cleanFileName(form.fileName);
  } catch (error) {
    await content.discard();
    throw error;
  }
  return { content, fileName, fields: form.fields };
}

/** The form fields as the upload schema reads them: one value each, tag ids repeated or comma-separated. */
function uploadFieldsInput(fields: Record<string, string[]>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const name of ['title', 'description', 'caseId', 'onBehalfOfOriginatorId'] as const) {
    const values = fields[name];
    if (!values) continue;
    if (values.length > 1) {
      throw AppError.validation([{ field: name, message: `${name} must be given once` }]);
    }
    // A form sends an empty field for "none": no title (the file name), no case.
    if (values[0].trim() !== '' || name === 'description') input[name] = values[0];
  }
  const tagIds = (fields.tagIds ?? []).flatMap((value) => value.split(',')).map((id) => id.trim());
  input.tagIds = tagIds.filter((id) => id !== '');
  return input;
}

/** The form fields checked with the same schema as everywhere else: 400 naming each bad field. */
export function parseUploadFields(fields: Record<string, string[]>): UploadEvidenceFields {
  const result = uploadEvidenceFieldsSchema.safeParse(uploadFieldsInput(fields));
  if (result.success) return result.data;
  throw AppError.validation(
    result.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message })),
  );
}

import type { MultipartFile } from '@fastify/multipart';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * The one way a route reads a multipart/form-data body. The parser (@fastify/multipart over busboy)
 * throws plain errors for a body it cannot read; here every one of them becomes a 4xx naming the body
 * or the field, so a malformed upload can never reach the generic 500.
 */

/** The form as read: its text fields by name, and what `readFile` made of its one file part. */
export interface MultipartForm<F> {
  fields: Record<string, string[]>;
  file?: F;
  /** The file name the client gave, as given (possibly empty). */
  fileName: string;
}

export interface ReadFormOptions<F> {
  /** The part the file must come in. */
  fileField: string;
  /** Consumes the file part's stream (to disk, to memory). */
  readFile(part: MultipartFile): Promise<F>;
  /** Undoes `readFile` when the rest of the form turns out bad (a staged file is removed). */
  discardFile?(file: F): Promise<void>;
  /** The answer for a file over the route's size limit. */
  tooLarge?(): AppError;
  /** How long the form may go without a byte arriving before it is given up (default 30 s). */
  idleMs?: number;
}

/** How long a form may go without a byte arriving before it is given up, unless a route says. */
export const DEFAULT_FORM_IDLE_MS = 30_000;

/**
 * Gives up on a form that stops arriving. A client that stops sending holds its request, and its
 * admission slot, for as long as it keeps the connection open; and busboy (3.2.6) can stop reading a
 * body of its own accord (a part without Content-Disposition over 16 KiB pauses its parser for
 * good), so a request would wait without end for bytes it has already been sent. Progress is a
 * chunk of the body read off the connection; `race` rejects with 408 once none came for `idleMs`.
 */
function watchForStall(body: Readable, idleMs: number) {
  let isExpired = false;
  let expire: (error: AppError) => void = () => undefined;
  const expired = new Promise<never>((_, reject) => {
    expire = reject;
  });
  expired.catch(() => undefined);
  const seconds = Math.max(1, Math.round(idleMs / 1000));
  const timer = setTimeout(() => {
    isExpired = true;
    expire(
      new AppError(
        'REQUEST_TIMEOUT',
        `The form stopped arriving: nothing of it was received for ${seconds} second${seconds === 1 ? '' : 's'}`,
      ),
    );
  }, idleMs);
  const onData = () => timer.refresh();
  // Listened to only once the parser reads the body: a 'data' listener on a stream nobody reads
  // yet would start it flowing and lose what it read.
  body.on('data', onData);
  return {
    get isExpired() {
      return isExpired;
    },
    race<T>(step: Promise<T>): Promise<T> {
      step.catch(() => undefined);
      // eslint-disable-next-line no-restricted-syntax -- a deadline on reading the body: no database
      return Promise.race([step, expired]);
    },
    stop() {
      clearTimeout(timer);
      body.off('data', onData);
    },
  };
}

/**
 * Busboy's own parse errors carry no code, only a message: no boundary in the Content-Type, one over
 * the 256 characters it can search for, an empty one, a body that ends before its closing boundary
 * (a mismatched boundary reads that way too). Matched by message so that an unrelated failure (a
 * full disk while staging, a bug) still answers 500 and is logged.
 */
const BUSBOY_ERRORS: { pattern: RegExp; reason: string }[] = [
  { pattern: /boundary not found/i, reason: 'its Content-Type names no boundary' },
  {
    pattern: /needle cannot have a length bigger than/i,
    reason: 'its boundary is longer than 256 characters',
  },
  { pattern: /needle cannot be an empty/i, reason: 'its boundary is empty' },
  {
    pattern: /unexpected end of multipart data/i,
    reason: 'it ends before the closing boundary its Content-Type names',
  },
  { pattern: /unsupported content-type/i, reason: 'its Content-Type is not multipart/form-data' },
];

function malformed(reason: string): AppError {
  return AppError.validation([{ field: 'body', message: `the multipart body is malformed: ${reason}` }]);
}

function defaultTooLarge(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than the upload limit');
}

/**
 * The errors of @fastify/multipart and busboy in the API's terms, or undefined for any other error.
 * Used by `readMultipartForm` and, for a route that reads a form some other way, by the error handler.
 */
export function multipartError(
  error: unknown,
  tooLarge: () => AppError = defaultTooLarge,
): AppError | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return AppError.validation([{ field: 'file', message: 'Send one file per request' }]);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return AppError.validation([{ field: 'body', message: 'The form has too many fields' }]);
    case 'FST_PROTO_VIOLATION':
      return malformed('a part is named after a reserved property');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return malformed('a part declared as JSON is not valid JSON');
    case 'FST_MP_PREMATURE_CLOSE':
      return malformed('the request was closed before the form ended');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return malformed('its Content-Type is not multipart/form-data');
  }
  if (code !== undefined) return undefined;
  // A part cut short is reported by busboy as "<Part|File> terminated early due to unexpected end".
  if (/terminated early/i.test(error.message)) return malformed('a part ends before its closing boundary');
  const known = BUSBOY_ERRORS.find(({ pattern }) => pattern.test(error.message));
  return known && malformed(known.reason);
}

/**
 * Reads the whole form: text fields are collected (a field over the route's `fieldSize` limit is a
 * 400 naming it, never silently cut), the one file part goes to `readFile`. Any parser failure is
 * answered by `multipartError`; whatever `readFile` kept is discarded first, so a refused upload
 * leaves nothing behind.
 */
export async function readMultipartForm<F>(
  request: FastifyRequest,
  options: ReadFormOptions<F>,
): Promise<MultipartForm<F>> {
  const fields: Record<string, string[]> = {};
  let file: F | undefined;
  let fileName = '';
  let reading: { part: MultipartFile; done: Promise<unknown> } | undefined;
  const parts = request.parts()[Symbol.asyncIterator]();
  // The first step pipes the body into the parser; only then is the body watched.
  let next = parts.next();
  const stall = watchForStall(request.raw, options.idleMs ?? DEFAULT_FORM_IDLE_MS);
  try {
    for (let step = await stall.race(next); !step.done; step = await stall.race(next)) {
      const part = step.value;
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw AppError.validation([{ field: part.fieldname, message: `${part.fieldname} is too long` }]);
        }
        (fields[part.fieldname] ??= []).push(String(part.value));
        next = parts.next();
        continue;
      }
      if (part.fieldname !== options.fileField) {
        part.file.resume();
        throw AppError.validation([
          { field: options.fileField, message: `Send the file as the part named "${options.fileField}"` },
        ]);
      }
      const read = options.readFile(part);
      reading = { part, done: read.catch(() => undefined) };
      file = await stall.race(read);
      reading = undefined;
      if (part.file.truncated) throw (options.tooLarge ?? defaultTooLarge)();
      fileName = part.filename ?? '';
      next = parts.next();
    }
  } catch (error) {
    // A file still being read when the form stalled: ending its stream makes `readFile` fail and
    // remove what it staged, before the answer says the upload was refused.
    if (stall.isExpired && reading) {
      reading.part.file.destroy();
      await reading.done;
    }
    if (file !== undefined) await options.discardFile?.(file);
    if (error instanceof AppError) throw error;
    throw multipartError(error, options.tooLarge) ?? error;
  } finally {
    stall.stop();
  }
  return { fields, file, fileName };
}

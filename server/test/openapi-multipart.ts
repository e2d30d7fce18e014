import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { JsonSchema } from './openapi-operations';

/**
 * The operations of the OpenAPI document that take a multipart/form-data body, and malformed forms
 * to send them, for the bad-input test: a route that starts taking uploads is covered by declaring it.
 */

export interface MultipartOperation {
  key: string;
  method: string;
  /** The path with each placeholder filled with a fresh UUID (one that names nothing). */
  url: string;
  /** The part the document says carries the file (`format: binary`), if any. */
  fileField?: string;
  /** The text fields the document declares. */
  textFields: string[];
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
  >;
}

export async function loadMultipartOperations(app: FastifyInstance): Promise<MultipartOperation[]> {
  const doc = (await app.inject('/api/openapi.json')).json() as OpenApiDocument;
  const operations: MultipartOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const form = op.requestBody?.content['multipart/form-data']?.schema;
      if (!form) continue;
      const properties = Object.entries(form.properties ?? {});
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        url: path.replace(/\{\w+\}/g, () => randomUUID()),
        fileField: properties.find(([, p]) => p.format === 'binary')?.[0],
        textFields: properties
          .filter(([, p]) => [p.type].flat().includes('string') && p.format !== 'binary')
          .map(([name]) => name),
      });
    }
  }
  return operations;
}

/** A malformed form: its headers and payload, and the field a 400 must name when one is to blame. */
export interface MalformedForm {
  label: string;
  headers: Record<string, string>;
  payload: Buffer;
  field?: string;
}

/** Larger than any form field a route accepts (busboy's own default is 1 MiB). */
const OVERSIZED_FIELD = 'f'.repeat(1024 * 1024 + 1);

/** A file of CSV identifiers, large enough that a cut in its middle arrives after bytes were staged. */
function fileBytes(): Buffer {
  const rows = Array.from({ length: 2000 }, (_, i) => `email,probe-${i}@example.com`);
  return Buffer.from(`type,address\n${rows.join('\n')}\n`);
}

type Part = { headers: string[]; body: Buffer | string };

function encode(boundary: string, parts: Part[], close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n${part.headers.map((h) => `${h}\r\n`).join('')}\r\n`));
    chunks.push(Buffer.from(part.body), Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function filePart(op: MultipartOperation): Part[] {
  if (!op.fileField) return [];
  return [
    {
      headers: [
        `Content-Disposition: form-data; name="${op.fileField}"; filename="probe.csv"`,
        'Content-Type: text/csv',
      ],
      body: fileBytes(),
    },
  ];
}

const formType = (boundary: string) => `multipart/form-data; boundary=${boundary}`;

/**
 * No boundary, a mismatched one, one over 256 characters, a body cut off in the middle of its file,
 * parts without a name or without Content-Disposition, a field over the size limit (sent after the
 * file, so that a staged file has to be discarded) and an empty body.
 */
export function malformedForms(op: MultipartOperation): MalformedForm[] {
  const boundary = `----probe${randomBytes(8).toString('hex')}`;
  const whole = encode(boundary, filePart(op));
  const forms: MalformedForm[] = [
    { label: 'no boundary', headers: { 'content-type': 'multipart/form-data' }, payload: whole },
    {
      label: 'a mismatched boundary',
      headers: { 'content-type': formType(`${boundary}-other`) },
      payload: whole,
    },
    {
      label: 'a boundary over 256 characters',
      headers: { 'content-type': formType('b'.repeat(300)) },
      payload: encode('b'.repeat(300), filePart(op)),
    },
    {
      label: 'a body cut off in the middle of its file',
      headers: { 'content-type': formType(boundary) },
      payload: encode(boundary, filePart(op), false).subarray(0, Math.floor(whole.length / 2)),
    },
    {
      label: 'a part without a name',
      headers: { 'content-type': formType(boundary) },
      payload: encode(boundary, [
        { headers: ['Content-Disposition: form-data; filename="probe.csv"'], body: fileBytes() },
      ]),
    },
    {
      label: 'a part without Content-Disposition',
      headers: { 'content-type': formType(boundary) },
      // Under 16 KiB: busboy stalls on a part it skips that is larger than its high-water mark (see
      // the todo in openapi-bad-input.test.ts).
      payload: encode(boundary, [{ headers: ['Content-Type: text/csv'], body: 'type,address\n' }]),
    },
    { label: 'an empty body', headers: { 'content-type': formType(boundary) }, payload: Buffer.alloc(0) },
  ];
  for (const field of op.textFields) {
    forms.push({
      label: `${field} over the size limit`,
      headers: { 'content-type': formType(boundary) },
      payload: encode(boundary, [
        ...filePart(op),
        { headers: [`Content-Disposition: form-data; name="${field}"`], body: OVERSIZED_FIELD },
      ]),
      field,
    });
  }
  return forms;
}

/** A well-formed form for the operation: its file part (when it takes one), a CSV any route accepts. */
export function wellFormedForm(op: MultipartOperation): { headers: Record<string, string>; payload: Buffer } {
  const boundary = `----probe${randomBytes(8).toString('hex')}`;
  return { headers: { 'content-type': formType(boundary) }, payload: encode(boundary, filePart(op)) };
}

/** A file part named as a client may name it, as the raw header or as RFC 8187's `filename*`. */
export interface OddFileName {
  label: string;
  headers: Record<string, string>;
  payload: Buffer;
}

/**
 * File names a client may send that are not text the database can store as they are, once cleaned and
 * cut to length: a cut that would split an emoji (at a title's 200 characters and a name's 255), a
 * null character, bidirectional overrides and controls, a name of 20,000 characters. Sent to every
 * operation that takes a file, with a small CSV file any of them accepts.
 */
export function oddFileNames(op: MultipartOperation): OddFileName[] {
  if (!op.fileField) return [];
  const boundary = `----probe${randomBytes(8).toString('hex')}`;
  const body = 'type,address\nemail,odd-name@example.com\n';
  const form = (disposition: string) =>
    encode(boundary, [
      {
        headers: [
          `Content-Disposition: form-data; name="${op.fileField}"; ${disposition}`,
          'Content-Type: text/csv',
        ],
        body,
      },
    ]);
  const names: [string, string][] = [
    ['an emoji across the cut at 200 and at 255', `${'a'.repeat(199)}😀${'b'.repeat(54)}😀.csv`],
    ['an emoji across the cut at 255 only', `${'a'.repeat(254)}😀.csv`],
    ['a right-to-left override', 'invoice\u202Evsc.exe'],
    ['C1 controls and isolates', 'a\u0085b\u2066c\u2069.csv'],
    ['20,000 characters', `${'n'.repeat(20_000)}.csv`],
  ];
  const forms = names.map(([label, name]) => ({
    label,
    headers: { 'content-type': formType(boundary) },
    payload: form(`filename="${name}"`),
  }));
  forms.push(
    ...[
      ['a null character (RFC 8187)', 'a%00b.csv'],
      ['an emoji across the cut (RFC 8187)', `${'a'.repeat(254)}%F0%9F%98%80.csv`],
    ].map(([label, encoded]) => ({
      label,
      headers: { 'content-type': formType(boundary) },
      payload: form(`filename*=UTF-8''${encoded}`),
    })),
  );
  return forms;
}

import { createReadStream } from 'node:fs';

/**
 * True when the whole file is UTF-8 text without null characters (read in chunks, never whole):
 * the formats file-type recognises all have magic numbers, plain text has none.
 */
async function isUtf8Text(path: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(path)) {
      const bytes = chunk as Buffer;
      if (bytes.includes(0)) return false;
      decoder.decode(bytes, { stream: true });
    }
    decoder.decode();
    return true;
  } catch (error) {
    if (error instanceof TypeError) return false;
    throw error;
  }
}

/**
 * The media type of a stored file, from its bytes only: what file-type recognises, else text/plain
 * for UTF-8 text, else application/octet-stream. The client's declared type and the file name are
 * never consulted: an HTML page named photo.png is text/plain, a PNG named notes.txt is image/png.
 */
export async function sniffMediaType(path: string): Promise<string> {
  // Loaded at the first upload, not at start (about 30 ms).
  const { fileTypeFromFile } = await import('file-type');
  const detected = await fileTypeFromFile(path);
  if (detected) return detected.mime;
  return (await isUtf8Text(path)) ? 'text/plain' : 'application/octet-stream';
}

/** The Content-Type a stored file is served with. */
export function contentTypeHeader(mediaType: string): string {
  return mediaType === 'text/plain' ? 'text/plain; charset=utf-8' : mediaType;
}

/** How much of a file's start file-type is given when the bytes are sniffed as they pass. */
const SNIFFED_HEAD_BYTES = 1024 * 1024;

/**
 * `sniffMediaType` for bytes passing once, never held whole: `update` with each piece in order, then
 * `mediaType()`. file-type reads the first SNIFFED_HEAD_BYTES (its signatures sit in the first few
 * KiB; a ZIP's entries are looked for that far), and the UTF-8 check runs over all of it as it goes.
 */
export function mediaTypeSniffer() {
  const head: Buffer[] = [];
  let headBytes = 0;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let isText = true;
  return {
    update(piece: Buffer) {
      if (headBytes < SNIFFED_HEAD_BYTES) {
        const part = Buffer.from(piece.subarray(0, SNIFFED_HEAD_BYTES - headBytes));
        head.push(part);
        headBytes += part.length;
      }
      if (!isText) return;
      if (piece.includes(0)) {
        isText = false;
        return;
      }
      try {
        decoder.decode(piece, { stream: true });
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        isText = false;
      }
    },
    async mediaType(): Promise<string> {
      if (isText) {
        try {
          decoder.decode();
        } catch (error) {
          if (!(error instanceof TypeError)) throw error;
          isText = false;
        }
      }
      const { fileTypeFromBuffer } = await import('file-type');
      const detected = await fileTypeFromBuffer(Buffer.concat(head));
      if (detected) return detected.mime;
      return isText ? 'text/plain' : 'application/octet-stream';
    },
  };
}

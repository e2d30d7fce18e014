import { isUtf8 } from 'node:buffer';

/** The Content-Type a stored file is served with. */
export function contentTypeHeader(mediaType: string): string {
  return mediaType === 'text/plain' ? 'text/plain; charset=utf-8' : mediaType;
}

/** How much of a file's start file-type is given when the bytes are sniffed as they pass. */
const SNIFFED_HEAD_BYTES = 1024 * 1024;

/**
 * How many bytes at the end of `bytes` begin a UTF-8 sequence the next piece completes (0 to 3): a
 * lead byte fewer than its length from the end, after nothing but continuation bytes.
 */
function unfinishedTail(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back += 1) {
    const byte = bytes[bytes.length - back];
    if ((byte & 0xc0) === 0x80) continue;
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? back : 0;
  }
  return 0;
}

/**
 * Whether bytes arriving in pieces are UTF-8 text without null characters, checked as they pass
 * (`isUtf8`, no text decoded): a character split between two pieces is checked once both came.
 */
function utf8TextCheck() {
  let isText = true;
  let carried: Buffer | undefined;
  return {
    update(piece: Buffer) {
      if (!isText) return;
      if (piece.includes(0)) {
        isText = false;
        return;
      }
      let rest = piece;
      if (carried) {
        const lead = carried[0];
        const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
        const missing = length - carried.length;
        if (piece.length < missing) {
          carried = Buffer.concat([carried, piece]);
          return;
        }
        isText = isUtf8(Buffer.concat([carried, piece.subarray(0, missing)]));
        carried = undefined;
        rest = piece.subarray(missing);
      }
      const tail = unfinishedTail(rest);
      isText &&= isUtf8(rest.subarray(0, rest.length - tail));
      if (isText && tail > 0) carried = Buffer.from(rest.subarray(rest.length - tail));
    },
    /** After the last piece: a character left unfinished is not text. */
    get isText() {
      return isText && !carried;
    },
  };
}

/**
 * The media type of bytes passing once, never held whole: `update` with each piece in order, then
 * `mediaType()`. What file-type recognises in the first SNIFFED_HEAD_BYTES (its signatures sit in the
 * first few KiB; a ZIP's entries are looked for that far), else text/plain for UTF-8 text without null
 * characters (checked over all of it as it goes), else application/octet-stream. The client's
 * declared type and the file name are never consulted: an HTML page named photo.png is text/plain, a
 * PNG named notes.txt is image/png.
 */
export function mediaTypeSniffer() {
  const head: Buffer[] = [];
  let headBytes = 0;
  const text = utf8TextCheck();
  return {
    update(piece: Buffer) {
      if (headBytes < SNIFFED_HEAD_BYTES) {
        // Copied: the piece's memory may be reused once the store has written it.
        const part = Buffer.from(piece.subarray(0, SNIFFED_HEAD_BYTES - headBytes));
        head.push(part);
        headBytes += part.length;
      }
      text.update(piece);
    },
    async mediaType(): Promise<string> {
      // Loaded at the first upload, not at start (about 30 ms).
      const { fileTypeFromBuffer } = await import('file-type');
      const detected = await fileTypeFromBuffer(Buffer.concat(head));
      if (detected) return detected.mime;
      return text.isText ? 'text/plain' : 'application/octet-stream';
    },
  };
}

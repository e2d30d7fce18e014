/**
 * A Content-Disposition header that survives any file name (RFC 6266): a plain-ASCII `filename`
 * for old clients, with quotes, backslashes and everything outside printable ASCII replaced, and the
 * exact name as `filename*` in UTF-8, percent-encoded (RFC 8187), so no header injection is possible.
 */
export function contentDisposition(type: 'attachment' | 'inline', fileName: string): string {
  const name = fileName.replace(/[\uD800-\uDFFF]/gu, '\uFFFD');
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

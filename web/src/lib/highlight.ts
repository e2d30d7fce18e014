/** A run of text, and whether it is an occurrence of the term looked for. */
export interface TextPart {
  text: string;
  isMatch: boolean;
}

const REGEXP_SPECIAL = /[\\^$.*+?()[\]{}|/]/g;

/**
 * `text` cut at every occurrence of `term`, ignoring case: the parts put back together are `text`.
 * The match runs on the text as it is (no lower-cased copy, whose length may differ), so the parts are
 * exactly what the text holds. A blank term matches nothing.
 */
export function splitByOccurrences(text: string, term: string): TextPart[] {
  if (!term.trim()) return text ? [{ text, isMatch: false }] : [];
  const pattern = new RegExp(term.replace(REGEXP_SPECIAL, '\\$&'), 'giu');
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index), isMatch: false });
    parts.push({ text: match[0], isMatch: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), isMatch: false });
  return parts;
}

import { splitByOccurrences } from '../lib/highlight';

/** `text` with every occurrence of `term` (ignoring case) in a <mark>, as a search found it. */
export function MarkedText({ text, term }: { text: string; term: string }) {
  return (
    <>
      {splitByOccurrences(text, term).map((part, index) =>
        part.isMatch ? <mark key={index}>{part.text}</mark> : part.text,
      )}
    </>
  );
}

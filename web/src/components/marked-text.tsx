import { splitByOccurrences } from '../lib/highlight';
import './marked-text.scss';

/** `text` with every occurrence of `term` (ignoring case) marked, as a search found it. */
export function MarkedText({ text, term }: { text: string; term: string }) {
  return (
    <>
      {splitByOccurrences(text, term).map((part, index) =>
        part.isMatch ? (
          <mark key={index} className="marked-text">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

import { Fragment } from 'react';
import { emailParts, PiecesText } from './email-text';
import './wrapping-text.scss';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LINK = /^(https?:\/\/|www\.)\S+$/i;
/** A host name or a dotted name ("fraud-desk.example.org"): letters, digits and hyphens between dots. */
const DOTTED = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i;
/** Punctuation that ends a sentence or a clause, not the value written before it. */
const TRAILING = /[.,;:!?)\]'"]+$/;
const LEADING = /^[(['"]+/;

/**
 * The pieces a link may break between: after each "/" (and the "//" after its scheme), before each "."
 * of its host or path, and before each "?", "&", "=" and "#", as links are broken in print.
 */
export function linkParts(link: string): string[] {
  return link
    .replace(/(\/+)/g, '$1\n')
    .replace(/([.?&=#])/g, '\n$1')
    .split('\n')
    .filter((part) => part !== '');
}

/** How one word of free text breaks: an address at its parts, anything else as the browser breaks it. */
function Word({ word }: { word: string }) {
  const lead = LEADING.exec(word)?.[0] ?? '';
  const trail = TRAILING.exec(word.slice(lead.length))?.[0] ?? '';
  const core = word.slice(lead.length, word.length - trail.length);
  let parts: string[] | null = null;
  if (EMAIL.test(core)) parts = emailParts(core);
  else if (LINK.test(core)) parts = linkParts(core);
  else if (DOTTED.test(core) && /[a-z]/i.test(core)) parts = emailParts(core);
  if (!parts) return <>{word}</>;
  return (
    <>
      {lead}
      <PiecesText parts={parts} />
      {trail}
    </>
  );
}

/**
 * Free text (a title, a note, a value a history row recorded) that wraps at sensible points on a narrow
 * screen: at its spaces, and inside an e-mail address, a link or a host name only where those read well
 * (after "@" or "/", before "."), never at a hyphen of a short piece. A word with no such points (a
 * wallet address, a hash) breaks anywhere rather than widen the page (`.wrapping-text`).
 */
export function WrappingText({ text }: { text: string }) {
  return (
    <span className="wrapping-text">
      {text
        .split(/(\s+)/)
        .map((word, index) =>
          /^\s*$/.test(word) ? <Fragment key={index}>{word}</Fragment> : <Word key={index} word={word} />,
        )}
    </span>
  );
}

import { Fragment } from 'react';
import './email-text.scss';

/**
 * The pieces an address may break between: after the "@" and before each ".", as addresses are broken
 * in print. A hyphen belongs to the address, so a line ending in one would misread it.
 */
export function emailParts(address: string): string[] {
  return address
    .replace(/@/g, '@\n')
    .replace(/\./g, '\n.')
    .split('\n')
    .filter((part) => part !== '');
}

/**
 * The longest piece kept on one line: 16 characters fit a list's narrowest column (a card's value on a
 * 320 px phone). A longer piece may break at its hyphens, as it must break somewhere.
 */
const WHOLE_PIECE = 16;

/**
 * A value (an address, a link) in the pieces it may break between (<wbr>), a piece short enough to keep
 * whole not breaking at its hyphens. The pieces are inline, so the text, as read by assistive technology,
 * selected or copied, is the value itself.
 */
export function PiecesText({ parts, className }: { parts: readonly string[]; className?: string }) {
  return (
    <span className={className}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part.includes('-') && part.length <= WHOLE_PIECE ? (
            <span className="email-text__whole">{part}</span>
          ) : (
            part
          )}
        </Fragment>
      ))}
    </span>
  );
}

/**
 * An e-mail address that wraps where an address reads well: after the "@" and before a ".", and not at
 * a hyphen of a piece short enough to keep whole.
 */
export function EmailText({ address }: { address: string }) {
  return <PiecesText className="email-text" parts={emailParts(address)} />;
}

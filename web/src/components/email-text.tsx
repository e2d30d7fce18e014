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
 * An e-mail address that wraps where an address reads well: after the "@" and before a "." (each piece
 * is kept whole while it fits the line; one longer than the line breaks inside, at a hyphen first). The
 * text, selected or copied, is the address itself.
 */
export function EmailText({ address }: { address: string }) {
  return (
    <span className="email-text">
      {emailParts(address).map((part, index) => (
        <span key={index} className="email-text__part">
          {part}
        </span>
      ))}
    </span>
  );
}

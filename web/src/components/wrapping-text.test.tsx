import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { linkParts, WrappingText } from './wrapping-text';

/** The pieces a rendered text may break between (<wbr>), and those kept whole at their hyphens. */
function piecesOf(text: string) {
  const { container } = render(<WrappingText text={text} />);
  return {
    text: container.textContent,
    breaks: container.querySelectorAll('wbr').length,
    whole: Array.from(container.querySelectorAll('.email-text__whole'), (part) => part.textContent),
  };
}

describe('WrappingText', () => {
  it('breaks an e-mail address in a sentence after the "@" and before dots, not at its hyphens', () => {
    expect(piecesOf('Reply to pay-desk@fraud-mail.example, then wait.')).toEqual({
      text: 'Reply to pay-desk@fraud-mail.example, then wait.',
      breaks: 2,
      whole: ['pay-desk@', 'fraud-mail'],
    });
  });

  it('breaks a link after each "/" and before dots and query signs', () => {
    expect(linkParts('https://secure-login.example.com/verify?id=7')).toEqual([
      'https://',
      'secure-login',
      '.example',
      '.com/',
      'verify',
      '?id',
      '=7',
    ]);
    expect(piecesOf('Site: https://secure-login.example.com/verify?id=7.')).toMatchObject({
      text: 'Site: https://secure-login.example.com/verify?id=7.',
      breaks: 6,
      whole: ['secure-login'],
    });
  });

  it('leaves ordinary words and a wallet address as they are, to break at spaces or anywhere', () => {
    const wallet = '0x52908400098527886E0F7030069857D2E4169EE7';
    expect(piecesOf(`A well-known ${wallet} wallet`)).toEqual({
      text: `A well-known ${wallet} wallet`,
      breaks: 0,
      whole: [],
    });
  });
});

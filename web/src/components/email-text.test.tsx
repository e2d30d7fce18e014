import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText, emailParts } from './email-text';

describe('EmailText', () => {
  it('breaks an address after the "@" and before each ".", not at a hyphen', () => {
    expect(emailParts('erin-investigator.ab12@scam-reports.example.org')).toEqual([
      'erin-investigator',
      '.ab12@',
      'scam-reports',
      '.example',
      '.org',
    ]);
  });

  it('reads as the address itself, breaking only after the @ and before each dot', () => {
    const { container } = render(<EmailText address="erin-reports.ab12@scam-watch.example.org" />);
    expect(container.textContent).toBe('erin-reports.ab12@scam-watch.example.org');
    expect(container.querySelectorAll('wbr')).toHaveLength(4);
    // Short pieces with a hyphen stay whole; a piece too long for a narrow column may break.
    expect(Array.from(container.querySelectorAll('.email-text__whole'), (part) => part.textContent)).toEqual([
      'erin-reports',
      'scam-watch',
    ]);
    const { container: long } = render(<EmailText address="a@a-very-long-domain-name.example" />);
    expect(long.querySelectorAll('.email-text__whole')).toHaveLength(0);
  });
});

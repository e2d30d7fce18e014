import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText, emailParts } from './email-text';

describe('EmailText', () => {
  it('breaks an address after the "@" and before each ".", never at a hyphen', () => {
    expect(emailParts('erin-investigator.ab12@scam-reports.example.org')).toEqual([
      'erin-investigator',
      '.ab12@',
      'scam-reports',
      '.example',
      '.org',
    ]);
  });

  it('reads as the address itself', () => {
    const { container } = render(<EmailText address="a.b-c@d-e.example" />);
    expect(container.textContent).toBe('a.b-c@d-e.example');
  });
});

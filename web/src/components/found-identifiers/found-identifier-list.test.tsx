import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FOUND_EMAIL, FOUND_PHONE } from './found-candidates-test-data';
import { FoundIdentifierList } from './found-identifier-list';

describe('FoundIdentifierList', () => {
  it('breaks a found e-mail after its @ and before a dot, not at a hyphen, and names it whole', () => {
    const email = { ...FOUND_EMAIL, text: 'walk-refunds.ab12@support-desk.example' };
    render(
      <FoundIdentifierList
        id="found"
        found={[email, FOUND_PHONE]}
        unchecked={new Set()}
        onToggle={() => {}}
        legend="Found in the text"
        helperText="Ticked identifiers are linked"
      />,
    );
    const checkbox = screen.getByRole('checkbox', { name: `${email.text} (email)` });
    const label = document.querySelector(`label[for="${checkbox.id}"]`)!;
    // At 390 px "support-desk.example" broke as "support-" / "desk.example".
    expect(Array.from(label.querySelectorAll('.email-text__whole'), (part) => part.textContent)).toEqual([
      'walk-refunds',
      'support-desk',
    ]);
    // Other identifiers are as written.
    expect(screen.getByRole('checkbox', { name: `${FOUND_PHONE.text} (phone)` })).toBeInTheDocument();
  });
});

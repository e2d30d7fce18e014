import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordInput, TextArea, TextInput } from './text-fields';

describe('text fields name their error in aria-describedby', () => {
  it('a text input: its error while invalid, its helper text while valid', () => {
    const { rerender } = render(
      <TextInput
        id="name"
        labelText="Name"
        helperText="As people know it"
        invalid
        invalidText="Name is required"
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Name' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Name is required');
    rerender(<TextInput id="name" labelText="Name" helperText="As people know it" />);
    expect(field).toHaveAccessibleDescription('As people know it');
  });

  it('a password input: its error while invalid', () => {
    render(<PasswordInput id="password" labelText="Password" invalid invalidText="Password is required" />);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
  });

  it('a text area: its error while invalid, its helper text or nothing while valid', () => {
    const { rerender } = render(
      <TextArea id="notes" labelText="Notes" invalid invalidText="Notes are too long" />,
    );
    const field = screen.getByRole('textbox', { name: 'Notes' });
    expect(field).toHaveAccessibleDescription('Notes are too long');
    rerender(<TextArea id="notes" labelText="Notes" />);
    expect(field).not.toHaveAttribute('aria-describedby');
    rerender(<TextArea id="notes" labelText="Notes" invalid invalidText="Notes are too long" />);
    expect(field).toHaveAccessibleDescription('Notes are too long');
    rerender(<TextArea id="notes" labelText="Notes" helperText="For the team" />);
    expect(field).toHaveAccessibleDescription('For the team');
  });
});

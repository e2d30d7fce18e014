import userEvent from '@testing-library/user-event';

/**
 * Puts `text` in a text field as a paste (a click, then one input event) where what is typed only sets
 * up the test: typing renders the whole dialog once per key, a third of a dialog test's CPU in jsdom.
 * A test about typing itself (Enter in a field, a date typed in full, a combobox filtering as it is
 * typed, a number) still types, and each form keeps a test that types its fields.
 */
export async function fill(field: HTMLElement, text: string): Promise<void> {
  await userEvent.click(field);
  await userEvent.paste(text);
}

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppAccordion, type AccordionEntry } from './app-accordion';

const ITEMS: AccordionEntry[] = [
  { id: 'one', title: 'First', subtitle: 'The first item', content: 'Content one', open: true },
  { id: 'two', title: 'Second', content: 'Content two', open: true },
  { id: 'three', title: 'Third', content: 'Content three' },
  { id: 'four', title: 'Fourth', content: 'Content four', disabled: true },
];

const heading = (name: RegExp) => screen.getByRole('button', { name });
const expanded = () =>
  ['First', 'Second', 'Third', 'Fourth'].filter(
    (title) => heading(new RegExp(`^${title}`)).getAttribute('aria-expanded') === 'true',
  );

/** The accordion with a switch for exclusive mode, as a page would hold it. */
function Harness({ exclusive: initial }: { exclusive: boolean }) {
  const [exclusive, setExclusive] = useState(initial);
  return (
    <>
      <button type="button" onClick={() => setExclusive(!exclusive)}>
        Switch mode
      </button>
      <AppAccordion items={ITEMS} exclusive={exclusive} />
    </>
  );
}

describe('AppAccordion (spec 3 accordion items, spec 4 exclusive mode)', () => {
  it('shows each title with its subtitle, and opens the items marked open', () => {
    render(<Harness exclusive={false} />);
    expect(heading(/^First/)).toHaveTextContent('FirstThe first item');
    expect(expanded()).toEqual(['First', 'Second']);
    expect(screen.getByText('Content one')).toBeVisible();
  });

  it('leaves the others open when one opens, outside exclusive mode', async () => {
    const user = userEvent.setup();
    render(<Harness exclusive={false} />);
    await user.click(heading(/^Third/));
    expect(expanded()).toEqual(['First', 'Second', 'Third']);
    await user.click(heading(/^First/));
    expect(expanded()).toEqual(['Second', 'Third']);
  });

  it('in exclusive mode starts with only the first open item and closes the others when one opens', async () => {
    const user = userEvent.setup();
    render(<Harness exclusive />);
    expect(expanded()).toEqual(['First']);
    await user.click(heading(/^Third/));
    expect(expanded()).toEqual(['Third']);
    await user.click(heading(/^Second/));
    expect(expanded()).toEqual(['Second']);
    await user.click(heading(/^Second/));
    expect(expanded()).toEqual([]);
  });

  it('keeps only the first open item when exclusive mode is turned on', async () => {
    const user = userEvent.setup();
    render(<Harness exclusive={false} />);
    await user.click(heading(/^Third/));
    await user.click(screen.getByRole('button', { name: 'Switch mode' }));
    expect(expanded()).toEqual(['First']);
  });

  it('does not open a disabled item', async () => {
    const user = userEvent.setup();
    render(<Harness exclusive />);
    expect(heading(/^Fourth/)).toBeDisabled();
    await user.click(heading(/^Fourth/));
    expect(expanded()).toEqual(['First']);
  });
});

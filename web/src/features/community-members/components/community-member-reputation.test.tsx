import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeUser, renderApp } from '../../../test/render-app';
import { communityMember, page } from './community-member-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TIPSTER = communityMember('c-1', 'tipster42');

function renderTab(member = TIPSTER) {
  return renderApp('/team-members?tab=community', {
    'GET /api/auth/me': () => json(200, makeUser('admin')),
    'GET /api/originators/community-members': () => page([member]),
  });
}

async function openDialog(name: string, open: () => Promise<void>) {
  await screen.findByText('tipster42');
  await open();
  return screen.findByRole('dialog', { name });
}

async function enter(field: HTMLElement, value: string) {
  await userEvent.clear(field);
  await userEvent.type(field, value);
}

/** The value beside a label of the dialog's preview. */
function previewValue(dialog: HTMLElement, label: string) {
  return within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling;
}

describe('Add community member', () => {
  it.each([
    ['99999999', 'Initial reputation must be between -1,000,000 and 1,000,000'],
    ['-2000000', 'Initial reputation must be between -1,000,000 and 1,000,000'],
    ['12.5', 'Initial reputation must be a whole number'],
  ])('says what is wrong with an initial reputation of %s: "%s"', async (value, message) => {
    const { fetchMock } = renderTab();
    const dialog = await openDialog('Add community member', () =>
      userEvent.click(screen.getByRole('button', { name: 'Add community member' })),
    );
    await userEvent.type(within(dialog).getByLabelText('Username'), 'newcomer');
    await enter(within(dialog).getByLabelText('Initial reputation'), value);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});

describe('Add community member, as it is typed', () => {
  it('says at once that an initial reputation is out of range, once, and not after it is mended', async () => {
    renderTab();
    const dialog = await openDialog('Add community member', () =>
      userEvent.click(screen.getByRole('button', { name: 'Add community member' })),
    );
    const field = within(dialog).getByLabelText('Initial reputation');
    await enter(field, '2000000');
    const message = 'Initial reputation must be between -1,000,000 and 1,000,000';
    expect(within(dialog).getAllByText(message)).toHaveLength(1);
    await enter(field, '150');
    expect(within(dialog).queryByText(message)).not.toBeInTheDocument();
  });

  it('says at once that an initial reputation of "2e2" is not a whole number, and adds nothing', async () => {
    const { fetchMock } = renderTab();
    const dialog = await openDialog('Add community member', () =>
      userEvent.click(screen.getByRole('button', { name: 'Add community member' })),
    );
    await userEvent.type(within(dialog).getByLabelText('Username'), 'newcomer');
    // As a browser's number field holds it: typed a key at a time, jsdom drops the "2e" on the way.
    fireEvent.change(within(dialog).getByLabelText('Initial reputation'), { target: { value: '2e2' } });
    expect(within(dialog).getByText('Initial reputation must be a whole number')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});

describe('Adjust reputation', () => {
  async function openAdjust() {
    return openDialog('Adjust reputation', async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Actions for tipster42' }));
      // Carbon positions the menu after measuring it, which jsdom cannot: it stays "hidden" to queries.
      const menu = await screen.findByRole('menu', { hidden: true });
      const items = within(menu).getAllByRole('menuitem', { hidden: true });
      await userEvent.click(items.find((item) => item.textContent === 'Adjust reputation')!);
    });
  }

  it('refuses a change of 0 in the words of the form', async () => {
    renderTab();
    const dialog = await openAdjust();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Confirmed report');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    expect(await within(dialog).findByText('Change must not be 0')).toBeInTheDocument();
  });

  it('says at once that a change beyond the limit cannot be made, and previews no "After" for it', async () => {
    renderTab();
    const dialog = await openAdjust();
    const change = within(dialog).getByLabelText('Change');
    await enter(change, '50');
    expect(previewValue(dialog, 'After')).toHaveTextContent('70');
    await enter(change, '5000');
    expect(within(dialog).getByText('Change must be between -1,000 and 1,000')).toBeInTheDocument();
    expect(previewValue(dialog, 'After')).toHaveTextContent('—');
    expect(previewValue(dialog, 'After')).not.toHaveTextContent('5020');
  });

  it('says at once when a change would take the reputation past its limit', async () => {
    renderTab({ ...TIPSTER, communityMember: { ...TIPSTER.communityMember!, reputation: 999_990 } });
    const dialog = await openAdjust();
    await enter(within(dialog).getByLabelText('Change'), '50');
    expect(
      within(dialog).getByText('Reputation must stay between -1,000,000 and 1,000,000'),
    ).toBeInTheDocument();
    expect(previewValue(dialog, 'After')).toHaveTextContent('—');
  });

  it.each(['2e2', '1e1'])('says at once that a change of "%s" is not a whole number', async (text) => {
    const adjusted = vi.fn(() => json(200, TIPSTER));
    renderApp('/team-members?tab=community', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/originators/community-members': () => page([TIPSTER]),
      'POST /api/originators/community-members/c-1/reputation': adjusted,
    });
    const dialog = await openAdjust();
    // As a browser's number field holds it: typed a key at a time, jsdom drops the "2e" on the way.
    fireEvent.change(within(dialog).getByLabelText('Change'), { target: { value: text } });
    expect(within(dialog).getByText('Change must be a whole number')).toBeInTheDocument();
    expect(previewValue(dialog, 'After')).toHaveTextContent('—');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Confirmed report');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    expect(await within(dialog).findAllByText('Change must be a whole number')).not.toHaveLength(0);
    expect(adjusted).not.toHaveBeenCalled();
  });

  it('refuses a change that is not a whole number', async () => {
    renderTab();
    const dialog = await openAdjust();
    await enter(within(dialog).getByLabelText('Change'), '2.5');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Confirmed report');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    expect(await within(dialog).findByText('Change must be a whole number')).toBeInTheDocument();
    expect(previewValue(dialog, 'After')).toHaveTextContent('—');
  });
});

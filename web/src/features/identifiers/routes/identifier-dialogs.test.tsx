import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { chooseReportedBy, COMMUNITY_MEMBER, communityMembers } from '../../../test/community-members';
import { currentPath, json, makeUser, renderApp } from '../../../test/render-app';
import type { IdentifierDetail } from '../api/identifier-types';
import { EMPTY_DETAIL, findDialog, ITEM, openRowMenu, page, setUpRouteTests } from './identifiers-test-setup';

setUpRouteTests();

describe('identifier dialogs', () => {
  it('asks before deleting and says when deleting failed', async () => {
    renderApp('/identifiers', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/identifiers': () => page([ITEM]),
      'DELETE /api/identifiers/id-1': () =>
        json(500, { error: { code: 'INTERNAL', message: 'Internal server error' } }),
    });
    expect(await openRowMenu('scam@example.org')).toEqual(['View details', 'Edit', 'Delete']);
    await userEvent.click(
      screen.getByText('Delete', { selector: '.cds--overflow-menu-options__option-content' }),
    );
    // The dialogs are loaded when first opened.
    expect(await screen.findByText('Are you sure you want to delete this identifier?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete identifier')).toBeInTheDocument();
  });

  it('a refused delete or validation says "Access Denied" once, with no second failure message', async () => {
    const denied = () =>
      json(403, {
        error: { code: 'FORBIDDEN', message: 'You do not have permission to perform this action.' },
      });
    renderApp('/identifiers', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/identifiers': () => page([ITEM]),
      'GET /api/identifiers/id-1': () => json(200, EMPTY_DETAIL),
      'DELETE /api/identifiers/id-1': denied,
      'POST /api/identifiers/id-1/validate': denied,
    });
    await openRowMenu('scam@example.org');
    await userEvent.click(
      screen.getByText('Delete', { selector: '.cds--overflow-menu-options__option-content' }),
    );
    await screen.findByText('Are you sure you want to delete this identifier?');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText('Are you sure you want to delete this identifier?')).not.toBeInTheDocument(),
    );
    expect(screen.queryByText('Failed to delete identifier')).not.toBeInTheDocument();

    await openRowMenu('scam@example.org');
    await userEvent.click(
      screen.getByText('View details', { selector: '.cds--overflow-menu-options__option-content' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Email Details' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /^Validate/ }));
    await waitFor(() => expect(screen.getAllByText('Access Denied')).toHaveLength(2));
    expect(screen.queryByText('Failed to validate identifier')).not.toBeInTheDocument();
  });

  it('styles Delete in the row menu as a dangerous action, unlike the others', async () => {
    renderApp('/identifiers', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/identifiers': () => page([ITEM]),
    });
    await openRowMenu('scam@example.org');
    const menu = screen.getByRole('menu', { hidden: true });
    const isDanger = (name: string) =>
      within(menu)
        .getAllByRole('menuitem', { hidden: true })
        .find((item) => item.textContent === name)!
        .closest('li')!
        .classList.contains('cds--overflow-menu-options__option--danger');
    expect(isDanger('Delete')).toBe(true);
    expect(isDanger('View details')).toBe(false);
    expect(isDanger('Edit')).toBe(false);
  });

  it('keeps Create New Identifier open on a click outside it, and closes it with Cancel', async () => {
    renderApp('/identifiers', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/identifiers': () => page([ITEM]),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Identifier' }));
    const dialog = await findDialog('Create New Identifier');
    // The backdrop: the element around the dialog that takes the clicks beside it.
    await userEvent.click(dialog.parentElement!);
    expect(screen.getByRole('heading', { name: 'Create New Identifier' })).toBeInTheDocument();
    expect(dialog.parentElement).toHaveClass('is-visible');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Create New Identifier' })).not.toBeInTheDocument(),
    );
  });

  it('offers the existing identifier when the new one is a duplicate', async () => {
    const { router } = renderApp('/identifiers', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/identifiers': () => page([ITEM]),
      'GET /api/identifiers/id-1': () =>
        json(404, { error: { code: 'NOT_FOUND', message: 'Identifier not found' } }),
      'POST /api/identifiers': () =>
        json(409, {
          error: {
            code: 'CONFLICT',
            message: 'An identifier with the same value already exists',
            details: { existingId: 'id-1' },
          },
        }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Identifier' }));
    const dialog = await findDialog('Create New Identifier');
    await userEvent.selectOptions(within(dialog).getByLabelText('Type of identifier'), 'email');
    await userEvent.type(within(dialog).getByLabelText('Email Address'), 'SCAM@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText('An identifier with the same value already exists'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open the existing identifier' }));
    await waitFor(() => expect(currentPath(router)).toBe('/identifiers?open=id-1'));
    // The detail cannot load: the toast says why and the list's copy is shown.
    expect(await screen.findByText('Identifier not found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Email Details' })).toBeInTheDocument();
  });

  it('creates an identifier a community member reported, entered on their behalf', async () => {
    const posted: unknown[] = [];
    renderApp('/identifiers', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/identifiers': () => page([ITEM]),
      'GET /api/originators/community-members': communityMembers,
      'POST /api/identifiers': (init) => {
        posted.push(JSON.parse(String(init.body)));
        return json(201, ITEM);
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Identifier' }));
    const dialog = await findDialog('Create New Identifier');
    await userEvent.selectOptions(within(dialog).getByLabelText('Type of identifier'), 'email');
    await userEvent.type(within(dialog).getByLabelText('Email Address'), 'scam@example.org');
    await chooseReportedBy(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Identifier created')).toBeInTheDocument();
    expect(posted).toEqual([
      {
        type: 'email',
        data: { address: 'scam@example.org' },
        displayValue: 'scam@example.org',
        onBehalfOfOriginatorId: COMMUNITY_MEMBER.id,
      },
    ]);
  });

  it('opens the detail from the URL with every section', async () => {
    const detail: IdentifierDetail = {
      ...EMPTY_DETAIL,
      evidence: [
        { id: 'm1', title: 'Payment receipt', kind: 'screenshot', createdAt: '2026-11-20T12:00:00.000Z' },
      ],
      evidenceCount: 1,
      media: [{ id: 'm1', fileName: 'receipt.png', contentType: 'image/png', sizeBytes: 2048, sha256: null }],
      mediaCount: 1,
      journalEntryCount: 1,
      caseCount: 1,
      journalEntries: [
        {
          id: 'j1',
          type: 'call',
          description: '',
          performedAt: '2026-11-20T12:00:00.000Z',
          createdAt: '2026-11-20T12:00:00.000Z',
          mediaIds: ['m1'],
        },
      ],
      validation: [
        { name: 'email_syntax', label: 'E-mail syntax', outcome: 'pass', detail: 'Well-formed address' },
      ],
      confidenceReasons: ['Recorded by a team member (base 0.80)'],
      validatedAt: '2026-11-20T12:00:00.000Z',
      cases: [{ id: 'c1', title: 'Romance scam', status: 'open' }],
      pivot: {
        caseCount: 1,
        journalEntryCount: 1,
        evidenceCount: 1,
        firstSeenAt: '2026-11-18T12:00:00.000Z',
        lastSeenAt: '2026-11-20T12:00:00.000Z',
        originatorCount: 3,
      },
      enrichment: [{ label: 'Card scheme', value: 'Visa' }],
    };
    renderApp('/identifiers?open=id-1', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/identifiers': () => page([ITEM]),
      'GET /api/identifiers/id-1': () => json(200, detail),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Email Details' });
    await within(dialog).findByText('Last validated', { exact: false });
    for (const section of [
      'Basic Information',
      'Email Information',
      'Seen In',
      'Enrichment',
      'Review',
      'Tags',
      'Validation',
      'Attached Media (1)',
      'Related Journal Entries (1)',
      'Cases (1)',
      'Created By',
    ]) {
      expect(within(dialog).getByRole('heading', { name: section })).toBeInTheDocument();
    }
    expect(within(dialog).getByText('0.90')).toBeInTheDocument();
    expect(within(dialog).getByText('3 distinct sources')).toBeInTheDocument();
    expect(within(dialog).getByText('Visa')).toBeInTheDocument();
    expect(within(dialog).getByText(/^Nov 18, 2026/)).toBeInTheDocument();
    expect(within(dialog).getByText('Untitled Entry')).toBeInTheDocument();
    expect(within(dialog).getByText('Pass')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Romance scam' })).toHaveAttribute('href', '/cases/c1');
    expect(within(dialog).getByRole('link', { name: 'Payment receipt' })).toHaveAttribute(
      'href',
      '/evidence?open=m1',
    );
    expect(within(dialog).getByRole('button', { name: 'Validate again' })).toBeInTheDocument();
  });
});

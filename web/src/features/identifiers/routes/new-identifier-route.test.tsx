import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { chooseReportedBy, COMMUNITY_MEMBER, communityMembers } from '../../../test/community-members';
import { currentPath, json, makeUser, renderApp, UNAUTHENTICATED } from '../../../test/render-app';
import { ITEM, page, setUpRouteTests } from './identifiers-test-setup';

setUpRouteTests();

/** The page with an e-mail address typed in, and the bodies its Create sends. */
async function fillNewEmail(answer: () => Response = () => json(201, ITEM)) {
  const posted: Record<string, unknown>[] = [];
  const view = renderApp('/identifiers/new', {
    'GET /api/auth/me': () => json(200, makeUser('investigator')),
    'GET /api/originators/community-members': communityMembers,
    'POST /api/identifiers': (init) => {
      posted.push(JSON.parse(String(init.body)));
      return answer();
    },
    'GET /api/identifiers': () => page([ITEM]),
    'GET /api/identifiers/id-1': () => json(200, ITEM),
  });
  const form = await screen.findByRole('form', { name: 'Identifier' });
  await userEvent.selectOptions(within(form).getByLabelText('Type of identifier'), 'email');
  await userEvent.type(within(form).getByLabelText('Email Address'), 'scam@example.org');
  return { ...view, form, posted };
}

describe('New Identifier page', () => {
  it('gives an investigator the form', async () => {
    renderApp('/identifiers/new', { 'GET /api/auth/me': () => json(200, makeUser('investigator')) });
    expect(await screen.findByRole('button', { name: 'Create' })).toBeInTheDocument();
  });

  it("reads a number written without a country code in the server's default phone region", async () => {
    renderApp('/identifiers/new', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/identifiers/settings': () =>
        json(200, { defaultPhoneRegion: 'GB', defaultCallingCode: '+44' }),
    });
    const form = await screen.findByRole('form', { name: 'Identifier' });
    // Once the server has said GB, the number is a London one, not +1.
    expect(await within(form).findByText(/read as \+44\.$/)).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Detect from text'), '020 7946 0958');
    await userEvent.click(within(form).getByRole('button', { name: 'Use' }));
    expect(within(form).getByLabelText('Country Code')).toHaveValue('+44');
    expect(within(form).getByLabelText('Phone Number')).toHaveValue('2079460958');
  });

  it("creates the user's own identifier when Reported by is left empty, sending type, data and display value (spec 7)", async () => {
    const { form, posted, router } = await fillNewEmail();
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(currentPath(router)).toBe('/identifiers?open=id-1'));
    expect(posted).toEqual([
      { type: 'email', data: { address: 'scam@example.org' }, displayValue: 'scam@example.org' },
    ]);
  });

  it('records an identifier a community member reported, entered on their behalf', async () => {
    const { form, posted, router } = await fillNewEmail();
    await chooseReportedBy(form);
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(currentPath(router)).toBe('/identifiers?open=id-1'));
    expect(posted).toEqual([
      {
        type: 'email',
        data: { address: 'scam@example.org' },
        displayValue: 'scam@example.org',
        onBehalfOfOriginatorId: COMMUNITY_MEMBER.id,
      },
    ]);
  });

  it("shows the server's refusal of the reporter on the Reported by field", async () => {
    const { form } = await fillNewEmail(() =>
      json(400, {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'onBehalfOfOriginatorId: Originator not found',
          details: { fields: [{ field: 'onBehalfOfOriginatorId', message: 'Originator not found' }] },
        },
      }),
    );
    await chooseReportedBy(form);
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Originator not found')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByRole('combobox', { name: /^Reported by/ })).toHaveFocus());
  });

  it('tells a viewer they cannot create identifiers instead of a form that can only fail', async () => {
    renderApp('/identifiers/new', { 'GET /api/auth/me': () => json(200, makeUser('viewer')) });
    expect(await screen.findByRole('heading', { name: 'You cannot create identifiers' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to identifiers' })).toHaveAttribute('href', '/identifiers');
  });

  it('sends a visitor who is not signed in to sign in, and back here afterwards', async () => {
    const { router } = renderApp('/identifiers/new', {
      'GET /api/auth/me': () => json(401, UNAUTHENTICATED),
    });
    await waitFor(() =>
      expect(currentPath(router)).toBe(`/login?redirect=${encodeURIComponent('/identifiers/new')}`),
    );
  });
});

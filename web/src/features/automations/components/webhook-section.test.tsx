import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entityTagOf } from '@scamtrail/domain/entity-tags';
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '@scamtrail/domain/webhooks';
import { json, makeUser, renderApp } from '../../../test/render-app';
import { AUTOMATION, AUTOMATION_ID } from './automation-test-fixtures';

const SECRET = `whsec_${'A'.repeat(43)}=`;
const URL = 'https://hooks.example.com/scamtrail';

const ENDPOINT: WebhookEndpoint = {
  automationId: AUTOMATION_ID,
  url: URL,
  status: 'disabled',
  disabledReason: 'The receiver answered 410 Gone on 2026-11-29T01:00:00.000Z',
  disabledAt: '2026-11-29T01:00:00.000Z',
  topics: ['cases', 'identifiers'],
  deliveredTopics: ['identifiers'],
  hasSecret: true,
  previousSecretExpiresAt: null,
  waiting: 3,
  failingSince: '2026-11-29T01:00:00.000Z',
  updatedAt: '2026-11-29T01:00:00.000Z',
};

const DELIVERY: WebhookDelivery = {
  id: '44444444-4444-4444-8444-444444444444',
  type: 'identifier.created',
  eventId: '17',
  status: 'failed',
  attempts: 8,
  lastAttemptAt: '2026-11-29T01:00:00.000Z',
  lastStatusCode: 500,
  lastDurationMs: 42,
  lastResponse: 'Internal Server Error',
  nextAttemptAt: null,
  createdAt: '2026-11-28T01:00:00.000Z',
};

const ATTEMPTS: WebhookAttempt[] = [
  {
    id: '55555555-5555-4555-8555-555555555555',
    deliveryId: DELIVERY.id,
    type: 'identifier.created',
    eventId: '17',
    attempt: 9,
    byHand: true,
    startedAt: '2026-11-29T02:00:00.000Z',
    finishedAt: '2026-11-29T02:00:00.042Z',
    outcome: 'failed',
    statusCode: 500,
    durationMs: 42,
    response: 'Internal Server Error',
  },
  {
    id: '66666666-6666-4666-8666-666666666666',
    deliveryId: DELIVERY.id,
    type: 'identifier.created',
    eventId: '17',
    attempt: 8,
    byHand: false,
    startedAt: '2026-11-29T01:00:00.000Z',
    finishedAt: null,
    outcome: 'interrupted',
    statusCode: null,
    durationMs: null,
    response: null,
  },
];

function setup(
  endpoint: WebhookEndpoint,
  deliveries: WebhookDelivery[] | 'fails' = [DELIVERY],
  attempts: WebhookAttempt[] = ATTEMPTS,
  role: 'admin' | 'viewer' = 'admin',
) {
  let state = endpoint;
  const calls: string[] = [];
  const view = renderApp(`/automations/${AUTOMATION_ID}`, {
    'GET /api/auth/me': () => json(200, makeUser(role)),
    [`GET /api/automations/${AUTOMATION_ID}`]: () =>
      json(200, { ...AUTOMATION, webhookUrl: endpoint.url, apiKeys: [] }),
    [`GET /api/automations/${AUTOMATION_ID}/webhook`]: () => json(200, state),
    [`GET /api/automations/${AUTOMATION_ID}/webhook/deliveries`]: () =>
      deliveries === 'fails'
        ? json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'The database is not answering' } })
        : json(200, {
            data: deliveries,
            pagination: { page: 1, pageSize: 10, totalItems: deliveries.length, totalPages: 1 },
          }),
    [`GET /api/automations/${AUTOMATION_ID}/webhook/attempts`]: () =>
      deliveries === 'fails'
        ? json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'The database is not answering' } })
        : json(200, {
            data: attempts,
            pagination: { page: 1, pageSize: 10, totalItems: attempts.length, totalPages: 1 },
          }),
    [`POST /api/automations/${AUTOMATION_ID}/webhook/enable`]: (init) => {
      const ifMatch = new Headers(init.headers).get('If-Match');
      calls.push(`enable from ${ifMatch}`);
      if (ifMatch && ifMatch !== entityTagOf(state.updatedAt)) {
        return json(412, {
          error: {
            code: 'PRECONDITION_FAILED',
            message: 'Someone else changed this webhook since you read it. Nothing was saved.',
            details: { currentETag: entityTagOf(state.updatedAt), current: state },
          },
        });
      }
      state = { ...state, status: 'active', disabledReason: null, disabledAt: null };
      return json(200, state);
    },
    [`POST /api/automations/${AUTOMATION_ID}/webhook/secret`]: () => {
      calls.push('secret');
      return json(200, { secret: SECRET, endpoint: state });
    },
    [`POST /api/automations/${AUTOMATION_ID}/webhook/deliveries/${DELIVERY.id}/resend`]: () => {
      calls.push('resend');
      return json(200, { ...DELIVERY, status: 'pending' });
    },
  });
  /** Someone else's change, unseen by the page until it reads the webhook again. */
  const changeElsewhere = (change: Partial<WebhookEndpoint>) => {
    state = { ...state, ...change };
  };
  return { ...view, calls, changeElsewhere };
}

const section = async () => screen.findByRole('region', { name: 'Webhook' });

afterEach(() => vi.unstubAllGlobals());

describe('the webhook section of an automation', () => {
  it('lists the topics sent now and those not sent, and says in plain words why', async () => {
    setup({ ...ENDPOINT, status: 'active', disabledReason: null, disabledAt: null });
    const region = await section();
    const sent = await within(region).findByRole('list', { name: 'Topics sent now' });
    expect(
      within(sent)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Identifiers']);
    const notSent = within(region).getByRole('list', { name: 'Topics not sent' });
    expect(
      within(notSent)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Cases']);
    expect(region).toHaveTextContent(
      'A topic is sent only if both can read it: a live API key of this automation, and whoever last set ' +
        'the webhook URL (a person, or one of this automation’s keys). Setting the URL again makes it yours. ' +
        'Reading a topic takes ' +
        '“View export streams” and the topic’s own view permissions.',
    );
  });

  it('says none is sent, and why, when no subscribed topic may be read; nothing more when all are sent', async () => {
    const { unmount } = setup({ ...ENDPOINT, deliveredTopics: [] });
    let region = await section();
    expect(await within(region).findByText('None')).toBeVisible();
    expect(within(region).queryByRole('list', { name: 'Topics sent now' })).toBeNull();
    expect(within(region).getByRole('list', { name: 'Topics not sent' })).toHaveTextContent(
      'CasesIdentifiers',
    );
    expect(region).toHaveTextContent('A topic is sent only if both can read it');
    unmount();

    setup({ ...ENDPOINT, deliveredTopics: ENDPOINT.topics });
    region = await section();
    expect(await within(region).findByRole('list', { name: 'Topics sent now' })).toHaveTextContent(
      'CasesIdentifiers',
    );
    expect(within(region).queryByRole('list', { name: 'Topics not sent' })).toBeNull();
    expect(region).not.toHaveTextContent('A topic is sent only if');
  });

  it('says why deliveries stopped, and enabling it again sends them', async () => {
    const user = userEvent.setup();
    const { calls } = setup(ENDPOINT);
    const region = await section();
    expect(await within(region).findByText('Deliveries are stopped.')).toBeVisible();
    expect(region).toHaveTextContent('The receiver answered 410 Gone');
    expect(region).toHaveTextContent('Identifiers');
    // A disabled webhook sends nothing, so nothing is offered to be sent.
    expect(within(region).getByRole('button', { name: 'Send test ping' })).toBeDisabled();
    expect(within(region).queryByRole('button', { name: /Send again/ })).toBeNull();

    await user.click(within(region).getByRole('button', { name: 'Enable webhook' }));
    await waitFor(() => expect(within(region).queryByText('Deliveries are stopped.')).toBeNull());
    // From the version shown: someone who changed the webhook meanwhile is not overruled unseen.
    expect(calls).toEqual([`enable from ${entityTagOf(ENDPOINT.updatedAt)}`]);
    await waitFor(() => expect(within(region).getByRole('button', { name: 'Send test ping' })).toBeEnabled());
    const again = await within(region).findByRole('button', { name: /Send again/ });
    expect(again).toHaveTextContent('Send again identifier.created (event 17)');
    await user.click(again);
    await waitFor(() => expect(calls).toEqual([`enable from ${entityTagOf(ENDPOINT.updatedAt)}`, 'resend']));
  });

  it('refuses to enable from a version someone else has changed since, and shows theirs', async () => {
    const user = userEvent.setup();
    const { calls, changeElsewhere } = setup(ENDPOINT);
    const region = await section();
    await within(region).findByText('Deliveries are stopped.');
    changeElsewhere({ topics: ['evidence'], updatedAt: '2026-11-29T03:00:00.000Z' });
    await user.click(within(region).getByRole('button', { name: 'Enable webhook' }));
    expect(await screen.findByText(/Someone else changed this webhook/)).toBeVisible();
    // Read again: their topics show, and it is still stopped until enabled from that version.
    await waitFor(() => expect(region).toHaveTextContent('Evidence'));
    expect(within(region).getByText('Deliveries are stopped.')).toBeVisible();
    await user.click(within(region).getByRole('button', { name: 'Enable webhook' }));
    await waitFor(() => expect(within(region).queryByText('Deliveries are stopped.')).toBeNull());
    expect(calls).toEqual([
      `enable from ${entityTagOf(ENDPOINT.updatedAt)}`,
      `enable from ${entityTagOf('2026-11-29T03:00:00.000Z')}`,
    ]);
  });

  it('shows a new secret once and gives focus back to the button that asked for it', async () => {
    const user = userEvent.setup();
    setup({ ...ENDPOINT, status: 'active', disabledReason: null, disabledAt: null });
    const region = await section();
    const rotate = await within(region).findByRole('button', { name: 'Rotate secret' });
    await user.click(rotate);
    const heading = await screen.findByRole('heading', { name: 'Webhook signing secret' });
    const dialog = heading.closest<HTMLElement>('[role="dialog"]')!;
    expect(within(dialog).getByRole('textbox', { name: 'Signing secret' })).toHaveTextContent(SECRET);
    await user.click(within(dialog).getByRole('button', { name: 'I have copied the secret' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
    await waitFor(() => expect(rotate).toHaveFocus());
  });

  it('lists every attempt with its number, outcome, status, duration and answer', async () => {
    setup({ ...ENDPOINT, status: 'active', disabledReason: null, disabledAt: null });
    const region = await section();
    const log = await within(region).findByRole('table', { name: 'Delivery log' });
    const rows = within(log).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('identifier.created (event 17)');
    expect(rows[0]).toHaveTextContent('9, sent again by hand');
    expect(rows[0]).toHaveTextContent('Failed');
    expect(rows[0]).toHaveTextContent('HTTP 500');
    expect(rows[0]).toHaveTextContent('42 ms');
    expect(rows[0]).toHaveTextContent('Internal Server Error');
    expect(rows[1]).toHaveTextContent('No answer recorded');
  });

  it('says when the log could not be loaded, and when it is empty', async () => {
    setup({ ...ENDPOINT, status: 'active' }, 'fails');
    const region = await section();
    expect(await within(region).findByText('The deliveries could not be loaded')).toBeVisible();
    expect(await within(region).findByText('The delivery log could not be loaded')).toBeVisible();
    expect(region).toHaveTextContent('The database is not answering');
  });

  it('has an empty state before the first delivery', async () => {
    setup({ ...ENDPOINT, status: 'active' }, [], []);
    expect(await within(await section()).findByText('No deliveries yet')).toBeVisible();
    expect(await within(await section()).findByText('No attempts yet')).toBeVisible();
  });

  it('says a webhook without a URL is not set up, not active', async () => {
    setup({ ...ENDPOINT, status: 'active', url: null, hasSecret: false }, [], []);
    const region = await section();
    expect(await within(region).findByText('No webhook URL.')).toBeVisible();
    const list = within(region).getByLabelText('Webhook');
    expect(within(list).getByText('Not set up')).toBeVisible();
    expect(within(list).queryByText('Active')).toBeNull();
  });

  it('shows the full URL to who may edit automations', async () => {
    setup({ ...ENDPOINT, status: 'active' });
    const region = await section();
    expect(await within(region).findByText(URL)).toBeVisible();
    expect(screen.getByLabelText('Automation details')).toHaveTextContent(URL);
    expect(document.body).not.toHaveTextContent('see the full address');
  });

  it('a viewer reads only the origin the server answers, and is told so', async () => {
    setup({ ...ENDPOINT, status: 'active', url: 'https://hooks.example.com' }, [], [], 'viewer');
    const region = await section();
    const shown = 'https://hooks.example.com/… (only those who may edit automations see the full address)';
    expect(await within(region).findByText(shown)).toBeVisible();
    expect(screen.getByLabelText('Automation details')).toHaveTextContent(shown);
  });
});

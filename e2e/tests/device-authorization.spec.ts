import * as client from 'openid-client';
import { expectNoSeriousViolations } from '../support/axe';
import { createAccount, expect, serverUrl, signIn, test } from '../support/fixtures';

/**
 * Device sign-in (RFC 8628) as an external client does it: openid-client 6 asks for a code and polls,
 * while a person approves or denies it at /auth/device in Chromium.
 */

const CLIENT_ID = 'scamtrail-cli';

/** A client configured from the server's metadata written out by hand (no discovery request). */
function configuredByHand(): client.Configuration {
  const base = serverUrl();
  const config = new client.Configuration(
    {
      issuer: base,
      device_authorization_endpoint: `${base}/api/oauth/device_authorization`,
      token_endpoint: `${base}/api/oauth/token`,
    },
    CLIENT_ID,
    undefined,
    client.None(),
  );
  // The test server is plain http on loopback.
  client.allowInsecureRequests(config);
  return config;
}

test.describe('device authorization', () => {
  test('a command-line client signs in once the user approves in the browser, and its token acts as them', async ({
    page,
  }) => {
    const account = await createAccount('investigator', { firstName: 'Amy', lastName: 'Santiago' });
    const config = configuredByHand();
    const grant = await client.initiateDeviceAuthorization(config, { scope: 'case.view identifier.view' });
    expect(grant.user_code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    expect(grant.verification_uri).toBe(`${serverUrl()}/auth/device`);
    const tokens = client.pollDeviceAuthorizationGrant(config, grant);

    // Not signed in: the page (which needs no sign-in) asks the user to sign in and brings them back,
    // code and all.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(grant.verification_uri_complete!.replace(serverUrl(), ''));
    await expect(page).toHaveTitle(/Device Authorization/);
    await expectNoSeriousViolations(page, '/auth/device (signed out)');
    await page.getByRole('link', { name: 'Sign in to continue' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/auth\/device\?user_code=/);
    await expect(page.getByRole('heading', { name: 'Device Authorization', level: 1 })).toBeVisible();
    // The shell is hidden here.
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Code' })).toHaveValue(grant.user_code);
    await expectNoSeriousViolations(page, '/auth/device (code)');

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Approve this sign-in?' })).toBeVisible();
    const details = page.getByRole('definition');
    await expect(details.filter({ hasText: 'Scamtrail command-line tool (scamtrail-cli)' })).toBeVisible();
    await expect(page.getByText('View cases')).toBeVisible();
    await expect(page.getByText('View identifiers')).toBeVisible();
    await expect(details.filter({ hasText: /127\.0\.0\.1|::1/ })).toBeVisible();
    await expectNoSeriousViolations(page, '/auth/device (review)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('device-review-390.png'), fullPage: true });

    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('heading', { name: 'Device signed in' })).toBeVisible();
    await expect(page.getByText('Scamtrail command-line tool is signed in as you')).toBeVisible();
    await expectNoSeriousViolations(page, '/auth/device (approved)');

    const answer = await tokens;
    expect(answer.token_type.toLowerCase()).toBe('bearer');
    expect(answer.expires_in).toBeGreaterThan(0);
    const me = await page.request.get('/api/auth/me', {
      headers: { authorization: `Bearer ${answer.access_token}` },
    });
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({
      email: account.email,
      permissions: ['case.view', 'identifier.view'],
    });

    // The sign-in is one of the user's sessions, named by its client, and in their security activity.
    await page.goto('/profile');
    const sessions = page.getByRole('region', { name: 'Sessions' });
    await expect(sessions.getByText('Scamtrail command-line tool')).toBeVisible();
    const activity = page.getByRole('region', { name: 'Security activity' });
    await expect(activity.getByRole('row', { name: /Signed in on a device/ })).toContainText(
      'Scamtrail command-line tool',
    );
    await expect(activity.getByRole('cell', { name: 'Device sign-in approved' })).toBeVisible();
  });

  test('a denied sign-in gives the client access_denied; a wrong code is an error', async ({ page }) => {
    const account = await createAccount('viewer');
    await signIn(page, account);
    // This client discovers the server from its RFC 8414 metadata.
    const config = await client.discovery(new URL(serverUrl()), CLIENT_ID, undefined, client.None(), {
      algorithm: 'oauth2',
      execute: [client.allowInsecureRequests],
    });
    const grant = await client.initiateDeviceAuthorization(config, {});
    const tokens = client.pollDeviceAuthorizationGrant(config, grant).then(
      () => 'signed in',
      (error: unknown) => (error as { error?: string }).error,
    );

    await page.goto('/auth/device');
    await page.getByRole('textbox', { name: 'Code' }).fill('BBBB-CCCC');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Wrong or expired code')).toBeVisible();

    await page.getByRole('textbox', { name: 'Code' }).fill(grant.user_code.toLowerCase());
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('All of your permissions')).toBeVisible();
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(page.getByRole('heading', { name: 'Sign-in denied' })).toBeVisible();
    expect(await tokens).toBe('access_denied');
  });
});

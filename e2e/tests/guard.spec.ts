import { createAccount, expect, signIn, test } from '../support/fixtures';

test.describe('navigation guard', () => {
  test('a token an earlier client left in local storage is removed at start (spec 4)', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem('token', 'an old bearer token');
      localStorage.setItem('accessToken', 'another');
      localStorage.setItem('unrelated', 'kept');
    });
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    expect(
      await page.evaluate(() => [
        localStorage.getItem('token'),
        localStorage.getItem('accessToken'),
        localStorage.getItem('unrelated'),
      ]),
    ).toEqual([null, null, 'kept']);
  });

  test('a logged-out visitor is sent to sign in with the full path, and returns there after signing in', async ({
    page,
  }) => {
    const account = await createAccount('investigator');
    await page.goto('/cases?status=open&sort=newest#recent');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect).toBe('/cases?status=open&sort=newest#recent');
    await expect(page).toHaveTitle('Sign In | Scamtrail');

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/cases\?status=open&sort=newest#recent$/);
    await expect(page.getByRole('heading', { name: 'Cases', level: 1 })).toBeVisible();
  });

  test('a failing session probe is asked once: one toast, the sign-in page, no loop of requests', async ({
    page,
  }) => {
    await signIn(page, await createAccount('investigator'));
    // A reverse proxy answering 502 while the API is down.
    let probes = 0;
    await page.route('**/api/**', (route) => {
      if (new URL(route.request().url()).pathname === '/api/auth/me') probes += 1;
      return route.fulfill({ status: 502, body: 'Bad Gateway' });
    });
    await page.goto('/groups');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fgroups$/);
    await expect(page.getByText('Failed to fetch current user')).toBeVisible();
    // A loop would keep the network busy: idle, and it was asked once.
    await page.waitForLoadState('networkidle');
    expect(probes).toBe(1);
    await expect(page.getByText('Failed to fetch current user')).toHaveCount(1);
  });

  test('a wrong password shows the server message, stays on the sign-in page and focuses the password', async ({
    page,
  }) => {
    const account = await createAccount('viewer');
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    // Not on <body>: on the password, which the message describes.
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toBeFocused();
    await expect(password).toHaveAccessibleDescription(/Invalid email or password/);
  });

  test('/ redirects to /cases', async ({ page }) => {
    await signIn(page, await createAccount('viewer'));
    await page.goto('/');
    await expect(page).toHaveURL(/\/cases$/);
    await expect(page).toHaveTitle('Cases | Scamtrail');
  });

  test('a viewer opening /tags gets the 403 page', async ({ page }) => {
    await signIn(page, await createAccount('viewer'));
    await page.goto('/tags');
    await expect(page).toHaveURL(/\/forbidden$/);
    await expect(page).toHaveTitle('403 - Access Denied | Scamtrail');
    await expect(page.getByRole('heading', { name: '403 - Access Denied' })).toBeVisible();
  });

  test('an investigator opening an admin route gets the 403 page', async ({ page }) => {
    await signIn(page, await createAccount('investigator'));
    for (const path of ['/team-members', '/admin', '/export-streams']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/forbidden$/);
    }
  });

  test('an unknown path renders the 404 page without the shell', async ({ page }) => {
    await signIn(page, await createAccount('admin'));
    await page.goto('/no/such/page');
    await expect(page).toHaveTitle('404 - Page Not Found | Scamtrail');
    await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
  });
});

test('a detail page for a record that does not exist says so, with a way back', async ({ page }) => {
  await signIn(page, await createAccount('admin'));
  const missing = '00000000-0000-4000-8000-000000000000';
  for (const [path, heading, back] of [
    [`/groups/${missing}`, 'Group not found', 'Back to groups'],
    [`/automations/${missing}`, 'Automation not found', 'Back to automations'],
    [`/team-members/${missing}`, 'Team member not found', 'Back to team members'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByRole('link', { name: back })).toBeVisible();
  }
});

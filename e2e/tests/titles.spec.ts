import { createAccount, expect, signIn, test } from '../support/fixtures';

/** Every route of spec 2.1 with its title; an admin can open them all. */
const ROUTES: [string, string][] = [
  ['/tags', 'Tags'],
  ['/team-members', 'Team Members'],
  ['/team-members/00000000-0000-4000-8000-000000000000', 'Team Member Detail'],
  ['/admin', 'Admin'],
  ['/identifiers', 'Identifiers'],
  ['/identifiers/new', 'New Identifier'],
  ['/validation', 'Identifier Validation'],
  ['/evidence', 'Evidence'],
  ['/cases', 'Cases'],
  ['/cases/00000000-0000-4000-8000-000000000000', 'Case Detail'],
  ['/profile', 'Profile'],
  ['/search', 'Search'],
  ['/profile-test', 'Profile Test'],
  ['/automations', 'Automations'],
  ['/automations/00000000-0000-4000-8000-000000000000', 'Automation Detail'],
  ['/export-streams', 'Export Streams'],
  ['/groups', 'Groups'],
  ['/groups/00000000-0000-4000-8000-000000000000', 'Group Detail'],
  ['/components', 'Components Showcase'],
  ['/components/originator-badge', 'Originator Badge Demo'],
  ['/tables', 'Data Tables'],
  ['/auth/device', 'Device Authorization'],
  ['/forbidden', '403 - Access Denied'],
  ['/anything-else', '404 - Page Not Found'],
];

test('every route has its title "{route title} | Scamtrail"', async ({ page }) => {
  await signIn(page, await createAccount('admin'));
  for (const [path, title] of ROUTES) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`${title} | Scamtrail`);
  }
});

test('the sign-in and logged-out pages have their titles', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign In | Scamtrail');
  await page.goto('/logout');
  await expect(page).toHaveTitle('Logged Out | Scamtrail');
});

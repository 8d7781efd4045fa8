import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../fixtures/account';

// Google is played by a local OpenID provider (fixtures/oidc.ts): the browser really goes there and back.
test('sign in with Google through the OpenID provider', async ({ page }) => {
  const email = uniqueEmail('google');
  await page.goto('/login');
  await page.getByTestId('google-signin').click();
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  await page.getByTestId('idp-email').fill(email);
  await page.getByTestId('idp-name').fill('Rosalind Franklin');
  await page.getByTestId('idp-submit').click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByTestId('profile-menu')).toContainText('Rosalind Franklin');
  await page.goto('/profile');
  await expect(page.getByTestId('profile-email')).toHaveText(email);
  await expect(page.getByTestId('profile-email-status')).toHaveText('Verified');
});

test('a Google account with an unverified email is refused with a clear message', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('google-signin').click();
  await page.getByTestId('idp-email').fill(uniqueEmail('unverified'));
  await page.getByTestId('idp-verified').uncheck();
  await page.getByTestId('idp-submit').click();
  await expect(page).toHaveURL(/\/signup\?error=google_email_unverified/);
  await expect(page.getByTestId('signup-error')).toContainText('email address is not verified');
});

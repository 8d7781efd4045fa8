import { expect, test } from '@playwright/test';
import { createAccount, password } from '../fixtures/account';
import { linkIn, waitForMail } from '../fixtures/mailbox';
import { appUrl } from '../fixtures/paths';

test('recover and reset the password through the mailed link', async ({ page }) => {
  const { email } = await createAccount();
  const since = Date.now();
  await page.goto('/login');
  await page.getByTestId('to-recover').click();
  await expect(page).toHaveURL(/\/recover-pass$/);
  await page.getByTestId('recover-email').fill(email);
  await page.getByTestId('recover-submit').click();
  await expect(page.getByTestId('recover-sent')).toContainText(email);
  // A second request within a minute is refused by the server.
  await page.getByTestId('recover-submit').click();
  await expect(page.getByTestId('recover-error')).toHaveText('Please wait at least 60 seconds to request a new recovery email link');

  const mail = await waitForMail(email, /reset/i, { since });
  await page.goto(linkIn(mail, `${appUrl}/recover-pass?token=`));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByTestId('reset-password').fill('Brand-new-7');
  await page.getByTestId('reset-confirm').fill('Brand-new-8');
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await page.getByTestId('reset-confirm').fill('Brand-new-7');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-done')).toBeVisible();

  await page.getByTestId('reset-to-login').click();
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toHaveText('Invalid password or email, please try again');
  await page.getByTestId('login-password').fill('Brand-new-7');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
});

test('an unknown reset link shows the invalid-link page', async ({ page }) => {
  await page.goto(`/recover-pass?token=${'Z'.repeat(43)}`);
  await page.getByTestId('reset-password').fill('Brand-new-7');
  await page.getByTestId('reset-confirm').fill('Brand-new-7');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText('Something weird happened')).toBeVisible();
  await expect(page.getByTestId('link-invalid')).toContainText('contact support');
});

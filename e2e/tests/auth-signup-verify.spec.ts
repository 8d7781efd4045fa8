import { expect, test } from '@playwright/test';
import { password, uniqueEmail } from '../fixtures/account';
import { linkIn, waitForMail } from '../fixtures/mailbox';
import { appUrl } from '../fixtures/paths';

test('sign-up, verification link from the SMTP server, then sign-in', async ({ page }) => {
  const email = uniqueEmail('verify');
  const since = Date.now();
  await page.goto('/signup');
  await page.getByTestId('signup-email').fill(email);
  await page.getByTestId('signup-password').fill(password);
  await page.getByTestId('signup-confirm').fill('Secret-999');
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await page.getByTestId('signup-confirm').fill(password);
  await expect(page.getByText('Passwords match')).toBeVisible();
  await page.getByTestId('signup-submit').click();

  // The pending page says where the mail went.
  await expect(page).toHaveURL(/\/verification$/);
  await expect(page.getByRole('heading', { name: 'Account verification pending' })).toBeVisible();
  await expect(page.getByTestId('verification-pending')).toContainText(email);
  // A resend right after sign-up is held back by the 60-second rule.
  await page.getByTestId('verification-resend').click();
  await expect(page.getByText('Please wait at least 60 seconds to request a new verification email')).toBeVisible();

  const mail = await waitForMail(email, /verify/i, { since });
  const link = linkIn(mail, `${appUrl}/verification?token=`);
  await page.goto(link);
  await expect(page.getByTestId('verification-done')).toHaveText('Your email address is verified');

  // The link works once.
  await page.goto(link);
  await expect(page.getByText('Something weird happened')).toBeVisible();
  await expect(page.getByTestId('link-invalid')).toContainText('contact support');

  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByTestId('profile-email')).toHaveText(email);
  await expect(page.getByTestId('profile-email-status')).toHaveText('Verified');
});

test('sign-in errors use the spec messages', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(uniqueEmail('nobody'));
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toHaveText('Invalid email or non-existing account');
  await page.getByTestId('login-email').fill('not-an-email');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('Invalid email, please try again')).toBeVisible();
});

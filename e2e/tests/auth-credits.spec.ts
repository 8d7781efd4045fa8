import { expect, test } from '@playwright/test';
import { createAccount, signIn } from '../fixtures/account';
import { serverRequire } from '../fixtures/serverPackages';

// Until the trials search exists, nothing in the UI spends credits; the test empties them in the
// database, which it can reach only when the e2e server runs on PostgreSQL (E2E_DATABASE_URL).
test.skip(!process.env.E2E_DATABASE_URL, 'needs E2E_DATABASE_URL (the embedded PGlite belongs to the server process)');

test('when the credits run out, the profile says so and offers the upgrade form, without a prompt over the page', async ({ page }) => {
  const { email } = await createAccount();
  await signIn(page, email);
  await expect(page.getByTestId('plan-summary')).toContainText('10 of 10 searches left this period · renews on');

  const pg = serverRequire('pg') as {
    Client: new (options: { connectionString?: string }) => { connect(): Promise<void>; query(sql: string, values: unknown[]): Promise<unknown>; end(): Promise<void> };
  };
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    // Spend the credits the way the trials domain will: the conditional UPDATE of plans/spendSearch.
    for (let i = 0; i < 12; i++) {
      await client.query('update users set searches_left = searches_left - 1 where lower(email) = $1 and searches_left > 0', [email]);
    }
  } finally {
    await client.end();
  }

  await page.goto('/profile');
  await expect(page.getByTestId('profile-plan')).toContainText('Free plan · 0 of 10 searches left this period · renews on');
  await expect(page.getByTestId('profile-out-of-searches')).toBeVisible();
  // the upgrade prompt is for a search that needs a credit: a visit to the profile never opens it
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByTestId('profile-upgrade').click();
  await expect(page.getByTestId('plan-request-form')).toContainText('No payment is taken');
  await expect(page.locator('a[href^="mailto:"]')).toHaveCount(0);
});

import { expect, test } from '@playwright/test';
import { createAccount, signIn } from '../fixtures/account';
import { serverRequire } from '../fixtures/serverPackages';

// Until the trials search exists, nothing in the UI spends credits; the test empties them in the
// database, which it can reach only when the e2e server runs on PostgreSQL (E2E_DATABASE_URL).
test.skip(!process.env.E2E_DATABASE_URL, 'needs E2E_DATABASE_URL (the embedded PGlite belongs to the server process)');

test('when the credits run out, the upgrade / schedule-a-call prompt appears', async ({ page }) => {
  const { email } = await createAccount();
  await signIn(page, email);
  await expect(page.getByTestId('plan-summary')).toContainText('10 searches left');

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
  await expect(page.getByTestId('profile-plan')).toHaveText('Free plan: 0 searches left');
  const prompt = page.getByRole('dialog');
  await expect(prompt).toContainText('You have no searches left');
  await expect(prompt).toContainText('Pro');
  await expect(prompt.getByTestId('upgrade-call')).toHaveAttribute('href', /^mailto:/);
  await prompt.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('profile-out-of-searches')).toBeVisible();
  await page.getByTestId('profile-upgrade').click();
  await expect(page.getByRole('dialog')).toContainText('Schedule a call');
});

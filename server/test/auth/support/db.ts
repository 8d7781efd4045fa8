import type { TestApp } from '../../support/app';

/** Every table the account flows touch, with its rows in a stable order: compared before/after a request. */
const tables = ['users', 'email_tokens', 'mail_cooldowns', 'wallet_nonces', 'user_identities'] as const;

export async function snapshot(t: TestApp): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const table of tables) {
    const rows = await t.app.database.db.selectFrom(table).selectAll().execute();
    result[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return result;
}

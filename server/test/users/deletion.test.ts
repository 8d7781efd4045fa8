import { sql } from 'kysely';
import { startTestApp, signUp, type TestApp } from '../support/app';
import { onUserDeleted } from '../../src/users/deletion';
import { linkTokens } from '../../src/auth/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const db = () => t.app.database.db;
const del = (auth: Record<string, string>) => t.app.inject({ method: 'DELETE', url: '/api/user', headers: auth });

describe('account deletion', () => {
  it('every foreign key to users cascades, so one DELETE removes all a user owns', async () => {
    // Checked on the live schema: a domain that forgets ON DELETE CASCADE fails here.
    const { rows } = await sql<{ table_name: string; delete_rule: string }>`
      select tc.table_name, rc.delete_rule
      from information_schema.referential_constraints rc
      join information_schema.table_constraints tc on tc.constraint_name = rc.constraint_name
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.unique_constraint_name
      where ccu.table_name = 'users'`.execute(db());
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.filter((r) => r.delete_rule !== 'CASCADE')).toEqual([]);
  });

  it('removes the user and their rows, runs cleanups after commit, and ends the session', async () => {
    const { userId, email, auth } = await signUp(t.app);
    const links = linkTokens(db());
    await links.issue(userId, email, 'reset_password');
    await links.claimCooldown(userId, 'reset_password', 60);
    await db().insertInto('user_identities').values({ provider: 'google', subject: `sub-${userId}`, user_id: userId, email }).execute();

    const events: string[] = [];
    const off = onUserDeleted(async ({ userId: id, trx }) => {
      // Inside the transaction the user still exists (a domain reads its file paths here).
      const row = await trx.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
      events.push(`in-transaction:${Boolean(row)}`);
      return async () => {
        const gone = !(await db().selectFrom('users').select('id').where('id', '=', id).executeTakeFirst());
        events.push(`after-commit:${gone}`);
      };
    });
    try {
      const res = await del(auth);
      expect(res.statusCode).toBe(204);
    } finally {
      off();
    }
    expect(events).toEqual(['in-transaction:true', 'after-commit:true']);
    for (const table of ['email_tokens', 'mail_cooldowns', 'user_identities'] as const) {
      const left = await db().selectFrom(table).select('user_id').where('user_id', '=', userId).execute();
      expect(left).toEqual([]);
    }
    expect((await t.app.inject({ url: '/api/user', headers: auth })).statusCode).toBe(401);
    expect((await del(auth)).statusCode).toBe(401);
    // The address is free again.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: 'Again-123' } })).statusCode).toBe(201);
  });

  it('rolls everything back when a hook fails, and runs no cleanup', async () => {
    const { userId, auth } = await signUp(t.app);
    let cleaned = false;
    const offOk = onUserDeleted(async () => async () => {
      cleaned = true;
    });
    const offFail = onUserDeleted(async () => {
      throw new Error('storage unreachable');
    });
    try {
      const res = await del(auth);
      expect(res.statusCode).toBe(500);
      expect(res.json().error.code).toBe('internal');
    } finally {
      offOk();
      offFail();
    }
    expect(cleaned).toBe(false);
    expect(await db().selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()).toEqual({ id: userId });
  });

  it('keeps the shared demo account', async () => {
    const { userId, auth } = await signUp(t.app);
    await db().updateTable('users').set({ is_demo: true }).where('id', '=', userId).execute();
    const res = await del(auth);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('demo_account_locked');
    expect(await db().selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()).toBeDefined();
  });
});

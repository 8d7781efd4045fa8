import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, UsersTable } from '../db/schema';
import { creditsLeft, periodStart, renewsAt } from '../plans/period';

/** A user with the plan's name and the credits now (plans/period.ts: `credits_left` counts a period that is over as renewed). */
export type UserRow = Selectable<UsersTable> & { plan_name: string; searches_per_period: number; credits_left: number; credits_period_start: Date | string; renews_at: Date | string };

/** Users table access. Every query names the user it is about. */
export function usersStorage(db: Kysely<Database>) {
  const withPlan = () =>
    db
      .selectFrom('users')
      .innerJoin('plans', 'plans.id', 'users.plan_id')
      .selectAll('users')
      .select(['plans.name as plan_name', 'plans.searches_per_period', creditsLeft.as('credits_left'), periodStart.as('credits_period_start'), renewsAt.as('renews_at')]);
  return {
    byId: (id: string) => withPlan().where('users.id', '=', id).executeTakeFirst() as Promise<UserRow | undefined>,
    byEmail: (email: string) =>
      withPlan().where((eb) => eb(eb.fn('lower', ['users.email']), '=', email.toLowerCase())).executeTakeFirst() as Promise<UserRow | undefined>,
    byWallet: (address: string) =>
      withPlan().where((eb) => eb(eb.fn('lower', ['users.wallet_address']), '=', address.toLowerCase())).executeTakeFirst() as Promise<UserRow | undefined>,
    async create(values: {
      email: string | null;
      passwordHash: string | null;
      nickname?: string | null;
      language?: string;
      isDemo?: boolean;
      emailVerified?: boolean;
      walletAddress?: string | null;
      firstName?: string | null;
      lastName?: string | null;
    }) {
      const row = await db
        .insertInto('users')
        .values({
          email: values.email,
          password_hash: values.passwordHash,
          wallet_address: values.walletAddress ?? null,
          first_name: values.firstName ?? null,
          last_name: values.lastName ?? null,
          nickname: values.nickname ?? null,
          language: values.language ?? 'en-US',
          is_demo: values.isDemo ?? false,
          email_verified: values.emailVerified ?? false,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    update: (id: string, values: Updateable<UsersTable>) =>
      db.updateTable('users').set({ ...values, updated_at: new Date().toISOString() }).where('id', '=', id).executeTakeFirst(),
  };
}
export type UsersStorage = ReturnType<typeof usersStorage>;

import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { creditsLeft, periodStart, renewsAt } from './period';

export type CreditsRow = { searches_left: number; searches_per_period: number; period_start: Date | string; renews_at: Date | string };

/** Plans, the per-user search credits (with their ledger) and plan requests. */
export function plansStorage(db: Kysely<Database>) {
  return {
    list: () => db.selectFrom('plans').select(['id', 'name', 'searches_per_period', 'period_months']).orderBy('sort_order').execute(),
    byId: (id: string) => db.selectFrom('plans').select(['id', 'name']).where('id', '=', id).executeTakeFirst(),

    /** A user's credits now (plans/period.ts); undefined for an unknown user. */
    credits: (userId: string) =>
      db
        .selectFrom('users')
        .innerJoin('plans', 'plans.id', 'users.plan_id')
        .select([creditsLeft.as('searches_left'), 'plans.searches_per_period', periodStart.as('period_start'), renewsAt.as('renews_at')])
        .where('users.id', '=', userId)
        .executeTakeFirst() as Promise<CreditsRow | undefined>,

    /**
     * Takes one credit if there is one, renewing a period that is over in the same statement, and records
     * it in the ledger for the folder (null: a search without one). One conditional UPDATE ... WHERE left > 0
     * RETURNING, so the database serialises concurrent spends on the row and never lets the count go below
     * zero; the ledger row is written by the same statement, so it exists exactly when the credit was taken.
     */
    async spendOne(userId: string, patientId: string | null = null): Promise<number | null> {
      const { rows } = await sql<{ searches_left: number }>`
        with spent as (
          update users set searches_left = ${creditsLeft} - 1, period_start = ${periodStart}
          from plans
          where plans.id = users.plan_id and users.id = ${userId} and ${creditsLeft} > 0
          returning users.id, users.searches_left
        ), taken as (
          insert into search_credits (user_id, patient_id) select id, ${patientId}::text from spent
        )
        select searches_left from spent`.execute(db);
      return rows[0] ? rows[0].searches_left : null;
    },

    /** Credits each folder's searches took in the user's current period (the figure a folder card shows). */
    async creditsUsedByFolder(userId: string, patientIds: string[]): Promise<Map<string, number>> {
      if (!patientIds.length) return new Map();
      const rows = await db
        .selectFrom('search_credits')
        .innerJoin('users', 'users.id', 'search_credits.user_id')
        .innerJoin('plans', 'plans.id', 'users.plan_id')
        .select(['search_credits.patient_id', sql<number>`count(*)::int`.as('n')])
        .where('search_credits.user_id', '=', userId)
        .where('search_credits.patient_id', 'in', patientIds)
        .where('search_credits.taken_at', '>=', periodStart)
        .groupBy('search_credits.patient_id')
        .execute();
      return new Map(rows.map((r) => [r.patient_id as string, Number(r.n)]));
    },

    /** Forgets the credits a user's searches took since `since` (the demo workspace gives its own back). */
    forgetCreditsSince: (userId: string, since: Date) => db.deleteFrom('search_credits').where('user_id', '=', userId).where('taken_at', '>=', since).execute(),

    createRequest: (userId: string, values: { kind: 'upgrade' | 'call'; planId: string | null; phone: string | null; message: string | null }) =>
      db
        .insertInto('plan_requests')
        .values({ user_id: userId, kind: values.kind, plan_id: values.planId, phone: values.phone, message: values.message })
        .returning('id')
        .executeTakeFirstOrThrow(),

    /** A user's requests, newest first, with the plan's name. */
    listRequests: (userId: string, limit = 20) =>
      db
        .selectFrom('plan_requests')
        .leftJoin('plans', 'plans.id', 'plan_requests.plan_id')
        .select(['plan_requests.id', 'kind', 'plan_id', 'plans.name as plan_name', 'phone', 'message', 'state', 'created_at', 'updated_at'])
        .where('plan_requests.user_id', '=', userId)
        .orderBy('plan_requests.created_at', 'desc')
        .limit(limit)
        .execute(),
  };
}
export type PlansStorage = ReturnType<typeof plansStorage>;

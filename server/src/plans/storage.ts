import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Plans and the per-user search credits. */
export function plansStorage(db: Kysely<Database>) {
  return {
    list: () => db.selectFrom('plans').select(['id', 'name', 'searches_per_period']).orderBy('sort_order').execute(),
    /**
     * Takes one credit if there is one: a single conditional UPDATE ... WHERE searches_left > 0 RETURNING,
     * so the database serialises concurrent spends on the row and never lets the count go below zero.
     */
    async spendOne(userId: string): Promise<number | null> {
      const row = await db
        .updateTable('users')
        .set({ searches_left: sql<number>`searches_left - 1` })
        .where('id', '=', userId)
        .where('searches_left', '>', 0)
        .returning('searches_left')
        .executeTakeFirst();
      return row ? row.searches_left : null;
    },
  };
}
export type PlansStorage = ReturnType<typeof plansStorage>;

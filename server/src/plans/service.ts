import type { Kysely } from 'kysely';
import type { Plan } from '@oncodesk/shared/contracts';
import type { Database } from '../db/schema';
import { AppError } from '../http/errors';
import { plansStorage } from './storage';

/**
 * Spends one search credit of a user: resolves to the credits left, or throws 402 `no_searches_left`
 * (the frontends then show the upgrade prompt). Exactly one of two concurrent calls with one credit left
 * succeeds. For the trials domain: call it before running a search, e.g.
 * `const left = await spendSearch(db, request.userId)`, and emit plan:searches-changed/v1 client-side.
 */
export async function spendSearch(db: Kysely<Database>, userId: string): Promise<{ searchesLeft: number }> {
  const left = await plansStorage(db).spendOne(userId);
  if (left === null) throw new AppError(402, 'no_searches_left');
  return { searchesLeft: left };
}

export function plansService(db: Kysely<Database>) {
  const storage = plansStorage(db);
  return {
    async list(): Promise<Plan[]> {
      return (await storage.list()).map((p) => ({ id: p.id, name: p.name, searchesPerPeriod: p.searches_per_period }));
    },
    spendSearch: (userId: string) => spendSearch(db, userId),
  };
}
export type PlansService = ReturnType<typeof plansService>;

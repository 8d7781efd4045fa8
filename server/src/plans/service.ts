import type { Kysely } from 'kysely';
import type { CreatePlanRequest, Credits, Plan, PlanRequest } from '@oncodesk/shared/contracts';
import type { Database } from '../db/schema';
import { AppError, badRequest } from '../http/errors';
import { isoOf } from './period';
import { plansStorage, type CreditsRow } from './storage';

/** The API's view of a credits row (plans/period.ts computed it). */
export const toCredits = (row: CreditsRow): Credits => ({
  searchesLeft: row.searches_left,
  searchesPerPeriod: row.searches_per_period,
  periodStart: isoOf(row.period_start),
  renewsAt: isoOf(row.renews_at),
});

/** A user's credits now. */
export async function creditsOf(db: Kysely<Database>, userId: string): Promise<Credits> {
  const row = await plansStorage(db).credits(userId);
  if (!row) throw new AppError(401, 'unauthorized');
  return toCredits(row);
}

/**
 * Spends one search credit of a user: resolves to the credits left, or throws 402 `no_searches_left`
 * (the frontends then show the upgrade prompt). Exactly one of two concurrent calls with one credit left
 * succeeds. For the trials domain: call it before running a search, e.g.
 * `const left = await spendSearch(db, request.userId)`, and emit plan:searches-changed/v1 client-side.
 */
export async function spendSearch(db: Kysely<Database>, userId: string, patientId: string | null = null): Promise<{ searchesLeft: number }> {
  const left = await plansStorage(db).spendOne(userId, patientId);
  if (left === null) throw new AppError(402, 'no_searches_left');
  return { searchesLeft: left };
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof plansStorage>['listRequests']>>[number];
const toRequest = (r: RequestRow): PlanRequest => ({
  id: r.id,
  kind: r.kind,
  planId: r.plan_id,
  planName: r.plan_name,
  phone: r.phone,
  message: r.message,
  state: r.state,
  createdAt: isoOf(r.created_at),
  updatedAt: isoOf(r.updated_at),
});

export function plansService(db: Kysely<Database>) {
  const storage = plansStorage(db);
  return {
    async list(): Promise<Plan[]> {
      return (await storage.list()).map((p) => ({ id: p.id, name: p.name, searchesPerPeriod: p.searches_per_period, periodMonths: p.period_months }));
    },
    spendSearch: (userId: string) => spendSearch(db, userId),
    credits: (userId: string) => creditsOf(db, userId),
    /**
     * Stores an upgrade or call request for the team (beta: a plan change is applied by the team, no
     * payment is taken). An upgrade names a plan that exists and is not the user's own.
     */
    async request(userId: string, body: CreatePlanRequest): Promise<PlanRequest> {
      let planId: string | null = null;
      if (body.kind === 'upgrade' && body.planId) {
        const plan = await storage.byId(body.planId);
        if (!plan) throw badRequest('plan_unknown', [{ path: 'planId', code: 'plan_unknown' }]);
        const user = await db.selectFrom('users').select('plan_id').where('id', '=', userId).executeTakeFirstOrThrow();
        if (user.plan_id === plan.id) throw badRequest('plan_already_current', [{ path: 'planId', code: 'plan_already_current' }]);
        planId = plan.id;
      }
      const { id } = await storage.createRequest(userId, { kind: body.kind, planId, phone: body.phone || null, message: body.message || null });
      const created = (await storage.listRequests(userId)).find((r) => r.id === id);
      return toRequest(created!);
    },
    requests: async (userId: string): Promise<PlanRequest[]> => (await storage.listRequests(userId)).map(toRequest),
  };
}
export type PlansService = ReturnType<typeof plansService>;

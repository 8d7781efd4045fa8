import type { Generated } from 'kysely';

/** The plans domain's tables of migration 1040, merged into Database (db/schema.ts). */
export interface PlanTables {
  /** One row per search credit taken; `patient_id` null for a search without a folder. */
  search_credits: {
    id: Generated<string>;
    user_id: string;
    patient_id: string | null;
    taken_at: Generated<Date>;
  };
  /** Plan changes and calls asked for from the upgrade form (beta: no payment). */
  plan_requests: {
    id: Generated<string>;
    user_id: string;
    kind: 'upgrade' | 'call';
    plan_id: string | null;
    phone: string | null;
    message: string | null;
    state: Generated<'received' | 'contacted' | 'applied' | 'declined'>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
}

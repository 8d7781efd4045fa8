import { z } from 'zod';
import { safeText } from './text';

/** A subscription plan, its search allowance per period and how many months a period lasts. */
export const Plan = z.object({ id: z.string(), name: z.string(), searchesPerPeriod: z.number().int(), periodMonths: z.number().int() });
export type Plan = z.infer<typeof Plan>;

export const PlansResponse = z.object({ plans: z.array(Plan) });
export type PlansResponse = z.infer<typeof PlansResponse>;

/**
 * A user's search credits in the current period, as the server counts them: `renewsAt` is when the plan's
 * allowance comes back in full (00:00 UTC on the first day of the next period), ISO 8601.
 */
export const Credits = z.object({
  searchesLeft: z.number().int(),
  searchesPerPeriod: z.number().int(),
  periodStart: z.string(),
  renewsAt: z.string(),
});
export type Credits = z.infer<typeof Credits>;

/** What an upgrade request asks for: another plan, or a call with the team. */
export const PlanRequestKind = z.enum(['upgrade', 'call']);
export type PlanRequestKind = z.infer<typeof PlanRequestKind>;
/** Where the team is with a request (beta: a plan change is applied by the team, no payment is taken). */
export const PlanRequestState = z.enum(['received', 'contacted', 'applied', 'declined']);
export type PlanRequestState = z.infer<typeof PlanRequestState>;

/** A phone number as people write it: digits, spaces, +, -, dots, parentheses. */
const Phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ().-]{6,30}$/, { error: 'phone_invalid' });

/** POST /plans/requests: an upgrade names the plan; a call may give a phone number. */
export const CreatePlanRequest = z
  .object({
    kind: PlanRequestKind,
    planId: z.string().trim().min(1).max(40).optional(),
    phone: Phone.optional(),
    message: safeText(1000).optional(),
  })
  .refine((b) => b.kind !== 'upgrade' || !!b.planId, { error: 'required', path: ['planId'] });
export type CreatePlanRequest = z.input<typeof CreatePlanRequest>;

export const PlanRequest = z.object({
  id: z.string(),
  kind: PlanRequestKind,
  planId: z.string().nullable(),
  planName: z.string().nullable(),
  phone: z.string().nullable(),
  message: z.string().nullable(),
  state: PlanRequestState,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlanRequest = z.infer<typeof PlanRequest>;

/** GET /plans/requests: the signed-in user's requests, newest first. */
export const PlanRequestsResponse = z.object({ requests: z.array(PlanRequest) });
export type PlanRequestsResponse = z.infer<typeof PlanRequestsResponse>;

import { z } from 'zod';

/** A subscription plan and its search allowance per period. */
export const Plan = z.object({ id: z.string(), name: z.string(), searchesPerPeriod: z.number().int() });
export type Plan = z.infer<typeof Plan>;

export const PlansResponse = z.object({ plans: z.array(Plan) });
export type PlansResponse = z.infer<typeof PlansResponse>;

/** Where the upgrade prompt sends people who want more searches (a call with the team). */
export const SALES_CONTACT = 'mailto:sales@oncodesk.example?subject=OncoDesk%20plan%20upgrade';

import { sql, type RawBuilder } from 'kysely';

/**
 * The credit period, defined once in SQL over a query that has `users` and `plans` (joined on the plan):
 * a period starts at 00:00 UTC on the first of a month and lasts the plan's `period_months`. A period that
 * is over counts as renewed — the plan's full allowance, a new period from this month — whether or not a
 * spend has written the renewal yet, so every read and the spend that writes it agree. Renewing on a
 * read needs no scheduled job.
 */
const thisMonthStart = sql<Date>`(date_trunc('month', now() at time zone 'UTC') at time zone 'UTC')`;
const periodOver = sql<boolean>`(now() >= users.period_start + make_interval(months => plans.period_months))`;

/** Credits left now. */
export const creditsLeft: RawBuilder<number> = sql<number>`(case when ${periodOver} then plans.searches_per_period else users.searches_left end)`;
/** Start of the period now. */
export const periodStart: RawBuilder<Date> = sql<Date>`(case when ${periodOver} then ${thisMonthStart} else users.period_start end)`;
/** When the allowance comes back in full. */
export const renewsAt: RawBuilder<Date> = sql<Date>`(${periodStart} + make_interval(months => plans.period_months))`;

/** A timestamp column as ISO 8601 (drivers give a Date, PGlite and pg alike; text is parsed). */
export const isoOf = (value: Date | string): string => new Date(value).toISOString();

import { sql, type Kysely } from 'kysely';

/**
 * Expand step that repairs 0981: 0981 replaced rate_limit_claim's thirteen-argument signature (0980) by the
 * fourteen-argument one, so instances of the release before it, still running during a rolling upgrade,
 * failed every sign-in once the first upgraded instance had migrated. The thirteen-argument signature is
 * back as a call to the current one with nothing to forget (that release resets counters by statements of
 * its own). It may be dropped by a contract step once no supported release calls it (README, "Upgrades
 * without downtime").
 */
export const phase = 'expand';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function rate_limit_claim(
      window_key text, window_max integer, window_seconds double precision,
      key1 text, free1 integer, cap1 integer, keep1 double precision,
      key2 text, free2 integer, cap2 integer, keep2 double precision,
      base_ms double precision, max_ms double precision)
    returns table (counted_key text, counted integer, ttl_ms double precision)
    language sql as $$
      select * from rate_limit_claim(window_key, window_max, window_seconds, key1, free1, cap1, keep1,
        key2, free2, cap2, keep2, base_ms, max_ms, null::text[])
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function rate_limit_claim(text, integer, double precision, text, integer, integer, double precision, text, integer, integer, double precision, double precision, double precision)`.execute(db);
}

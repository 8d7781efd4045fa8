import { sql, type Kysely } from 'kysely';

/**
 * Sign-in attempts counted in one cheap statement (auth/throttleStore.ts, claim), after measuring 0950's
 * first version against the sign-in benchmark: on PGlite every statement costs the server about a
 * millisecond of CPU, so an attempt is now counted once, window and failure counters together, by a
 * PL/pgSQL function (the database keeps its plan; sending the statement as text each time cost twice as much).
 *
 * - UNLOGGED: counters are written on every credential request; writing them to the WAL as well costs
 *   throughput. The price: a database crash (not a clean restart) or a failover to a replica forgets them,
 *   and every limit starts over.
 * - `previous_at`: the attempt before the last, so an attempt one counter refuses is given back exactly
 *   on the others.
 * - rate_limit_claim: the request's fixed window (always counted; its expiry stays put until it has
 *   passed) and one or two consecutive-failure counters (counted only if the window was not full and the
 *   counter accepts the attempt now: below its cap, and its delay since the last attempt over).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rate_limits set unlogged`.execute(db);
  await db.schema.alterTable('rate_limits').addColumn('previous_at', 'timestamptz').execute();
  await sql`
    create function rate_limit_claim(
      window_key text, window_max integer, window_seconds double precision,
      key1 text, free1 integer, cap1 integer, keep1 double precision,
      key2 text, free2 integer, cap2 integer, keep2 double precision,
      base_ms double precision, max_ms double precision)
    returns table (counted_key text, counted integer, ttl_ms double precision)
    language plpgsql as $$
    #variable_conflict use_column
    begin
      return query
      insert into rate_limits as r (key, count, updated_at, expires_at)
      select v.key, 1, now(), now() + make_interval(secs => v.keep)
      from (values (window_key, window_seconds), (key1, keep1), (key2, keep2)) as v (key, keep)
      where v.key is not null
        and (v.key = window_key or not exists (
          select 1 from rate_limits w where w.key = window_key and w.expires_at > now() and w.count >= window_max))
      on conflict (key) do update set
        count = case when r.expires_at <= now() then 1 else r.count + 1 end,
        previous_at = r.updated_at,
        updated_at = now(),
        expires_at = case when r.key = window_key and r.expires_at > now() then r.expires_at else excluded.expires_at end
      where r.key = window_key or r.expires_at <= now() or not (
        r.count >= (case when r.key = key1 then cap1 else cap2 end)
        or (r.count >= (case when r.key = key1 then free1 else free2 end)
          and least(max_ms, base_ms * power(2::float8, least(r.count - (case when r.key = key1 then free1 else free2 end), 40)))
            > (extract(epoch from now() - r.updated_at) * 1000)::float8))
      returning r.key, r.count, (extract(epoch from r.expires_at - now()) * 1000)::float8;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function rate_limit_claim`.execute(db);
  await db.schema.alterTable('rate_limits').dropColumn('previous_at').execute();
  await sql`alter table rate_limits set logged`.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * rate_limit_claim, second version (auth/throttleStore.ts, claim), after measuring the first under the
 * sign-in benchmark's concurrency on PGlite, which has no autovacuum:
 *
 * - `forget_keys`: counters reset by sign-ins that succeeded since this instance's last claim (their count
 *   back to 0) before this attempt is counted, so a success costs no statement of its own.
 * - A counter's expiry moves only once less than half its keep is left, so counting an attempt changes no
 *   indexed column: the update stays HOT (no new index entries, the page prunes itself) and the table does
 *   not bloat between vacuums. Failures are so remembered for between half their keep and all of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop function rate_limit_claim(text, integer, double precision, text, integer, integer, double precision, text, integer, integer, double precision, double precision, double precision)`.execute(db);
  await sql`
    create function rate_limit_claim(
      window_key text, window_max integer, window_seconds double precision,
      key1 text, free1 integer, cap1 integer, keep1 double precision,
      key2 text, free2 integer, cap2 integer, keep2 double precision,
      base_ms double precision, max_ms double precision, forget_keys text[])
    returns table (counted_key text, counted integer, ttl_ms double precision)
    language plpgsql as $$
    #variable_conflict use_column
    begin
      if forget_keys is not null then
        update rate_limits set count = 0 where key = any (forget_keys) and count <> 0;
      end if;
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
        expires_at = case
          when r.key = window_key and r.expires_at > now() then r.expires_at
          when r.key is distinct from window_key and r.expires_at > now() + (excluded.expires_at - now()) / 2 then r.expires_at
          else excluded.expires_at end
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
  await sql`drop function rate_limit_claim(text, integer, double precision, text, integer, integer, double precision, text, integer, integer, double precision, double precision, double precision, text[])`.execute(db);
}

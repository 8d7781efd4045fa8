import crypto from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';

/**
 * The counters behind every rate limit and sign-in delay, in the `rate_limits` table (migration 0950),
 * so that they hold whichever of several server instances on one database answers. Each count is one
 * statement (INSERT ... ON CONFLICT DO UPDATE ... RETURNING) that the database runs atomically, on
 * PGlite and PostgreSQL alike; times are the database's `now()`, so the instances' clocks do not matter.
 *
 * Hand-written because no maintained library keeps limits in PostgreSQL for Fastify (the
 * @fastify/rate-limit stores are memory and Redis; its README shows SQL stores only as examples); the
 * windows plug into @fastify/rate-limit through its `store` option (auth/rateLimit.ts).
 */
export interface LimitStore {
  /** Counts one request in a fixed window: the count including this one, and ms until the window ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  /** The same without counting. */
  peek(key: string): Promise<{ count: number; ttlMs: number }>;
  /**
   * Counts an attempt on every counter at once, unless one of them refuses it now: one waiting out its
   * delay (`retryAfterMs`: the longest wait), or one at its cap (`locked`). Nothing is counted then.
   */
  claim(counters: ThrottleCounter[]): Promise<Claim>;
  /** Deletes counters (a success resets its failures). */
  forget(keys: string[]): Promise<void>;
  /** Deletes expired rows, at most `batch`; returns how many. Also runs by itself now and then as counters are written. */
  sweep(batch?: number): Promise<number>;
  /** Resolves when no sweep started by a write is still running (on close). */
  settled(): Promise<void>;
}

/** A consecutive-failure counter: `free` attempts pass at once, then each waits twice as long as the one before, up to a cap. */
export interface ThrottleCounter {
  key: string;
  /** Attempts counted before the first delay. */
  free: number;
  /** Attempts counted after which the counter refuses everything until it is forgotten or expires. */
  cap: number;
  /** How long the counter is remembered after its last attempt. */
  keepSeconds: number;
}

export type Claim = { ok: true } | { ok: false; locked: true } | { ok: false; locked: false; retryAfterMs: number };

export interface LimitStoreOptions {
  /** Delay after the first attempt past `free` (doubles with each further one). */
  baseDelayMs?: number;
  /** Longest delay between two attempts. */
  maxDelayMs?: number;
  /** Chance that a write also deletes a batch of expired rows (default 1/50). */
  sweepChance?: number;
  /** Rows a sweep deletes at most. */
  sweepBatch?: number;
  log?: FastifyBaseLogger;
}

type Sql = RawBuilder<unknown> | ReturnType<typeof sql.ref>;

/** A short, fixed-length stand-in for a counter's subject (address, email): keys hold no personal data in clear. */
export const hashSubject = (value: string) => crypto.createHash('sha256').update(value).digest('base64url').slice(0, 22);

/** The cap of a counter that has none. */
export const NO_CAP = 2_147_483_647;

export function limitStore(db: Kysely<Database>, options: LimitStoreOptions = {}): LimitStore {
  const baseDelayMs = options.baseDelayMs ?? 1000;
  const maxDelayMs = options.maxDelayMs ?? 15 * 60_000;
  const sweepChance = options.sweepChance ?? 1 / 50;
  const sweepBatch = options.sweepBatch ?? 500;
  let sweeping: Promise<unknown> | null = null;

  async function sweep(batch = sweepBatch): Promise<number> {
    // SKIP LOCKED: instances sweeping at the same time take different rows instead of waiting on each other
    const result = await sql`
      delete from rate_limits where key in (
        select key from rate_limits where expires_at <= now() order by expires_at limit ${batch} for update skip locked
      )`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** Expired rows go in small batches as a side effect of writes: cleanup costs nothing when nothing is written. */
  function maybeSweep(): void {
    if (sweeping || Math.random() >= sweepChance) return;
    sweeping = sweep()
      .catch((error) => options.log?.warn({ err: error }, 'expired rate-limit rows not deleted'))
      .finally(() => {
        sweeping = null;
      });
  }

  // ms the counter's next attempt must still wait: 0 before `free`, then base * 2^(count - free), at most max
  const delayMs = (count: Sql, free: Sql) =>
    sql`least(${maxDelayMs}::float8, ${baseDelayMs}::float8 * power(2::float8, least(${count} - ${free}, 40)))`;

  return {
    async hit(key, windowMs) {
      const { rows } = await sql<{ count: number; ttl_ms: number }>`
        insert into rate_limits as r (key, count, updated_at, expires_at)
        values (${key}, 1, now(), now() + make_interval(secs => ${windowMs / 1000}::float8))
        on conflict (key) do update set
          count = case when r.expires_at <= now() then 1 else r.count + 1 end,
          expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end,
          updated_at = now()
        returning r.count, (extract(epoch from r.expires_at - now()) * 1000)::float8 as ttl_ms`.execute(db);
      maybeSweep();
      return { count: rows[0].count, ttlMs: Math.max(0, rows[0].ttl_ms) };
    },

    async peek(key) {
      const { rows } = await sql<{ count: number; ttl_ms: number }>`
        select count, (extract(epoch from expires_at - now()) * 1000)::float8 as ttl_ms
        from rate_limits where key = ${key} and expires_at > now()`.execute(db);
      return rows[0] ? { count: rows[0].count, ttlMs: rows[0].ttl_ms } : { count: 0, ttlMs: 0 };
    },

    async claim(counters) {
      const spec = sql.join(counters.map((c) => sql`(${c.key}::text, ${c.free}::int, ${c.cap}::int, ${c.keepSeconds}::float8)`));
      const byKey = (pick: (c: ThrottleCounter) => number) => sql`(case r.key ${sql.join(counters.map((c) => sql`when ${c.key} then ${pick(c)}::int`), sql` `)} end)`;
      // Whether a counter refuses the next attempt now: at its cap, or still within its delay.
      const refuses = (row: string, free: Sql, cap: Sql) => {
        const [count, elapsedMs] = [sql.ref(`${row}.count`), sql`(extract(epoch from now() - ${sql.ref(`${row}.updated_at`)}) * 1000)::float8`];
        return sql`(${count} >= ${cap} or (${count} >= ${free} and ${delayMs(count, free)} > ${elapsedMs}))`;
      };
      const waitMs = sql`case when c.count >= s.cap then -1::float8 else ${delayMs(sql`c.count`, sql`s.free`)} - (extract(epoch from now() - c.updated_at) * 1000)::float8 end`;
      // One statement: lock the counters that exist (FOR UPDATE: a concurrent attempt waits, then sees
      // this one counted), find any that refuses, and count the attempt on all of them only if none does.
      // A counter another attempt created after this statement began is not locked; the ON CONFLICT
      // condition checks it again on its latest version.
      const { rows } = await sql<{ key: string; wait_ms: number | null }>`
        with spec (key, free, cap, keep) as (values ${spec}),
        cur as (
          select r.key, r.count, r.updated_at from rate_limits r join spec s on s.key = r.key
          where r.expires_at > now()
          for update of r
        ),
        blocked as (
          select c.key, ${waitMs} as wait_ms from cur c join spec s on s.key = c.key
          where ${refuses('c', sql`s.free`, sql`s.cap`)}
        ),
        counted as (
          insert into rate_limits as r (key, count, updated_at, expires_at)
          select s.key, 1, now(), now() + make_interval(secs => s.keep) from spec s
          where not exists (select 1 from blocked)
          on conflict (key) do update set
            count = case when r.expires_at <= now() then 1 else r.count + 1 end,
            updated_at = now(),
            expires_at = excluded.expires_at
          where r.expires_at <= now() or not ${refuses('r', byKey((c) => c.free), byKey((c) => c.cap))}
          returning r.key
        )
        select key, wait_ms from blocked
        union all
        select key, null::float8 from counted`.execute(db);
      maybeSweep();
      const refusals = rows.filter((r) => r.wait_ms !== null) as { key: string; wait_ms: number }[];
      if (refusals.length) {
        if (refusals.some((r) => r.wait_ms < 0)) return { ok: false, locked: true };
        return { ok: false, locked: false, retryAfterMs: Math.max(...refusals.map((r) => r.wait_ms)) };
      }
      if (rows.length === counters.length) return { ok: true };
      // Lost a race for a counter created meanwhile, which refused: give back what this attempt counted.
      const counted = rows.map((r) => r.key);
      if (counted.length) await sql`update rate_limits set count = greatest(count - 1, 0) where key in (${sql.join(counted)})`.execute(db);
      return { ok: false, locked: false, retryAfterMs: baseDelayMs };
    },

    async forget(keys) {
      if (keys.length) await db.deleteFrom('rate_limits').where('key', 'in', keys).execute();
    },

    sweep,

    async settled() {
      await sweeping;
    },
  };
}

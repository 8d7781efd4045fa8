import crypto from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';

/**
 * The counters behind every rate limit and sign-in delay, in the `rate_limits` table (migrations 0950 and 0980),
 * so that they hold whichever of several server instances on one database answers. Each count is one
 * statement (INSERT ... ON CONFLICT DO UPDATE ... RETURNING) that the database runs atomically, on
 * PGlite and PostgreSQL alike; times are the database's `now()`, so the instances' clocks do not matter.
 * On PGlite a statement costs the server's own CPU about 0.5-1 ms (the password hash of a sign-in costs
 * about 8 ms), so a sign-in attempt is counted in one statement: its address window and its failure
 * counters together, through a PL/pgSQL function whose plan the database keeps (migration 0980).
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
   * Counts an attempt on every counter at once, unless one of them refuses it now: one still waiting out
   * its delay (`delay`, the longest wait), or one at its cap (`cap`); nothing is counted on them then.
   * `window`, if given, is a fixed window counted with it (always, like `hit`); when the window is over
   * its `max` the attempt is refused (`window`) and counted on no counter.
   */
  claim(counters: ThrottleCounter[], window?: WindowCounter | null): Promise<Claim>;
  /** Deletes counters at once. */
  forget(keys: string[]): Promise<void>;
  /**
   * Resets counters (a success resets its failures) with this instance's next claim, in its statement, or
   * within `forgetDelayMs` if no claim comes: a successful sign-in costs no statement of its own.
   */
  forgetSoon(keys: string[]): void;
  /** Deletes expired rows, at most `batch`; returns how many. Also runs by itself now and then as counters are written. */
  sweep(batch?: number): Promise<number>;
  /** Resets what is left to reset and resolves when no sweep started by a write is still running (on close). */
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

/** A fixed window: at most `max` requests per `windowMs`. */
export interface WindowCounter {
  key: string;
  max: number;
  windowMs: number;
}

export type Claim = { ok: true } | { ok: false; reason: 'window' | 'delay'; retryAfterMs: number } | { ok: false; reason: 'cap' };

export interface LimitStoreOptions {
  /** Delay after the first attempt past `free` (doubles with each further one). */
  baseDelayMs?: number;
  /** Longest delay between two attempts. */
  maxDelayMs?: number;
  /** Chance that a write also deletes a batch of expired rows (default 1/50). */
  sweepChance?: number;
  /** Rows a sweep deletes at most. */
  sweepBatch?: number;
  /** A sweep that deleted at least this many rows vacuums the table (default 100). */
  vacuumAfter?: number;
  /** Longest wait before counters left to forget are reset when no claim comes first (default 200 ms). */
  forgetDelayMs?: number;
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
  const vacuumAfter = options.vacuumAfter ?? 100;
  let sweeping: Promise<unknown> | null = null;
  const forgetDelayMs = options.forgetDelayMs ?? 200;
  // counters to reset, taken by the next claim or by the timer
  let toForget = new Set<string>();
  let forgetTimer: NodeJS.Timeout | null = null;
  let forgetting: Promise<unknown> | null = null;
  function takeForgets(): string[] | null {
    if (forgetTimer) clearTimeout(forgetTimer);
    forgetTimer = null;
    if (!toForget.size) return null;
    const keys = [...toForget];
    toForget = new Set();
    return keys;
  }
  function flushForgets(): Promise<unknown> {
    const keys = takeForgets();
    if (!keys) return forgetting ?? Promise.resolve();
    forgetting = resetCounts(keys)
      .catch((error) => options.log?.warn({ err: error }, 'sign-in failures not reset'))
      .finally(() => {
        forgetting = null;
      });
    return forgetting;
  }
  const resetCounts = (keys: string[]) => sql`update rate_limits set count = 0 where key in (${sql.join(keys)}) and count <> 0`.execute(db);

  async function sweep(batch = sweepBatch): Promise<number> {
    // SKIP LOCKED: instances sweeping at the same time take different rows instead of waiting on each other
    const result = await sql`
      delete from rate_limits where key in (
        select key from rate_limits where expires_at <= now() order by expires_at limit ${batch} for update skip locked
      )`.execute(db);
    const deleted = Number(result.numAffectedRows ?? 0);
    // PGlite has no autovacuum: without this the table would only grow (on PostgreSQL it is merely early)
    if (deleted >= vacuumAfter) await sql`vacuum (skip_locked) rate_limits`.execute(db);
    return deleted;
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

  // ms the counter's next attempt must wait after its last: 0 before `free`, then base * 2^(count - free), at most max
  const delayMs = (count: Sql, free: Sql) => sql`least(${maxDelayMs}::float8, ${baseDelayMs}::float8 * power(2::float8, least(${count} - ${free}, 40)))`;
  const ttlMs = sql`(extract(epoch from r.expires_at - now()) * 1000)::float8`;

  const api: LimitStore = {
    async hit(key, windowMs) {
      const { rows } = await sql<{ count: number; ttl_ms: number }>`
        insert into rate_limits as r (key, count, updated_at, expires_at)
        values (${key}, 1, now(), now() + make_interval(secs => ${windowMs / 1000}::float8))
        on conflict (key) do update set
          count = case when r.expires_at <= now() then 1 else r.count + 1 end,
          expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end,
          updated_at = now()
        returning r.count, ${ttlMs} as ttl_ms`.execute(db);
      maybeSweep();
      return { count: rows[0].count, ttlMs: Math.max(0, rows[0].ttl_ms) };
    },

    async peek(key) {
      const { rows } = await sql<{ count: number; ttl_ms: number }>`
        select r.count, ${ttlMs} as ttl_ms from rate_limits r where r.key = ${key} and r.expires_at > now()`.execute(db);
      return rows[0] ? { count: rows[0].count, ttlMs: rows[0].ttl_ms } : { count: 0, ttlMs: 0 };
    },

    async claim(counters, window = null) {
      if (counters.length < 1 || counters.length > 2) throw new Error('a claim counts on one or two counters');
      const [c1, c2] = counters;
      // One statement (rate_limit_claim, migration 0980): the window counts every request (its own expiry,
      // fixed); each failure counter counts the attempt if the window was not already full and the counter
      // accepts it now. ON CONFLICT sees the row as it is at that moment (a concurrent attempt's count
      // included), so parallel guesses cannot slip past a delay. The common case, all accepting, costs this.
      const forgets = takeForgets();
      const { rows } = await sql<{ counted_key: string; counted: number; ttl_ms: number }>`
        select * from rate_limit_claim(
          ${window?.key ?? null}, ${window?.max ?? null}, ${window ? window.windowMs / 1000 : null},
          ${c1.key}, ${c1.free}, ${c1.cap}, ${c1.keepSeconds},
          ${c2?.key ?? null}, ${c2?.free ?? null}, ${c2?.cap ?? null}, ${c2?.keepSeconds ?? null},
          ${baseDelayMs}, ${maxDelayMs}, ${forgets})`.execute(db)
        .catch((error) => {
          if (forgets) api.forgetSoon(forgets); // not reset: left for the next claim or the timer
          throw error;
        });
      maybeSweep();
      const windowRow = window ? rows.find((r) => r.counted_key === window.key) : undefined;
      const windowFull = Boolean(windowRow && windowRow.counted > window!.max);
      const taken = rows.filter((r) => r.counted_key !== window?.key).map((r) => r.counted_key);
      if (!windowFull && taken.length === counters.length) return { ok: true };

      // Refused (no password is checked then, so more statements cost little): give the attempt back on the
      // counters that took it (a race with a concurrent attempt), then say how long to wait.
      if (taken.length) {
        await sql`update rate_limits set count = count - 1, updated_at = coalesce(previous_at, updated_at) where key in (${sql.join(taken)})`.execute(db);
        await db.deleteFrom('rate_limits').where('key', 'in', taken).where('count', '<=', 0).execute();
      }
      if (windowFull) return { ok: false, reason: 'window', retryAfterMs: Math.max(0, windowRow!.ttl_ms) };
      const byKey = (pick: (c: ThrottleCounter) => number) => sql`(case r.key ${sql.join(counters.map((c) => sql`when ${c.key} then ${pick(c)}::int`), sql` `)} end)`;
      const [count, free, cap] = [sql.ref('r.count'), byKey((c) => c.free), byKey((c) => c.cap)];
      const elapsedMs = sql`(extract(epoch from now() - r.updated_at) * 1000)::float8`;
      const { rows: refusals } = await sql<{ wait_ms: number }>`
        select case when ${count} >= ${cap} then -1::float8 else ${delayMs(count, free)} - ${elapsedMs} end as wait_ms
        from rate_limits r where r.key in (${sql.join(counters.map((c) => c.key))}) and r.expires_at > now()
          and (${count} >= ${cap} or (${count} >= ${free} and ${delayMs(count, free)} > ${elapsedMs}))`.execute(db);
      if (refusals.some((r) => r.wait_ms < 0)) return { ok: false, reason: 'cap' };
      // (nothing refuses any more when a concurrent success reset the counters meanwhile: try again in a moment)
      return { ok: false, reason: 'delay', retryAfterMs: Math.max(baseDelayMs, ...refusals.map((r) => r.wait_ms)) };
    },

    async forget(keys) {
      if (keys.length) await db.deleteFrom('rate_limits').where('key', 'in', keys).execute();
    },

    forgetSoon(keys) {
      for (const key of keys) toForget.add(key);
      if (!forgetTimer && toForget.size) {
        forgetTimer = setTimeout(() => void flushForgets(), forgetDelayMs);
        forgetTimer.unref();
      }
    },

    sweep,

    async settled() {
      await flushForgets();
      await sweeping;
    },
  };
  return api;
}

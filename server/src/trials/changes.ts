import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import type { Db } from '../db';

/** Trials that changed in the database: these ids, or all of them (a full import). */
export type TrialChange = { ids: string[] } | { all: true };

/**
 * Tells every server instance that trials changed in the database, so each reloads them into its
 * in-memory engine. PostgreSQL: LISTEN/NOTIFY on one channel (a dedicated connection per instance;
 * reconnected when lost, and a lost connection counts as "all changed", since a notification may have
 * been missed). PGlite: one process, so an in-process event. An instance ignores its own messages: the
 * instance that wrote the trials has them already.
 */
export interface TrialChanges {
  publish(change: TrialChange): Promise<void>;
  subscribe(listener: (change: TrialChange) => void): void;
  close(): Promise<void>;
}

const CHANNEL = 'oncodesk_trials';
/** NOTIFY payloads stop at 8000 bytes: a longer id list is sent as "all changed". */
const MAX_PAYLOAD = 7000;

export function trialChanges(database: Db, log: FastifyBaseLogger): TrialChanges {
  return database.kind === 'postgres' && database.url ? postgresChanges(database.db, database.url, log) : localChanges();
}

function localChanges(): TrialChanges {
  // nothing to tell: the only instance wrote the trials itself
  return { publish: async () => {}, subscribe: () => {}, close: async () => {} };
}

function postgresChanges(db: Kysely<Database>, url: string, log: FastifyBaseLogger): TrialChanges {
  const origin = crypto.randomUUID();
  const events = new EventEmitter();
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString: url, application_name: 'oncodesk-trial-changes' });
    c.on('error', (e) => log.warn({ err: e }, 'trial change channel lost'));
    c.on('end', () => {
      if (closed) return;
      client = null;
      retry = setTimeout(() => void connect().then(() => events.emit('change', { all: true })), 1000);
      retry.unref();
    });
    c.on('notification', (n) => {
      try {
        const message = JSON.parse(n.payload ?? '{}') as { origin?: string } & TrialChange;
        if (message.origin === origin) return;
        events.emit('change', 'all' in message ? { all: true } : { ids: message.ids ?? [] });
      } catch (e) {
        log.warn({ err: e }, 'unreadable trial change message');
      }
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
      client = c;
    } catch (e) {
      log.warn({ err: e }, 'trial change channel: connect failed, retrying');
      await c.end().catch(() => {});
    }
  };
  const ready = connect();

  return {
    async publish(change) {
      let payload = JSON.stringify({ origin, ...change });
      if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ origin, all: true });
      await sql`select pg_notify(${CHANNEL}, ${payload})`.execute(db);
    },
    subscribe(listener) {
      events.on('change', listener);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await ready;
      await client?.end().catch(() => {});
    },
  };
}

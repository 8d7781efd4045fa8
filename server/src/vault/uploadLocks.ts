import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { ERRORS, MemoryLocker, type Lock, type Locker, type RequestRelease } from '@tus/server';

/** First key of the two-key advisory lock space, so the vault's upload locks collide with no one else's. */
export const UPLOAD_LOCK_SPACE = 0x766c7475; // "vltu"
const POLL_MS = [50, 100, 200, 400, 800];

/**
 * One upload worked on by one request at a time, across every instance sharing the PostgreSQL database:
 * tus reads an upload's offset, then appends at it, so two PATCHes (or a HEAD during a PATCH) on two
 * instances must not interleave — with S3 the second would upload a part under the same number.
 *
 * Hand-written because @tus/server ships only an in-process MemoryLocker (its docs point multi-instance
 * deployments to "a locker shared between all instances", e.g. a Redis one the project would have to
 * add a server for). This one takes a PostgreSQL session-level advisory lock per upload on one dedicated
 * connection per instance: a lock ends with its holder's connection, so an instance that dies never
 * leaves an upload locked. Requests of the same instance first queue on a MemoryLocker (advisory locks
 * are re-entrant within a session, and it keeps tus's "ask the holder to let go" between local requests);
 * a holder on another instance cannot be asked, so a waiter polls until tus's lock timeout (then 423,
 * which clients retry). A stalled PATCH holding a lock is cut by the body-progress watch (stall.ts).
 */
export class PgUploadLocker implements Locker {
  private readonly local: MemoryLocker;
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private closed = false;

  constructor(
    private readonly databaseUrl: string,
    readonly acquireTimeoutMs = 30_000,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.local = new MemoryLocker({ acquireLockTimeout: acquireTimeoutMs });
  }

  newLock(id: string): Lock {
    return new PgUploadLock(id, this, this.local.newLock(id));
  }

  /** The dedicated connection; a broken one (database restart) is replaced, its locks being gone with it. */
  async connection(): Promise<pg.Client> {
    if (this.closed) throw new Error('upload locker closed');
    if (this.client) return this.client;
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'oncodesk-upload-locks' });
      client.on('error', (error) => {
        this.log?.warn({ err: error }, 'upload lock connection lost');
        if (this.client === client) this.client = null;
      });
      client.on('end', () => {
        if (this.client === client) this.client = null;
      });
      try {
        await client.connect();
        this.client = client;
        return client;
      } finally {
        this.connecting = null;
      }
    })();
    return this.connecting;
  }

  async query(text: string, id: string): Promise<boolean> {
    const client = await this.connection();
    const { rows } = await client.query<{ ok: boolean | null }>(text, [UPLOAD_LOCK_SPACE, id]);
    return rows[0]?.ok === true;
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

class PgUploadLock implements Lock {
  constructor(
    private readonly id: string,
    private readonly locker: PgUploadLocker,
    private readonly local: Lock,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    await this.local.lock(signal, requestRelease);
    try {
      const deadline = Date.now() + this.locker.acquireTimeoutMs;
      for (let attempt = 0; ; attempt++) {
        if (await this.locker.query('select pg_try_advisory_lock($1::int4, hashtext($2)) as ok', this.id)) return;
        if (signal.aborted || Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS[Math.min(attempt, POLL_MS.length - 1)]));
      }
    } catch (error) {
      await this.local.unlock();
      throw error;
    }
  }

  async unlock(): Promise<void> {
    try {
      await this.locker.query('select pg_advisory_unlock($1::int4, hashtext($2)) as ok', this.id);
    } catch {
      // The connection is gone, and the lock with it.
    } finally {
      await this.local.unlock();
    }
  }
}

import { Worker } from 'node:worker_threads';

/**
 * The embedded PGlite database on a worker thread of its own.
 *
 * PGlite is PostgreSQL compiled to WebAssembly: every statement runs synchronously on the thread that holds
 * it. On the server's event loop, a search that stores ~1 MB of results kept that loop busy for tens of
 * milliseconds at a time, so under 20 searching connections `/health/live` answered in 1.2 s at p99
 * (bench:load) though matching itself already ran on threads. Here the database runs on its own thread and
 * the event loop only sends statements and receives rows.
 *
 * Written by hand because PGlite's own `PGliteWorker` is made for browser Web Workers (tab leader election
 * through navigator.locks and BroadcastChannel), which Node's worker_threads do not provide; the Kysely
 * dialect needs only `query(sql, params)` and `close()`, so the thread serves exactly those.
 *
 * Statements run one at a time in the order sent, as on PGlite in-process (one connection; the dialect
 * already serialises connections, so a transaction's statements are never interleaved with another's).
 * Errors keep PostgreSQL's fields (`code`, `constraint`, `detail`, …): callers branch on `code === '23505'`.
 */

/** What the worker runs (plain JavaScript, so it runs the same from sources under jest and from the build). */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglite);
// The dump as the Blob PGlite reads (it calls only arrayBuffer() and reads type): Node 20's Blob.arrayBuffer() copies
// a 41 MB dump through its stream reader in small chunks, ~0.75 s of CPU for every database opened from one.
const dumpAsBlob = (bytes) => {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const buffer = whole ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return { type: 'application/x-tar', size: bytes.byteLength, arrayBuffer: async () => buffer };
};
const open = async () => {
  const startParams = workerData.startParams;
  const db = workerData.dump ? new PGlite({ loadDataDir: dumpAsBlob(workerData.dump), startParams }) : new PGlite(workerData.dataDir, { startParams });
  await db.waitReady;
  return db;
};
const errorFields = (e) => {
  const out = { name: e && e.name, message: String((e && e.message) || e) };
  if (e && typeof e === 'object') for (const [k, v] of Object.entries(e)) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  return out;
};
let chain = open();
chain.then(() => parentPort.postMessage({ ready: true, probe: new Date(0) }), (e) => parentPort.postMessage({ ready: false, error: errorFields(e) }));
parentPort.on('message', (m) => {
  chain = chain.then(async (db) => {
    try {
      if (m.close) {
        await db.close();
        parentPort.postMessage({ id: m.id, closed: true });
        return db;
      }
      const r = await db.query(m.sql, m.params);
      parentPort.postMessage({ id: m.id, rows: r.rows, affectedRows: r.affectedRows });
    } catch (e) {
      parentPort.postMessage({ id: m.id, error: errorFields(e) });
    }
    return db;
  });
});
`;

interface Reply {
  id: number;
  rows?: unknown[];
  affectedRows?: number;
  closed?: boolean;
  error?: Record<string, unknown> & { message: string };
}

/**
 * Rows rebuilt with this realm's Date, Uint8Array, Array and Object. Messages arrive as objects of the
 * process's main realm; code running in another realm (jest's sandbox, where the server tests run) would see
 * `value instanceof Date` false for them. Used only when the ready message shows such a realm, so a server
 * never pays for it.
 */
function inThisRealm(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Object.prototype.toString.call(value) === '[object Date]') return new Date((value as Date).getTime());
  if (ArrayBuffer.isView(value)) return Uint8Array.from(value as Uint8Array);
  if (Array.isArray(value)) return value.map(inThisRealm);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inThisRealm(v)]));
}

/** An error rebuilt on this side with the database's fields (code, constraint, detail, …). */
function rebuilt(fields: Record<string, unknown> & { message: string }): Error {
  return Object.assign(new Error(fields.message), fields);
}

export class PGliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private failed: Error | undefined;
  /** Replies must be rebuilt in this realm (see inThisRealm). */
  private foreignRealm = false;
  /** Resolves when the database is open (rejects with its error, e.g. a data folder another process holds). */
  readonly waitReady: Promise<void>;

  /**
   * `dataDir`: PGlite's folder on disk; else in memory, new or loaded from `dump` (a `dumpDataDir` tarball,
   * handed over to the thread: the caller's buffer is emptied). `startParams`: PGlite's start parameters
   * (undefined: its defaults).
   */
  constructor({ dataDir, dump, startParams, handedOver }: { dataDir?: string; dump?: Uint8Array; startParams?: string[]; handedOver?: Worker }) {
    this.worker =
      handedOver ??
      new Worker(THREAD, {
        eval: true,
        workerData: { pglite: require.resolve('@electric-sql/pglite'), dataDir, dump, startParams },
        transferList: dump ? [dump.buffer as ArrayBuffer] : [],
      });
    // A thread that dies (WebAssembly abort, out of memory) or a database that cannot open fails what waits
    // and everything after, loudly: the database is gone, as it would be in-process.
    const fail = (error: Error) => {
      this.failed ??= error;
      for (const p of this.pending.values()) p.reject(this.failed);
      this.pending.clear();
    };
    this.waitReady = handedOver
      ? this.adopt()
      : new Promise((resolve, reject) => {
          this.worker.on('message', (m: Reply & { ready?: boolean; probe?: unknown }) => {
            if (m.ready === undefined) return this.settle(m);
            if (m.ready) {
              this.foreignRealm = !(m.probe instanceof Date);
              // from here the thread keeps the process alive only while a statement is outstanding (see send)
              if (this.pending.size === 0) this.worker.unref();
              return resolve();
            }
            const error = rebuilt(m.error!);
            fail(error);
            reject(error);
          });
        });
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the database thread stopped (exit ${code})`)));
  }

  /** A thread another client handed over (handOver) is open already: its replies are read, and this realm probed. */
  private async adopt(): Promise<void> {
    this.worker.on('message', (m: Reply) => this.settle(m));
    const r = await this.send({ sql: 'select now() as probe', params: [] });
    this.foreignRealm = !((r.rows?.[0] as { probe?: unknown } | undefined)?.probe instanceof Date);
  }

  /**
   * Gives the open database's thread up to another client (`new PGliteThread({ handedOver })`), e.g. in another
   * realm: this client stops listening and fails every later call. The server tests keep one database thread per
   * jest worker from one test file to the next (test/support/app.ts): opening one costs ~2.8 s of CPU.
   */
  handOver(): Worker {
    this.worker.removeAllListeners('message');
    this.worker.removeAllListeners('error');
    this.worker.removeAllListeners('exit');
    this.failed ??= new Error('the database thread was handed over');
    return this.worker;
  }

  private settle(m: Reply) {
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (this.pending.size === 0) this.worker.unref();
    if (m.error) p.reject(rebuilt(m.error));
    else p.resolve(m);
  }

  private send(message: Record<string, unknown>): Promise<Reply> {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // a script awaiting a statement must not exit before the answer arrives
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ ...message, id });
    });
  }

  /** The dialect's one call: rows and, for writes, the number of rows affected. */
  async query(sql: string, params: unknown[] = []): Promise<{ rows: unknown[]; affectedRows?: number }> {
    const r = await this.send({ sql, params });
    const rows = r.rows ?? [];
    return { rows: this.foreignRealm ? rows.map(inThisRealm) : rows, affectedRows: r.affectedRows };
  }

  /** Closes the database (PGlite flushes and releases its folder), then ends the thread. */
  async close(): Promise<void> {
    try {
      if (!this.failed) await this.send({ close: true });
    } finally {
      await this.worker.terminate();
    }
  }
}

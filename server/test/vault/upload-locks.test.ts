import { ERRORS } from '@tus/server';
import { PgUploadLocker } from '../../src/vault/uploadLocks';
import { startTestApp, testDbKind, type TestApp } from '../support/app';

/**
 * The upload lock two instances share through PostgreSQL (advisory locks, one connection per instance).
 * PGlite serves one process only: there the in-process lock is the whole story, and this file has nothing to run.
 */
const describePg = testDbKind === 'postgres' ? describe : describe.skip;

describePg('upload locks across instances (PostgreSQL advisory locks)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const noRelease = () => undefined;
  const signal = () => new AbortController().signal;

  it('keeps a second instance out until the first lets go, and gives up at the lock timeout', async () => {
    const url = t.app.database.url as string;
    const one = new PgUploadLocker(url, 300);
    const two = new PgUploadLocker(url, 300);
    try {
      const held = one.newLock('app/uploads/aaaa');
      await held.lock(signal(), noRelease);
      const started = Date.now();
      await expect(two.newLock('app/uploads/aaaa').lock(signal(), noRelease)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      // Another upload is free meanwhile.
      const other = two.newLock('app/uploads/bbbb');
      await other.lock(signal(), noRelease);
      await other.unlock();
      await held.unlock();
      const next = two.newLock('app/uploads/aaaa');
      await next.lock(signal(), noRelease);
      await next.unlock();
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('frees the locks of an instance whose connection ends (a crashed instance never leaves an upload locked)', async () => {
    const url = t.app.database.url as string;
    const crashed = new PgUploadLocker(url, 300);
    const survivor = new PgUploadLocker(url, 2000);
    try {
      await crashed.newLock('app/uploads/cccc').lock(signal(), noRelease);
      const waiting = survivor.newLock('app/uploads/cccc').lock(signal(), noRelease);
      await new Promise((r) => setTimeout(r, 200));
      await crashed.close();
      await expect(waiting).resolves.toBeUndefined();
    } finally {
      await survivor.close();
    }
  });

  it('queues two requests of the same instance on one upload (advisory locks alone are re-entrant per connection)', async () => {
    const url = t.app.database.url as string;
    const locker = new PgUploadLocker(url, 300);
    try {
      const first = locker.newLock('app/uploads/dddd');
      let released = false;
      await first.lock(signal(), () => {
        released = true;
      });
      await expect(locker.newLock('app/uploads/dddd').lock(signal(), noRelease)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
      // tus's "let go" request reached the local holder.
      expect(released).toBe(true);
      await first.unlock();
    } finally {
      await locker.close();
    }
  });
});

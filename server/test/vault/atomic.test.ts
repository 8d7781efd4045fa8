import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { startTestApp, signUpVerified, type TestApp } from '../support/app';
import { localBlobStore } from '../../src/vault/blobs/local';
import type { BlobStore } from '../../src/vault/blobs';
import { vaultService } from '../../src/vault/service';
import { vaultStorage } from '../../src/vault/storage';
import { vaultAccountLimits } from '../../src/vault/accountLimits';
import { DEFAULT_VAULT_ACCOUNT_LIMITS } from '../../src/config/env';
import { blobFiles, samples, stagingFiles, upload } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ authRateLimit: { perIpPerMinute: 100000, perAccountPer15Min: 100000 } });
});
afterAll(async () => t.close());

const silent = { warn() {}, error() {}, info() {} } as never;
const noMail = { send: async () => undefined };
const limitsOf = () => vaultAccountLimits(t.app.database.db, DEFAULT_VAULT_ACCOUNT_LIMITS, 24);

/** A service over the test database whose blob store fails at a chosen step, like a crash there would. */
function serviceWith(failAt: 'commit' | 'stage' | null, dir: string) {
  const real = localBlobStore(dir);
  const blobs: BlobStore = {
    ...real,
    stage: async (key, source) => {
      if (failAt === 'stage') {
        await real.stage(key, Readable.from([Buffer.from('%PDF-1.7 partial')]));
        throw new Error('disk full');
      }
      return real.stage(key, source);
    },
    commit: async (key) => {
      if (failAt === 'commit') throw new Error('rename failed');
      return real.commit(key);
    },
  };
  return vaultService({ storage: vaultStorage(t.app.database.db), blobs, mailer: noMail, publicUrl: 'http://x', log: silent, limits: limitsOf() });
}
const rows = async (ownerId: string) => t.app.database.db.selectFrom('vault_items').selectAll().where('owner_id', '=', ownerId).execute();

describe('atomic commit', () => {
  it('a failure while committing the bytes leaves neither a record nor bytes', async () => {
    const u = await signUpVerified(t.app);
    const dir = fs.mkdtempSync(path.join(t.config.dataDir, 'atomic-'));
    const service = serviceWith('commit', dir);
    const real = localBlobStore(dir);
    await expect(
      service.addFile(u.userId, null, 'x.pdf', async (key) => {
        const { size } = await real.stage(key, Readable.from([samples.pdf()]));
        return { size, type: 'pdf' };
      }),
    ).rejects.toThrow('rename failed');
    expect(await rows(u.userId)).toEqual([]);
    expect(fs.readdirSync(path.join(dir, 'staging'))).toEqual([]);
    expect(fs.readdirSync(path.join(dir, 'blobs'))).toEqual([]);
  });

  it('a failure while writing leaves no record and no staged bytes', async () => {
    const u = await signUpVerified(t.app);
    const dir = fs.mkdtempSync(path.join(t.config.dataDir, 'atomic-'));
    const service = serviceWith('stage', dir);
    const real = localBlobStore(dir);
    await expect(service.addFile(u.userId, null, 'y.pdf', async (key) => ({ ...(await real.stage(key, Readable.from([Buffer.from('x')]))), type: 'pdf' }))).resolves.toBeDefined();
    // The write of the next file dies halfway:
    await expect(
      service.addFile(u.userId, null, 'z.pdf', async (key) => {
        await serviceBlobs(dir).stage(key, Readable.from([Buffer.from('%PDF-')]));
        return { size: 5, type: 'pdf' };
      }),
    ).rejects.toThrow('disk full');
    expect((await rows(u.userId)).map((r) => r.name)).toEqual(['y.pdf']);
    expect(fs.readdirSync(path.join(dir, 'staging'))).toEqual([]);
  });

  it('a record that cannot be inserted (name taken meanwhile) takes its bytes with it', async () => {
    const u = await signUpVerified(t.app);
    const dir = fs.mkdtempSync(path.join(t.config.dataDir, 'atomic-'));
    const service = serviceWith(null, dir);
    const real = localBlobStore(dir);
    const put = (name: string) => service.addFile(u.userId, null, name, async (key) => ({ ...(await real.stage(key, Readable.from([samples.pdf()]))), type: 'pdf' }));
    await put('same.pdf');
    await expect(put('same.pdf')).rejects.toMatchObject({ code: 'vault_name_taken' });
    const committed = fs.readdirSync(path.join(dir, 'blobs')).flatMap((shard) => fs.readdirSync(path.join(dir, 'blobs', shard)));
    expect(committed.length).toBe(1);
    expect(fs.readdirSync(path.join(dir, 'staging'))).toEqual([]);
  });
});

/** The failing store of serviceWith('stage'), for a direct call. */
function serviceBlobs(dir: string): BlobStore {
  const real = localBlobStore(dir);
  return {
    ...real,
    stage: async (key, source) => {
      void source;
      await real.stage(key, Readable.from([Buffer.from('%PDF-1.7 partial')]));
      throw new Error('disk full');
    },
  };
}

describe('orphan sweep', () => {
  it('removes bytes without a record and stale staging files, and keeps every listed file', async () => {
    const u = await signUpVerified(t.app);
    const kept = (await upload(t.app, u.auth, 'kept.pdf', samples.pdf())).json();
    const root = path.join(t.config.dataDir, 'vault');
    // What a crash leaves: bytes renamed into place whose record never committed, and a staged write.
    const orphan = crypto.randomUUID();
    fs.mkdirSync(path.join(root, 'blobs', orphan.slice(0, 2)), { recursive: true });
    fs.writeFileSync(path.join(root, 'blobs', orphan.slice(0, 2), orphan), 'orphan');
    fs.writeFileSync(path.join(root, 'staging', crypto.randomUUID()), 'half');
    const service = vaultService({ storage: vaultStorage(t.app.database.db), blobs: localBlobStore(root), mailer: noMail, publicUrl: 'http://x', log: silent, limits: limitsOf() });
    // Young orphans are left alone (they may be mid-commit)...
    expect(await service.sweepOrphans(60_000)).toEqual({ orphans: 0, staging: 0 });
    // ...old ones go.
    expect(await service.sweepOrphans(0)).toEqual({ orphans: 1, staging: 1 });
    expect(blobFiles(t.config.dataDir)).not.toContain(orphan);
    expect(stagingFiles(t.config.dataDir)).toEqual([]);
    const dl = await t.app.inject({ method: 'GET', url: `/api/vault/items/${kept.id}/download`, headers: u.auth });
    expect(dl.statusCode).toBe(200);
  });

  it('account deletion removes the user’s bytes after the rows', async () => {
    const u = await signUpVerified(t.app);
    const file = (await upload(t.app, u.auth, 'gone.pdf', samples.pdf())).json();
    const key = (await t.app.database.db.selectFrom('vault_items').select('blob_key').where('id', '=', file.id).executeTakeFirstOrThrow()).blob_key as string;
    expect(blobFiles(t.config.dataDir)).toContain(key);
    const { deleteUser } = await import('../../src/users/deletion');
    await deleteUser(t.app.database.db, u.userId, silent);
    expect(await rows(u.userId)).toEqual([]);
    expect(blobFiles(t.config.dataDir)).not.toContain(key);
  });
});

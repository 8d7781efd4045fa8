import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/env';
import { signUp } from '../support/app';
import { samples, upload } from '../vault/helpers';

// DATA_DIR holds password hashes, sessions and patient data (PGlite on disk), vault files, partial
// uploads, the mail outbox and the signing secret: after a real start and the flows that write each of
// them, every folder is 0700 and every file 0600, including what an older release left readable.
jest.setTimeout(240_000);

/** Every entry under `dir` that its group or others may read, write or enter. */
function exposed(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      const mode = fs.lstatSync(full).mode & 0o777;
      if (entry.isDirectory()) {
        if (mode !== 0o700) out.push(`${path.relative(dir, full)}/ ${mode.toString(8)}`);
        walk(full);
      } else if (entry.isFile() && mode !== 0o600) out.push(`${path.relative(dir, full)} ${mode.toString(8)}`);
    }
  };
  if ((fs.statSync(dir).mode & 0o777) !== 0o700) out.push(`./ ${(fs.statSync(dir).mode & 0o777).toString(8)}`);
  walk(dir);
  return out;
}

it('PGlite, vault, partial uploads, outbox and secrets are 0600 files in 0700 folders', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-perms-'));
  const dataDir = path.join(root, 'data');
  // what an older release left: world-readable folders and files
  fs.mkdirSync(path.join(dataDir, 'outbox'), { recursive: true, mode: 0o755 });
  fs.chmodSync(dataDir, 0o755);
  fs.chmodSync(path.join(dataDir, 'outbox'), 0o755);
  fs.writeFileSync(path.join(dataDir, 'outbox', 'old.eml'), 'To: a@example.org\n\nhttps://x/verification?token=old\n', { mode: 0o644 });
  fs.chmodSync(path.join(dataDir, 'outbox', 'old.eml'), 0o644);

  const config = loadConfig({ DATA_DIR: dataDir, DEMO_ACCOUNT: 'false', DEMO_WORKSPACE: 'false', LOG_LEVEL: 'silent', ARGON2_MEMORY_KIB: '1024', ARGON2_PASSES: '1', LOAD_SHED: 'false' });
  const app = await buildApp({ config, serveWeb: false, logger: false });
  try {
    await app.ready();
    expect(app.database.kind).toBe('pglite');
    // a user (PGlite), the verification mail (outbox), a vault file (blob) and a partial resumable upload
    const user = await signUp(app);
    expect((await upload(app, user.auth, 'scan.pdf', samples.pdf())).statusCode).toBe(201);
    const tus = await app.inject({
      method: 'POST',
      url: '/api/vault/uploads',
      headers: { ...user.auth, 'tus-resumable': '1.0.0', 'upload-length': '5000', 'upload-metadata': `filename ${Buffer.from('part.pdf').toString('base64')}` },
    });
    expect(tus.statusCode).toBe(201);
    await app.inject({ method: 'PATCH', url: tus.headers.location as string, headers: { ...user.auth, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, payload: samples.pdf().subarray(0, 100) });

    for (const sub of ['pglite', 'vault', 'vault/tus', 'outbox', 'secrets']) expect({ sub, exists: fs.existsSync(path.join(dataDir, sub)) }).toEqual({ sub, exists: true });
    expect(fs.readdirSync(path.join(dataDir, 'outbox')).length).toBeGreaterThan(1);
    expect(exposed(dataDir)).toEqual([]);
  } finally {
    await app.close();
  }
  // and what the database wrote while closing
  expect(exposed(dataDir)).toEqual([]);
  fs.rmSync(root, { recursive: true, force: true });
});

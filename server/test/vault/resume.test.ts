import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
// The browser's own tus client (tus-js-client, as remote-vault uses it), over real HTTP to the server.
import { Upload, type PreviousUpload, type UrlStorage } from 'tus-js-client';
import { startTestApp, signUpVerified, type TestApp } from '../support/app';
import { list } from './helpers';

let t: TestApp;
let endpoint: string;
beforeAll(async () => {
  t = await startTestApp({ authRateLimit: { perIpPerMinute: 100000, perAccountPer15Min: 100000 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  endpoint = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/vault/uploads`;
});
afterAll(async () => t.close());

/** localStorage stand-in: what survives a page reload. */
function memoryUrlStorage(): UrlStorage {
  const entries = new Map<string, PreviousUpload & { urlStorageKey: string }>();
  return {
    findAllUploads: async () => [...entries.values()],
    findUploadsByFingerprint: async (fp) => [...entries.values()].filter((e) => e.urlStorageKey.startsWith(`${fp}::`)),
    removeUpload: async (key) => void entries.delete(key),
    addUpload: async (fp, upload) => {
      const key = `${fp}::${entries.size}`;
      entries.set(key, { ...upload, urlStorageKey: key });
      return key;
    },
  };
}

describe('resuming with the browser client', () => {
  it('continues an interrupted upload from the server offset after a "reload", and lists the file only at the end', async () => {
    const u = await signUpVerified(t.app);
    const data = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(3 * 1024 * 1024)]);
    const urlStorage = memoryUrlStorage();
    const options = {
      endpoint,
      chunkSize: 1024 * 1024,
      metadata: { filename: 'resumable.pdf', parentId: '' },
      headers: { Authorization: `Bearer ${u.jwt}` },
      urlStorage,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      fingerprint: async () => 'vault:resumable.pdf:same-file',
      retryDelays: [],
    };

    // First page: the connection "drops" after the first chunk (abort without terminating the upload).
    await new Promise<void>((resolve, reject) => {
      const first: Upload = new Upload(data, {
        ...options,
        onChunkComplete: () => {
          void first.abort(false).then(resolve);
        },
        onError: reject,
      });
      first.start();
    });
    expect((await list(t.app, u.auth)).items).toEqual([]);

    // Second page: the same file is picked again; the client finds the stored upload and resumes.
    const offsets: string[] = [];
    await new Promise<void>((resolve, reject) => {
      const second = new Upload(data, {
        ...options,
        onBeforeRequest: (req) => {
          if (req.getMethod() === 'PATCH') offsets.push(req.getHeader('Upload-Offset') ?? '');
        },
        onSuccess: () => resolve(),
        onError: reject,
      });
      void second.findPreviousUploads().then((previous) => {
        expect(previous).toHaveLength(1);
        second.resumeFromPreviousUpload(previous[0]);
        second.start();
      });
    });
    expect(offsets[0]).toBe(String(1024 * 1024)); // did not start over
    const items = (await list(t.app, u.auth)).items;
    expect(items).toEqual([expect.objectContaining({ name: 'resumable.pdf', size: data.length })]);
    const dl = await t.app.inject({ method: 'GET', url: `/api/vault/items/${items[0].id}/download`, headers: u.auth });
    expect(dl.rawPayload.equals(data)).toBe(true);
    expect(await urlStorage.findAllUploads()).toEqual([]); // fingerprint forgotten on success
  });
});

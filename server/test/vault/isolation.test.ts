import { startTestApp, signUpVerified, type TestApp } from '../support/app';
import { folder, outbox, samples, upload } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ authRateLimit: { perIpPerMinute: 100000, perAccountPer15Min: 100000 } });
});
afterAll(async () => t.close());

/** Everything of the vault tables, to prove that a refused request changed nothing. */
const snapshot = async () => ({
  items: await t.app.database.db.selectFrom('vault_items').selectAll().orderBy('id').execute(),
  shares: await t.app.database.db.selectFrom('vault_shares').selectAll().orderBy('id').execute(),
});

describe("another user's items", () => {
  it('are unreachable through every route: 404 (as if they did not exist) and nothing changes', async () => {
    const alice = await signUpVerified(t.app);
    const mallory = await signUpVerified(t.app);
    const aFolder = await folder(t.app, alice.auth, 'Private');
    const aFile = (await upload(t.app, alice.auth, 'secret.pdf', samples.pdf(), aFolder.id)).json();
    const share = (await t.app.inject({ method: 'POST', url: `/api/vault/items/${aFile.id}/shares`, headers: alice.auth, payload: { emails: ['friend@example.org'] } })).json().shares[0];
    const mFolder = await folder(t.app, mallory.auth, 'Mine');
    const mFile = (await upload(t.app, mallory.auth, 'mine.pdf', samples.pdf())).json();
    const before = await snapshot();
    const mails = outbox(t.config.dataDir).length;
    const h = mallory.auth;
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/vault/items?parentId=${aFolder.id}`],
      ['GET', `/api/vault/items/${aFile.id}`],
      ['GET', `/api/vault/items/${aFolder.id}`],
      ['PATCH', `/api/vault/items/${aFile.id}`, { name: 'pwned.pdf' }],
      ['PATCH', `/api/vault/items/${aFile.id}`, { parentId: mFolder.id }],
      ['PATCH', `/api/vault/items/${aFolder.id}`, { parentId: null }],
      ['PATCH', `/api/vault/items/${mFile.id}`, { parentId: aFolder.id }], // into someone else's folder
      ['DELETE', `/api/vault/items/${aFile.id}`],
      ['DELETE', `/api/vault/items/${aFolder.id}`],
      ['GET', `/api/vault/items/${aFile.id}/download`],
      ['GET', `/api/vault/items/${aFile.id}/download?inline=1`],
      ['GET', `/api/vault/items/${aFolder.id}/zip`],
      ['POST', `/api/vault/items/${aFile.id}/shares`, { emails: ['me@example.org'] }],
      ['GET', `/api/vault/items/${aFile.id}/shares`],
      ['DELETE', `/api/vault/shares/${share.id}`],
      ['POST', '/api/vault/folders', { name: 'Intruder', parentId: aFolder.id }],
      ['POST', '/api/vault/folders/ensure', { parentId: aFolder.id, segments: ['x'] }],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: h, payload: payload as object });
      expect([method, url, res.statusCode]).toEqual([method, url, 404]);
    }
    // An upload into her folder, by multipart and by tus.
    const up = await upload(t.app, h, 'drop.pdf', samples.pdf(), aFolder.id);
    expect(up.statusCode).toBe(404);
    const tus = await t.app.inject({
      method: 'POST',
      url: '/api/vault/uploads',
      headers: { ...h, 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': `filename ${Buffer.from('x.pdf').toString('base64')},parentId ${Buffer.from(aFolder.id).toString('base64')}` },
    });
    expect(tus.statusCode).toBe(404);
    // No download ticket for her item, and his own ticket does not open hers.
    expect((await t.app.inject({ method: 'POST', url: `/api/vault/items/${aFile.id}/ticket`, headers: h })).statusCode).toBe(404);
    const own = (await t.app.inject({ method: 'POST', url: `/api/vault/items/${mFile.id}/ticket`, headers: h })).json().ticket;
    expect((await t.app.inject({ method: 'GET', url: `/api/vault/items/${aFile.id}/download?ticket=${own}` })).statusCode).toBe(401);
    // Her listing and shares are not in his.
    const mine = (await t.app.inject({ method: 'GET', url: '/api/vault/items', headers: h })).json().items.map((i: { name: string }) => i.name);
    expect(mine).toEqual(['Mine', 'mine.pdf']);
    expect((await t.app.inject({ method: 'GET', url: '/api/vault/shares', headers: h })).json().shares).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/vault/usage', headers: h })).json().files).toBe(1);
    expect(await snapshot()).toEqual(before);
    expect(outbox(t.config.dataDir).length).toBe(mails);
  });

  it('every vault route needs a session', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/vault/items'],
      ['GET', '/api/vault/usage'],
      ['POST', '/api/vault/folders'],
      ['PATCH', '/api/vault/items/3f1c2b9e-1111-4222-8333-444455556666'],
      ['DELETE', '/api/vault/items/3f1c2b9e-1111-4222-8333-444455556666'],
      ['GET', '/api/vault/items/3f1c2b9e-1111-4222-8333-444455556666/download'],
      ['GET', '/api/vault/items/3f1c2b9e-1111-4222-8333-444455556666/zip'],
      ['GET', '/api/vault/shares'],
      ['POST', '/api/file'],
      ['POST', '/api/vault/uploads'],
    ];
    for (const [method, url] of routes) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: { 'tus-resumable': '1.0.0', 'upload-length': '5' } });
      expect([method, url, res.statusCode]).toEqual([method, url, 401]);
    }
  });
});

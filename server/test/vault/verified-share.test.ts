import { startTestApp, signUp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

test('sharing needs a verified email: 403 email_not_verified and no share created, then allowed once verified', async () => {
  const user = await signUp(t.app);
  const folder = await t.app.inject({ method: 'POST', url: '/api/vault/folders', headers: user.auth, payload: { name: 'Reports', parentId: null } });
  expect(folder.statusCode).toBe(201);
  const id = folder.json().id ?? folder.json().item?.id;
  const share = () => t.app.inject({ method: 'POST', url: `/api/vault/items/${id}/shares`, headers: user.auth, payload: { emails: ['colleague@example.org'] } });
  const refused = await share();
  expect(refused.statusCode).toBe(403);
  expect(refused.json().error.code).toBe('email_not_verified');
  expect((await t.app.inject({ url: '/api/vault/shares', headers: user.auth })).json().shares).toEqual([]);
  await t.app.database.db.updateTable('users').set({ email_verified: true }).where('id', '=', user.userId).execute();
  expect((await share()).statusCode).toBe(201);
});

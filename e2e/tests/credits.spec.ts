import { expect, test, type Page } from '@playwright/test';
import { createVerifiedAccount as createAccount, signIn } from '../fixtures/account';
import { appUrl } from '../fixtures/paths';
import { apiFetch } from '../fixtures/http';

/**
 * Credits as a clinician meets them, in Chromium against the real server: a credit buys a patient's
 * search, so changing the scope of the same patient costs nothing; with no credits left a bought
 * patient's results still open and widen, and only a new patient's search asks to upgrade; "Search
 * now" on a scope not yet run shows its results at once.
 */

let account: { email: string; jwt: string };
const api = (path: string, method: string, body?: unknown) =>
  apiFetch(`${appUrl}/api${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${account.jwt}` }, body: body === undefined ? undefined : JSON.stringify(body) }).then(async (r) => {
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return r.json();
  });

/** A complete lung folder near Milan, answered through the survey API. */
async function lungFolder(name: string): Promise<string> {
  const folder = (await api('/patients', 'POST', { name, focusArea: 'lung' })) as { id: string };
  const answers: Array<[string, unknown]> = [['diagnosis.lung', 'LUAD'], ['age', 64], ['gender', 'male'], ['ecog', '1'], ['stage.lung', 'IVA'], ['metastatic', 'yes'], ['metastasis_sites', ['bone']], ['alterations', ['EGFR L858R']]];
  for (const [questionId, value] of answers) await api('/survey/answer', 'POST', { patientId: folder.id, focusArea: 'lung', questionId, value });
  await api('/survey/location/answers', 'POST', { patientId: folder.id, focusArea: 'lung', location: { id: 'city:3173435', sessionToken: crypto.randomUUID() } });
  return folder.id;
}

async function pickScope(page: Page, scope: 'country-' | 'continent-' | 'global' | 'radius-500') {
  await page.getByTestId('search-scope').click();
  // the open list's option (the closed select shows the current one with the same test id)
  await page.locator('.ant-select-item-option').getByTestId(`scope-${scope}`).click();
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  account = await createAccount();
  // the server imports the shared trial data in the background after start
  for (const deadline = Date.now() + 280_000; ; ) {
    const r = (await api('/trials/matchminer/pre-filter', 'POST', { patient: { oncotreeCode: 'LUAD' } })) as { total: number };
    if (r.total > 0) break;
    if (Date.now() > deadline) throw new Error('the trial knowledge base did not load');
    await new Promise((res) => setTimeout(res, 2000));
  }
  await api('/user', 'PATCH', [{ op: 'add', path: '/acceptedClinicalTrialsDisclaimer', value: true }]);
});

test('a credit buys a patient\'s search: scopes are free, cached results always open, only a new patient asks to upgrade', async ({ page }) => {
  test.setTimeout(240_000);
  const bought = await lungFolder('Bought patient');
  await signIn(page, account.email);
  const left = page.getByTestId('searches-left');

  // "Search now" on a results URL for a scope not yet run: one credit, results at once
  await page.goto(`/clinical-trials/${bought}/results?search=continent%3AEurope`);
  await page.getByTestId('results-run-now').click();
  await expect(page.getByTestId('results-list')).toBeVisible({ timeout: 30_000 });
  await expect(left).toHaveText(/9/);

  // other scopes of the same patient: no credit, and the page says so
  const free = page.waitForResponse((r) => r.url().includes('/api/trials/find-match') && r.request().method() === 'POST');
  await pickScope(page, 'global');
  expect(await (await free).json()).toMatchObject({ charged: false, searchesLeft: 9 });
  await page.waitForURL(/search=global/);
  await expect(page.getByText(/No credit used/).first()).toBeVisible();
  await pickScope(page, 'country-');
  await page.waitForURL(/search=country/);
  await expect(page.getByTestId('results-list').or(page.getByTestId('none-found'))).toBeVisible();
  await expect(left).toHaveText(/9/);

  // spend the remaining credits on other patients
  for (let i = 0; i < 9; i++) await api('/trials/find-match', 'POST', { patientId: await lungFolder(`Other ${i}`), location: { scope: 'global' } });
  await page.reload();
  await expect(left).toHaveText(/0/);

  // with no credits: the bought patient's results open and widen
  await page.goto(`/clinical-trials/${bought}/results?search=global`);
  await expect(page.getByTestId('results-list')).toBeVisible();
  const widened = page.waitForResponse((r) => r.url().includes('/api/trials/find-match') && r.request().method() === 'POST');
  await pickScope(page, 'radius-500');
  const w = await widened;
  expect([w.status(), (await w.json()).charged]).toEqual([200, false]);
  await page.waitForURL(/search=radius%3A500/);
  await expect(page.getByTestId('results-list').or(page.getByTestId('none-found'))).toBeVisible();
  await expect(page.getByTestId('upgrade-prompt-body')).toBeHidden();
  await page.screenshot({ path: 'test-results/screens/credits-zero-bought-patient.png' });

  // a new patient's search asks to upgrade and changes nothing
  const fresh = await lungFolder('New patient');
  await page.goto(`/clinical-trials/${fresh}/results?search=global`);
  await page.getByTestId('results-run-now').click();
  await expect(page.getByTestId('upgrade-prompt-body')).toBeVisible();
  await expect(left).toHaveText(/0/);
  await page.waitForTimeout(500); // the prompt's opening animation
  await page.screenshot({ path: 'test-results/screens/credits-zero-new-patient.png' });
});

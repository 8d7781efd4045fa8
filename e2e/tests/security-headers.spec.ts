import { chromium, expect, test, type Page, type Response } from '@playwright/test';
import { createVerifiedAccount, signIn, uniqueEmail } from '../fixtures/account';
import { linkIn, waitForMail } from '../fixtures/mailbox';
import { appUrl, chromiumPath, embedPort } from '../fixtures/paths';
import { apiFetch } from '../fixtures/http';

/**
 * The app under its Content-Security-Policy (issue 16), in Chromium: signed in, the main pages — vault
 * (upload, a modal, PDF and image previews, sharing), the public download page, the trial wizard,
 * results, trial detail and match graph, the assistant, the profile — the API documentation and the
 * embedding page run with no violation reported (securitypolicyviolation events and console messages
 * naming the policy), and antd's styles are applied (they arrive as <style> elements with the nonce).
 */

/** Every CSP violation the page reports, from the first script on (survives navigations). */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeBinding('__oncodeskCspViolation', (_source, text: string) => void violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __oncodeskCspViolation(text: string): void }).__oncodeskCspViolation;
      void report(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber}) on ${location.pathname}`);
    });
  });
  page.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) violations.push(`console ${m.type()}: ${m.text()}`);
  });
  return violations;
}

/** The directives of a response's CSP header, by name. */
function policyOf(response: Response | null): Record<string, string[]> {
  const header = response?.headers()['content-security-policy'];
  expect(header, 'a Content-Security-Policy header').toBeTruthy();
  return Object.fromEntries(header!.split(';').map((d) => d.trim().split(/\s+/)).filter((p) => p[0]).map(([name, ...values]) => [name, values]));
}
const nonceIn = (sources: string[]) => sources.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);

/** antd's theme reached the page: a primary button is painted in the theme's purple (#5b3cc4). */
async function expectAntdStyled(page: Page, testId: string) {
  await expect(page.getByTestId(testId)).toHaveCSS('background-color', 'rgb(91, 60, 196)');
}

// a one-page PDF the browser's viewer can open
const onePagePdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
// a 1×1 PNG
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1c5e10000000049454e44ae426082',
  'hex',
);

test.beforeAll(async () => {
  // searches need the trial knowledge base, which the server loads in the background after start
  test.setTimeout(300_000);
  await expect
    .poll(
      async () => {
        const r = await apiFetch(`${appUrl}/api/health`);
        return ((await r.json()) as { trials: { ready: boolean } }).trials.ready;
      },
      { timeout: 280_000, intervals: [2000] },
    )
    .toBe(true);
});

test('signed in, the main pages run under the policy with no violation, antd styles applied', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const violations = await watchCsp(page);
  const { email, jwt } = await createVerifiedAccount();
  const api = (p: string, body: unknown) =>
    apiFetch(`${appUrl}/api${p}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` }, body: JSON.stringify(body) }).then((r) => r.json());

  // The page's policy: no inline script, a nonce that the served page hands to its styles.
  const first = await page.goto('/login');
  const policy = policyOf(first);
  expect(policy['script-src']).not.toContain("'unsafe-inline'");
  expect(policy['style-src']).not.toContain("'unsafe-inline'");
  expect(policy['object-src']).toEqual(["'none'"]);
  const styleNonce = nonceIn(policy['style-src']);
  expect(styleNonce).toBeTruthy();
  expect(await page.locator('meta[property="csp-nonce"]').evaluate((m) => (m as HTMLMetaElement).nonce)).toBe(styleNonce);
  // browsers hide the value from the DOM attribute (so CSS selectors cannot read it)
  expect(await page.locator('meta[property="csp-nonce"]').getAttribute('nonce')).toBe('');
  expect(first!.headers()['x-content-type-options']).toBe('nosniff');
  expect(first!.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  await expectAntdStyled(page, 'login-submit');
  // a reload gets a fresh nonce
  expect(nonceIn(policyOf(await page.reload())['style-src'])).not.toBe(styleNonce);

  await signIn(page, email);

  // Vault: uploads, a modal (its scroll lock is a library <style>), previews, a share.
  await page.goto('/vault');
  await expectAntdStyled(page, 'upload-files');
  await page.getByTestId('file-input').setInputFiles([
    { name: 'letter.pdf', mimeType: 'application/pdf', buffer: onePagePdf },
    { name: 'scan.png', mimeType: 'image/png', buffer: png },
  ]);
  await expect(page.locator('[data-testid="upload-row"][data-status="done"]')).toHaveCount(2, { timeout: 30_000 });
  await page.getByTestId('new-folder').click();
  await expect(page.getByTestId('name-input')).toBeVisible();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflowY)).toBe('hidden');
  await page.keyboard.press('Escape');
  const act = async (item: string, action: RegExp) => {
    await page.getByTestId(`menu-${item}`).click();
    await page.getByRole('menuitem', { name: action }).click();
  };
  await act('letter.pdf', /Preview/);
  await expect(page.getByTestId('preview-pdf')).toBeVisible();
  await page.waitForTimeout(1500); // the browser's PDF viewer loads in the frame (and may take the focus: no Escape)
  const closePreview = () => page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await closePreview();
  await expect(page.getByTestId('preview-pdf')).toHaveCount(0);
  await act('scan.png', /Preview/);
  await expect(page.getByTestId('preview-image')).toBeVisible();
  await expect.poll(() => page.getByTestId('preview-image').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
  await closePreview();
  const guestEmail = uniqueEmail('csp-guest');
  const since = Date.now();
  await act('letter.pdf', /Share/);
  await page.getByTestId('share-email').fill(guestEmail);
  await page.getByTestId('share-submit').click();
  await expect(page.getByTestId(`share-row-${guestEmail}`)).toContainText('Active');
  await page.keyboard.press('Escape');
  const link = linkIn(await waitForMail(guestEmail, /shared "letter\.pdf"/, { since }), `${appUrl}/download/`);

  // The public download page, signed out in a fresh browser.
  const visitor = await browser.newContext();
  const guest = await visitor.newPage();
  const guestViolations = await watchCsp(guest);
  const shared = await guest.goto(link);
  expect(nonceIn(policyOf(shared)['style-src'])).toBeTruthy();
  await expect(guest.getByTestId('download-name')).toHaveText('letter.pdf');
  const downloading = guest.waitForEvent('download');
  await guest.getByTestId('download-button').click();
  expect((await downloading).suggestedFilename()).toBe('letter.pdf');
  await visitor.close();
  expect(guestViolations).toEqual([]);

  // Trials: a lung folder answered through the API, the wizard, results, detail and match graph.
  const folder = (await api('/patients', { name: 'CSP patient', focusArea: 'lung' })) as { id: string };
  for (const [questionId, value] of [['diagnosis.lung', 'LUAD'], ['age', 64], ['gender', 'female'], ['ecog', '1'], ['metastatic', 'yes'], ['alterations', ['EGFR L858R']]] as const)
    await api('/survey/answer', { patientId: folder.id, focusArea: 'lung', questionId, value });
  await expect
    .poll(async () => ((await api('/trials/find-match', { patientId: folder.id, location: { scope: 'global' } })) as { results?: unknown[] }).results?.length ?? 0, { timeout: 60_000, intervals: [2000] })
    .toBeGreaterThan(0);
  await page.goto(`/clinical-trials/${folder.id}/survey/age`);
  await expect(page.getByTestId('question-text')).toBeVisible();
  await page.goto(`/clinical-trials/${folder.id}/results?search=global`);
  const card = page.getByTestId('trial-card').first();
  await expect(card).toBeVisible({ timeout: 30_000 });
  await card.getByTestId('trial-title').click();
  await expect(page.getByTestId('trial-detail')).toBeVisible();
  await page.getByRole('tab', { name: 'Evaluation' }).click();
  await page.getByTestId('open-graph').click();
  await expect(page.getByTestId('match-graph')).toBeVisible();
  await expect(page.getByTestId('graph-node-diagnosis')).toBeVisible();
  // @xyflow/react's base styles are injected with the nonce: its viewport is positioned by them
  await expect(page.locator('.react-flow__renderer')).toHaveCSS('z-index', '4');

  // The assistant: the composer grows with its text (antd TextArea autoSize), a question is answered.
  await page.goto(`/clinical-trials/${folder.id}/results?search=global`);
  await page.getByTestId('trial-card').first().getByTestId('ask-trial-card').click();
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}/);
  const input = page.getByTestId('composer-input');
  const oneLine = await input.evaluate((e) => e.getBoundingClientRect().height);
  await input.fill('Why does this trial match or not?\nWhich criteria are unknown?\nAnd the exclusions?\nAnd the sites?');
  await expect.poll(() => input.evaluate((e) => e.getBoundingClientRect().height)).toBeGreaterThan(oneLine);
  await page.getByTestId('composer-send').click();
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last().getByTestId('message-content')).not.toBeEmpty({ timeout: 30_000 });

  await page.goto('/profile');
  await expect(page.getByTestId('profile-email')).toHaveText(email);
  await expectAntdStyled(page, 'profile-save');

  expect(violations).toEqual([]);
});

test('the API documentation renders under the policy', async ({ page }) => {
  const violations = await watchCsp(page);
  const res = await page.goto('/api/docs');
  expect(policyOf(res)['script-src']).not.toContain("'unsafe-inline'");
  await expect(page.locator('.swagger-ui .info .title')).toContainText('OncoDesk API');
  await expect(page.locator('.swagger-ui .opblock').first()).toBeVisible();
  await page.locator('.swagger-ui .opblock-summary').first().click();
  await expect(page.locator('.swagger-ui .opblock-body').first()).toBeVisible();
  expect(violations).toEqual([]);
});

const embedUrl = `http://127.0.0.1:${embedPort}/?app=${encodeURIComponent(appUrl)}&remote=auth&lang=en-US`;

test('the embedding page mounts a remote from the app (its files may be loaded across origins)', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto(embedUrl);
  await expect(page.locator('body')).toHaveAttribute('data-mounted', 'yes');
  await expect(page.locator('#widget').getByTestId('login-submit')).toHaveCSS('background-color', 'rgb(91, 60, 196)');
  expect(violations).toEqual([]);
});

test("an embedding page with its own nonce-based policy hands its nonce to the remote's styles (mount props)", async () => {
  // The partner page here is served by Playwright (route.fulfill), which Chromium counts as a public page
  // reaching the app on the loopback address and stops (Local Network Access); a real partner page and
  // app would both be public. So this one test runs in its own browser with that check off.
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-features=LocalNetworkAccessChecks'] });
  try {
    const page = await browser.newPage();
    const violations = await watchCsp(page);
    const nonce = 'cGFydG5lci1wb3J0YWwtbm9uY2U';
    // The partner's page as it would serve itself: a strict policy of its own, its inline code nonced,
    // and the nonce passed to mount().
    await page.route(`http://127.0.0.1:${embedPort}/**`, async (route) => {
      const original = await route.fetch();
      const html = (await original.text())
        .replace(/<(script|style)>/g, `<$1 nonce="${nonce}">`)
        .replace('initialPath: params.get', `nonce: '${nonce}',\n            initialPath: params.get`);
      await route.fulfill({
        response: original,
        body: html,
        headers: {
          ...original.headers(),
          'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}' ${appUrl}; style-src 'nonce-${nonce}'; connect-src ${appUrl}; img-src data: ${appUrl}; base-uri 'none'`,
        },
      });
    });
    await page.goto(embedUrl);
    await expect(page.locator('body')).toHaveAttribute('data-mounted', 'yes');
    const widget = page.locator('#widget');
    await expect(widget.getByTestId('login-submit')).toHaveCSS('background-color', 'rgb(91, 60, 196)');
    await expect(widget.getByTestId('beta-notice')).toBeVisible();
    expect(violations).toEqual([]);
  } finally {
    await browser.close();
  }
});

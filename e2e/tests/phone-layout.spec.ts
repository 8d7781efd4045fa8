import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, createVerifiedAccount, signIn, uniqueEmail } from '../fixtures/account';
import { appUrl } from '../fixtures/paths';
import { apiFetch } from '../fixtures/http';
import { linkIn, waitForMail } from '../fixtures/mailbox';
import { skipPhoneHint } from '../fixtures/phoneHint';
import { shareLink, uploadFile } from '../fixtures/vaultShare';

test.beforeEach(({ page }) => skipPhoneHint(page));

/**
 * A phone (375 px): no page scrolls sideways (long site names, trial titles, tags and file names wrap),
 * in Spanish over every route (signed in and signed out: sign-up, password recovery, the email
 * verification landing, the public download page), in Italian over the signed-in routes and the signed-out
 * ones; the sidebar's labels are whole (not cut with an ellipsis) in Italian at desktop width and at 375 px;
 * and the wizard's pages and the new-folder dialog have no serious or critical accessibility violation
 * (axe-core: labels tied to inputs, names on buttons, ARIA used correctly).
 */
test.use({ viewport: { width: 375, height: 812 } });

// where the screenshots go (read them: a page can fit and still be unreadable)
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screens';

/** The page is no wider than the viewport (nothing makes it scroll sideways); a full-page screenshot is kept to read. */
async function noSideScroll(page: Page, name: string, lang: 'es' | 'it' = 'es') {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/phone-${name}-375-${lang}.png`, fullPage: true });
  const { scrollWidth, innerWidth, wide } = await page.evaluate(() => {
    const vw = window.innerWidth;
    // the elements that stick out, to say what to fix when the page is too wide
    const wide = [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > vw + 1 && e.getBoundingClientRect().width > 0)
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 40)} "${(e.textContent ?? '').slice(0, 40)}"`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: vw, wide };
  });
  expect(scrollWidth, `${name}: the page is ${scrollWidth} px wide in a ${innerWidth} px viewport (${wide.join('; ')})`).toBeLessThanOrEqual(innerWidth);
}

/**
 * Every label of the sidebar is whole: no element in it (the sidebar itself included) is cut, i.e. wider
 * than its box (scrollWidth > clientWidth: an ellipsis or hidden overflow); a screenshot of it is kept.
 */
async function sidebarLabelsWhole(page: Page, name: string) {
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByTestId('nav-trials')).toBeVisible();
  await page.waitForTimeout(400);
  await sidebar.screenshot({ path: `${SHOTS}/sidebar-${name}.png` });
  const labels = await sidebar.locator('.od-nav a > span:not(.anticon)').allInnerTexts();
  expect(labels.length, `${name}: the menu's labels`).toBe(3);
  const cut = await sidebar.evaluate((aside) =>
    [aside, ...aside.querySelectorAll('*')]
      .filter((e) => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 40)} "${(e.textContent ?? '').slice(0, 50)}" (${e.scrollWidth} > ${e.clientWidth})`),
  );
  expect(cut, `${name}: sidebar labels cut`).toEqual([]);
  // nor is its bottom (language, profile) cut off: a sidebar taller than the window scrolls
  const { overflowY, scrollHeight, clientHeight } = await sidebar.evaluate((e) => ({ overflowY: getComputedStyle(e).overflowY, scrollHeight: e.scrollHeight, clientHeight: e.clientHeight }));
  expect(overflowY === 'hidden' && scrollHeight > clientHeight, `${name}: the sidebar's bottom is cut (${scrollHeight} > ${clientHeight})`).toBe(false);
}

async function noSeriousA11y(page: Page, name: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${name}: serious accessibility violations`).toEqual([]);
}

/** The id of the survey's last step for a folder (the step whose button starts the search). */
async function lastStep(jwt: string, folder: string): Promise<string> {
  const res = await apiFetch(`${appUrl}/api/survey/patient-data?patientId=${encodeURIComponent(folder)}`, { headers: { authorization: `Bearer ${jwt}` } });
  const { actions } = (await res.json()) as { actions: { visible: string[] } };
  return actions.visible[actions.visible.length - 1];
}

/** A lung patient in New York (the results carry long US site names) with a global search run; the folder id. */
async function newYorkPatient(jwt: string): Promise<string> {
  const api = async (p: string, method = 'GET', body?: unknown) => {
    const res = await apiFetch(`${appUrl}/api${p}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` }, body: body === undefined ? undefined : JSON.stringify(body) });
    return res.json();
  };
  const folder = (await api('/patients', 'POST', { name: 'Paciente teléfono con un nombre bastante largo', focusArea: 'lung' })) as { id: string };
  const answers: Array<[string, unknown]> = [['diagnosis.lung', 'LUAD'], ['age', 64], ['gender', 'female'], ['ecog', '1'], ['stage.lung', 'IVA'], ['metastatic', 'yes'], ['alterations', ['EGFR L858R']]];
  for (const [questionId, value] of answers) await api('/survey/answer', 'POST', { patientId: folder.id, focusArea: 'lung', questionId, value });
  const place = (await api(`/maps/suggest?q=New%20York&types=city&sessionToken=${randomUUID()}`)) as { suggestions: Array<{ id: string }> };
  await api('/survey/location/answers', 'POST', { patientId: folder.id, focusArea: 'lung', location: { id: place.suggestions[0].id, sessionToken: randomUUID() } });
  // the server loads the shared trials at start: search once they are there
  await expect
    .poll(async () => ((await api('/trials/find-match', 'POST', { patientId: folder.id, location: { scope: 'global' } })) as { results?: unknown[] }).results?.length ?? 0, { timeout: 120_000, intervals: [2000] })
    .toBeGreaterThan(0);
  return folder.id;
}

test('every page fits a 375 px phone in Spanish: no sideways scroll, graph nodes apart', async ({ page }) => {
  test.setTimeout(300_000);
  await page.addInitScript(() => localStorage.setItem('oncodesk.language', JSON.stringify('es-ES')));
  const { email, jwt } = await createVerifiedAccount();
  const folder = await newYorkPatient(jwt);

  await page.goto('/login');
  await expect(page.getByTestId('login-email')).toBeVisible({ timeout: 30_000 });
  await noSideScroll(page, 'sign-in');
  await signIn(page, email);

  const visit = async (name: string, path: string, ready: string) => {
    await page.goto(path);
    await expect(page.getByTestId(ready).first()).toBeVisible({ timeout: 30_000 });
    await noSideScroll(page, name);
  };
  await visit('folders', '/clinical-trials', 'trials-page');
  await visit('choice', `/clinical-trials/${folder}`, 'choice-page');
  for (const step of ['diagnosis.lung', 'age', 'alterations']) await visit(`survey-${step.replace(/\W/g, '-')}`, `/clinical-trials/${folder}/survey/${step}`, 'question-text');
  // the last step: what the search will cost, stated beside its button
  await visit('survey-last', `/clinical-trials/${folder}/survey/${await lastStep(jwt, folder)}`, 'search-cost');

  await visit('results', `/clinical-trials/${folder}/results?search=global`, 'trial-card');
  // a trial with a nearest site: its long tag ("5758 km · NYP / Columbia University Medical Center / …") wraps inside the card
  const withSite = page.locator('[data-testid="trial-card"]:has([data-testid="chip-distance"])').first();
  await expect(withSite).toBeVisible();
  await withSite.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/phone-results-site-375-es.png` });
  for (const el of [withSite, withSite.getByTestId('chip-distance')]) expect(await el.evaluate((e) => e.getBoundingClientRect().right)).toBeLessThanOrEqual(375);
  const nct = (await withSite.getAttribute('data-trial-id'))!;
  for (const tab of ['overview', 'locations', 'inclusion', 'exclusion', 'evaluation']) await visit(`trial-${tab}`, `/clinical-trials/${folder}/trial/${encodeURIComponent(nct)}?search=global&tab=${tab}`, 'trial-detail');

  await visit('graph', `/clinical-trials/${folder}/graph/${encodeURIComponent(nct)}?search=global`, 'match-graph');
  await expect(page.locator('.react-flow__node').first()).toBeVisible();
  // nodes laid out without overlapping one another
  const boxes = await page.locator('.react-flow__node').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, w: r.width, h: r.height })));
  expect(boxes.length).toBeGreaterThan(5);
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i], boxes[j]];
      const overlap = a.x < b.x + b.w - 1 && b.x < a.x + a.w - 1 && a.y < b.y + b.h - 1 && b.y < a.y + a.h - 1;
      expect(overlap, `graph nodes ${i} and ${j} overlap`).toBe(false);
    }

  await visit('guidelines', `/clinical-trials/${folder}/recommendations`, 'recommendations-page');
  await visit('reports', `/clinical-trials/${folder}/reports`, 'reports-page');
  await visit('print', `/clinical-trials/${folder}/print?search=global`, 'print-trial');
  await visit('vault', '/vault', 'vault-page');
  // the assistant with an answer in it (long criterion sentences, citations)
  await page.goto(`/clinical-trials/${folder}/trial/${encodeURIComponent(nct)}?search=global`);
  await page.getByTestId('ask-trial').click();
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}/);
  await page.getByTestId('composer-input').fill('¿Por qué este ensayo encaja o no con la paciente?');
  await page.getByTestId('composer-send').click();
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last().getByTestId('message-content')).toContainText(nct, { timeout: 30_000 });
  await noSideScroll(page, 'chat');
  await visit('chat-list', '/chat', 'chat-page');
  await visit('profile', '/profile', 'profile-email');
});

test('the new-folder dialog and the wizard pages pass axe-core at 375 px (no serious violation)', async ({ page }) => {
  test.setTimeout(240_000);
  await page.addInitScript(() => localStorage.setItem('oncodesk.language', JSON.stringify('es-ES')));
  const { email, jwt } = await createVerifiedAccount();
  const folder = await newYorkPatient(jwt);
  await signIn(page, email);
  await page.goto('/clinical-trials');
  await expect(page.getByTestId('trials-page')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('folder-new').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await noSeriousA11y(page, 'new-folder dialog');
  await page.keyboard.press('Escape');
  for (const step of ['diagnosis.lung', 'age', 'gender', 'metastatic', 'alterations']) {
    await page.goto(`/clinical-trials/${folder}/survey/${step}`);
    await expect(page.getByTestId('question-text')).toBeVisible({ timeout: 30_000 });
    await noSeriousA11y(page, `survey ${step}`);
  }
});

for (const lang of ['es', 'it'] as const) {
  test(`the signed-out pages fit a 375 px phone in ${lang === 'es' ? 'Spanish' : 'Italian'}: sign-in, sign-up, recovery, verification, shared download`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const language = lang === 'es' ? 'es-ES' : 'it-IT';
    await page.addInitScript((l) => localStorage.setItem('oncodesk.language', JSON.stringify(l)), language);
    const visit = async (name: string, path: string, ready: string) => {
      await page.goto(path);
      await expect(page.getByTestId(ready).first()).toBeVisible({ timeout: 30_000 });
      await noSideScroll(page, name, lang);
    };
    await visit('sign-in', '/login', 'login-email');
    await visit('sign-up', '/signup', 'signup-email');
    await visit('recover', '/recover-pass', 'recover-email');
    await visit('recover-new-password', `/recover-pass?token=${'Q'.repeat(43)}`, 'reset-password');
    // the pending page names the address the mail went to: a long one wraps
    await page.evaluate(() => localStorage.setItem('oncodesk.signupEmail', JSON.stringify('dra.maria-fernanda.gutierrez-villanueva.oncologia@hospital-universitario-example.org')));
    await visit('verification-pending', '/verification', 'verification-pending');
    // the landing of the link in the verification mail, with a real token
    const { email, jwt } = await createAccount(uniqueEmail(`phone-${lang}`));
    const link = linkIn(await waitForMail(email, /verif/i), `${appUrl}/verification?token=`);
    await visit('verification-done', link.replace(appUrl, ''), 'verification-done');
    await visit('verification-bad-link', `/verification?token=${'Q'.repeat(43)}`, 'link-invalid');

    // the public page of a shared file, signed out in a fresh browser: a long file name without spaces wraps
    const name = 'informe-anatomopatologico.pdf'; // 29 characters, the most a vault name has is 30
    const item = await uploadFile(jwt, name);
    const guestLink = await shareLink(jwt, item, name, uniqueEmail(`phone-guest-${lang}`));
    const visitor = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const guest = await visitor.newPage();
    await guest.addInitScript((l) => localStorage.setItem('oncodesk.language', JSON.stringify(l)), language);
    await guest.goto(guestLink);
    await expect(guest.getByTestId('download-name')).toHaveText(name, { timeout: 30_000 });
    await expect(guest.getByTestId('download-button')).toBeVisible();
    await noSideScroll(guest, 'download', lang);
    expect(await guest.getByTestId('download-button').evaluate((e) => e.getBoundingClientRect().right)).toBeLessThanOrEqual(375);
    await visitor.close();
  });
}

test('the signed-in pages in Italian: no sideways scroll at 375 px, the sidebar labels whole at desktop width and on the phone', async ({ page }) => {
  test.setTimeout(300_000);
  await page.addInitScript(() => {
    localStorage.setItem('oncodesk.language', JSON.stringify('it-IT'));
    localStorage.setItem('oncodesk.expandedStatus', 'true');
  });
  const { email, jwt } = await createVerifiedAccount();
  const folder = await newYorkPatient(jwt);

  // desktop width: the expanded sidebar, where "Procedura guidata sperimentazioni cliniche" was cut
  await page.setViewportSize({ width: 1366, height: 850 });
  await signIn(page, email);
  await page.goto('/clinical-trials');
  await expect(page.getByTestId('trials-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-expanded', 'true');
  await expect(page.getByTestId('nav-trials')).toContainText('Procedura guidata sperimentazioni cliniche');
  await sidebarLabelsWhole(page, 'desktop-1366-it');
  await page.setViewportSize({ width: 1024, height: 768 });
  await sidebarLabelsWhole(page, 'desktop-1024-it');

  await page.setViewportSize({ width: 375, height: 812 });
  const visit = async (name: string, path: string, ready: string) => {
    await page.goto(path);
    await expect(page.getByTestId(ready).first()).toBeVisible({ timeout: 30_000 });
    await noSideScroll(page, name, 'it');
  };
  await visit('folders', '/clinical-trials', 'trials-page');
  // the phone's menu: the sidebar over the whole screen
  await page.getByTestId('mobile-menu').click();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-mobile-open', 'true');
  await sidebarLabelsWhole(page, 'phone-375-it');
  await noSideScroll(page, 'menu', 'it');
  await page.getByTestId('nav-trials').click();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-mobile-open', 'false');

  await visit('choice', `/clinical-trials/${folder}`, 'choice-page');
  for (const step of ['diagnosis.lung', 'age', 'alterations']) await visit(`survey-${step.replace(/\W/g, '-')}`, `/clinical-trials/${folder}/survey/${step}`, 'question-text');
  // the last step: what the search will cost, stated beside its button
  await visit('survey-last', `/clinical-trials/${folder}/survey/${await lastStep(jwt, folder)}`, 'search-cost');
  // the results page, and the trial pages of the search's first result (read from the API: a results page
  // that fails to show its cards is reported without hiding whether the other pages fit)
  await page.goto(`/clinical-trials/${folder}/results?search=global`);
  await expect.soft(page.getByTestId('trial-card').first(), 'results (it): the trial cards').toBeVisible({ timeout: 30_000 });
  await noSideScroll(page, 'results', 'it');
  const cached = await apiFetch(`${appUrl}/api/trials/find-match?patientId=${encodeURIComponent(folder)}&searchKey=global`, { headers: { authorization: `Bearer ${jwt}` } });
  const nct = ((await cached.json()) as { results: Array<{ trial: { id: string } }> }).results[0].trial.id;
  for (const tab of ['overview', 'locations', 'inclusion', 'exclusion', 'evaluation']) await visit(`trial-${tab}`, `/clinical-trials/${folder}/trial/${encodeURIComponent(nct)}?search=global&tab=${tab}`, 'trial-detail');
  await visit('graph', `/clinical-trials/${folder}/graph/${encodeURIComponent(nct)}?search=global`, 'match-graph');
  await visit('guidelines', `/clinical-trials/${folder}/recommendations`, 'recommendations-page');
  await visit('reports', `/clinical-trials/${folder}/reports`, 'reports-page');
  await visit('print', `/clinical-trials/${folder}/print?search=global`, 'print-trial');
  await visit('vault', '/vault', 'vault-page');
  await visit('chat-list', '/chat', 'chat-page');
  await visit('profile', '/profile', 'profile-email');
});

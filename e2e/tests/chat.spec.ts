import { expect, test } from '@playwright/test';
import { createVerifiedAccount as createAccount, signIn } from '../fixtures/account';
import { appUrl } from '../fixtures/paths';
import { apiFetch } from '../fixtures/http';
import { skipPhoneHint } from '../fixtures/phoneHint';

test.beforeEach(({ page }) => skipPhoneHint(page));

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screens';

/**
 * The assistant, in Italian at 375 px: from a trial in the results, ask why it matches or not, open a
 * cited criterion, give feedback (a category is required), mark the answer useful, reload and find the
 * conversation with its history; then follow-ups that name no trial (the one discussed is kept), one typed
 * in Spanish (answered in Spanish) and, with the interface in English on a desktop screen, one in English.
 * The embedded engine answers (no model is configured here).
 */
test('ask about a trial from the results, open a source, give feedback, find it again (Italian, 375 px)', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 375, height: 812 });
  // Italian unless the test switches the language later (an init script runs again on every reload)
  await page.addInitScript(() => localStorage.getItem('oncodesk.language') || localStorage.setItem('oncodesk.language', JSON.stringify('it-IT')));
  const { email, jwt } = await createAccount();
  const api = (p: string, body: unknown) => apiFetch(`${appUrl}/api${p}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` }, body: JSON.stringify(body) }).then((r) => r.json());
  const folder = (await api('/patients', { name: 'Paziente chat', focusArea: 'lung' })) as { id: string };
  for (const [questionId, value] of [['diagnosis.lung', 'LUAD'], ['age', 64], ['gender', 'female'], ['ecog', '1'], ['metastatic', 'yes'], ['alterations', ['EGFR L858R']]] as const)
    await api('/survey/answer', { patientId: folder.id, focusArea: 'lung', questionId, value });
  // the server loads the shared trials at start: search once they are there
  await expect.poll(async () => ((await api('/trials/find-match', { patientId: folder.id, location: { scope: 'global' } })) as { results?: unknown[] }).results?.length ?? 0, { timeout: 120_000, intervals: [2000] }).toBeGreaterThan(0);

  await signIn(page, email);
  await page.goto(`/clinical-trials/${folder.id}/results?search=global`);
  const card = page.getByTestId('trial-card').first();
  const trialId = await card.getAttribute('data-trial-id');
  await card.getByTestId('ask-trial-card').click();
  // a conversation on that trial, with a suggested question in Italian
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}/);
  await expect(page.getByTestId('chat-disclaimer')).toBeVisible();
  const input = page.getByTestId('composer-input');
  await expect(input).not.toHaveValue('');
  await input.fill('Perché questo studio è compatibile o no con la paziente?');
  await page.getByTestId('composer-send').click();
  const answer = page.locator('[data-testid="message"][data-role="assistant"]').last();
  await expect(answer.getByTestId('message-content')).toContainText(trialId!, { timeout: 30_000 });
  await expect(answer.getByTestId('message-content')).toContainText(/soddisfatti/);
  await expect(answer.locator('[data-testid="citation"][data-kind="criterion"]').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/chat-answer-375-it.png`, fullPage: true });

  // feedback: the category is required
  await answer.getByTestId('message-feedback').click();
  await page.getByTestId('feedback-submit').click();
  await expect(page.getByTestId('feedback-error')).toBeVisible();
  await page.getByTestId('feedback-category-incorrect').click();
  await page.getByTestId('feedback-text').fill('Il criterio ECOG è già noto');
  await page.getByTestId('feedback-submit').click();
  await expect(answer.getByTestId('message-feedback-given')).toContainText('Errata');
  await answer.getByTestId('message-qualify').click();
  await expect(answer.getByTestId('message-qualify')).toHaveAttribute('data-qualified', 'true');

  // reload: the conversation and its history are there
  const url = page.url();
  await page.reload();
  await expect(page.locator('[data-testid="message"]')).toHaveCount(2);
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').getByTestId('message-qualify')).toHaveAttribute('data-qualified', 'true');
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').getByTestId('message-feedback-given')).toBeVisible();

  // a cited criterion opens the trial's criteria
  await page.locator('[data-testid="message"][data-role="assistant"] [data-testid="citation"][data-kind="criterion"]').first().click();
  await page.waitForURL(new RegExp(`/clinical-trials/${folder.id}/graph/${trialId}`));
  await page.goto(url);
  await expect(page.locator('[data-testid="message"]')).toHaveCount(2);

  // follow-ups: the trial is not named again, the conversation keeps it
  const ask = async (q: string, n: number) => {
    await input.fill(q);
    await page.getByTestId('composer-send').click();
    await expect(page.locator('[data-testid="message"]')).toHaveCount(n);
    return page.locator('[data-testid="message"][data-role="assistant"]').last().getByTestId('message-content');
  };
  const phase = await ask('e di che fase è', 4);
  await expect(phase).toContainText(trialId!, { timeout: 30_000 });
  await expect(phase).toContainText(/fase|non indica/);
  // typed in Spanish in the Italian interface: answered in Spanish, about the same trial
  const sponsor = await ask('¿y quién lo patrocina?', 6);
  await expect(sponsor).toContainText(trialId!, { timeout: 30_000 });
  await expect(sponsor).toContainText(/promotor|registro/);
  await expect(sponsor).not.toContainText(/promotore|scheda/);
  await page.screenshot({ path: `${SHOTS}/chat-followups-375-it-es.png`, fullPage: true });

  // desktop, interface in English: an English follow-up about the same trial
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => localStorage.setItem('oncodesk.language', JSON.stringify('en-US')));
  await page.reload();
  await expect(page.locator('[data-testid="message"]')).toHaveCount(6);
  const excl = await ask('and the exclusion criteria', 8);
  await expect(excl).toContainText(trialId!, { timeout: 30_000 });
  await expect(excl).toContainText(/Exclusion criteria|Inclusion criteria|exclusion|criteria/i);
  await page.screenshot({ path: `${SHOTS}/chat-followups-desktop-en.png`, fullPage: true });
});

import { expect, test } from '@playwright/test';
import { createVerifiedAccount as createAccount, signIn } from '../fixtures/account';
import { appUrl } from '../fixtures/paths';
import { apiFetch } from '../fixtures/http';

/**
 * Treatment options end to end, in Italian at 375 px: a lung adenocarcinoma folder whose survey is
 * half answered, from the choice page to the options (survey incomplete: said), through the rest of the
 * survey (the same questions as the trial path) back to the options, a source expanded, the print view.
 */
test('folder → survey → treatment options → a source → print view (Italian, 375 px)', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.addInitScript(() => {
    localStorage.setItem('oncodesk.language', JSON.stringify('it-IT'));
    // the print dialog cannot open headless: count the calls instead
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  const { email, jwt } = await createAccount();
  const api = (path: string, body: unknown) => apiFetch(`${appUrl}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` }, body: JSON.stringify(body) }).then((r) => r.json());
  const folder = (await api('/patients', { name: 'Paziente opzioni', focusArea: 'lung' })) as { id: string };
  // the first answers come from an earlier visit; the survey continues where they stop
  for (const [questionId, value] of [['diagnosis.lung', 'LUAD'], ['age', 61], ['gender', 'female']] as const) await api('/survey/answer', { patientId: folder.id, focusArea: 'lung', questionId, value });

  await signIn(page, email);
  await page.goto(`/clinical-trials/${folder.id}`);
  // the phone hint opens once, shortly after the first page
  const hint = page.getByTestId('better-experience-ok');
  await hint.waitFor({ state: 'visible', timeout: 5000 }).then(() => hint.click(), () => undefined);
  await page.getByTestId('choice-recommendations').click();
  await page.waitForURL(/\/recommendations$/);
  await expect(page.getByTestId('pack-banner')).toContainText('versione 2026.11.25-2');
  await expect(page.getByTestId('survey-incomplete')).toContainText('Il questionario non è completo');
  // stage and spread are not recorded yet: no option, and the missing fact says so
  await expect(page.getByTestId('recommendations-none')).toBeVisible();
  await expect(page.getByTestId('missing-data')).toContainText('Stage, or whether the disease is metastatic, not recorded');

  await page.getByTestId('recommendations-survey').click();
  await page.waitForURL(/\/survey\/[^?]+\?next=recommendations/);
  for (let i = 0; i < 40 && !page.url().includes('/recommendations'); i++) {
    const id = new URL(page.url()).pathname.split('/').pop();
    if (id === 'metastatic') await page.getByTestId('option-yes').click();
    if (id === 'stage.lung') await page.getByTestId('option-IVB').click();
    if (id === 'ecog') await page.getByTestId('option-1').click();
    if (id === 'prior_lines') await page.getByTestId('answer-number').fill('0');
    if (id === 'alterations') {
      const input = page.getByTestId('answer-autocomplete-variants').getByRole('combobox');
      await input.fill('EGFR L858R');
      await input.press('Enter');
      await expect(page.getByTestId('autocomplete-item')).toHaveText(['EGFR L858R']);
    }
    if (id === 'location') break;
    const before = page.url();
    await page.getByTestId('survey-next').click();
    await page.waitForURL((u) => u.toString() !== before);
  }
  if (!page.url().includes('/recommendations')) {
    // the last question (location) is optional: the button reads "show treatment options"
    await expect(page.getByTestId('survey-next')).toHaveText('Mostra opzioni di trattamento');
    await page.getByTestId('survey-next').click();
  }
  await page.waitForURL(/\/recommendations$/);

  // every required question is answered now (optional ones may stay empty)
  await expect(page.getByTestId('survey-incomplete')).toBeHidden();
  const first = page.getByTestId('recommendation').first();
  await expect(first.getByTestId('recommendation-therapy')).toHaveText('1. Osimertinib');
  await expect(first.getByTestId('evidence-badge')).toHaveText('Indicazione approvata dalla FDA');
  await expect(first.getByTestId('matched-on')).toContainText('patient: EGFR L858R');
  await first.getByTestId('sources').getByText(/Fonti/).click();
  await expect(first.getByTestId('source').first()).toContainText('TAGRISSO (osimertinib)');
  await expect(page.getByTestId('ruled-out')).toContainText('Pembrolizumab');
  await expect(page.getByTestId('not-medical-advice')).toContainText('non sono consigli medici');

  await page.getByTestId('recommendations-print').click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  // in print only the options show, sources included; the shell and the buttons are hidden
  await expect(page.getByTestId('recommendations-print')).toBeHidden();
  await expect(first.getByTestId('source').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/guidelines-print-375-it.png', fullPage: true });
});

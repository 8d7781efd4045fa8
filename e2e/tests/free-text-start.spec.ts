import { expect, test, type Page } from '@playwright/test';
import { createAccount, createVerifiedAccount, signIn } from '../fixtures/account';
import { appUrl } from '../fixtures/paths';
import { waitForTrialCatalogue } from '../fixtures/catalogue';
import { apiFetch } from '../fixtures/http';

/**
 * The free-text start pre-fills the survey: a clinician types a one-line patient on the folder's page, sees
 * what was understood (and what was not), confirms the proposed answers, and the survey opens at the first
 * question still unanswered with those answers stored. Desktop and phone (375 px), English and Italian.
 * Screenshots go to E2E_SHOTS_DIR (default test-results/screens).
 */

const LINE = '68M mCRPC s/p ADT + enzalutamide, BRCA2 germline, ECOG 1, ?bone mets';
const shotsDir = process.env.E2E_SHOTS_DIR ?? 'test-results/screens';

// the server imports the shared trial data after start and sheds load (503) meanwhile: wait for it once
test.beforeAll(async () => {
  test.setTimeout(300_000);
  await waitForTrialCatalogue((await createVerifiedAccount()).jwt);
});

async function run(page: Page, language: 'en-US' | 'it-IT', name: string) {
  test.setTimeout(180_000);
  await page.addInitScript((lang) => {
    localStorage.setItem('oncodesk.language', JSON.stringify(lang));
    localStorage.setItem('oncodesk.betterExperienceDismissed', JSON.stringify(true));
  }, language);
  const { email, jwt } = await createAccount();
  const api = (path: string, method = 'GET', body?: unknown) =>
    apiFetch(`${appUrl}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
      body: body ? JSON.stringify(body) : undefined,
    }).then((r) => r.json());
  const folder = (await api('/patients', 'POST', { name: 'Free text', focusArea: 'prostate' })) as { id: string };
  // an answer already given: the line's ECOG must not replace it unless the clinician ticks it
  await api('/survey/answer', 'POST', { patientId: folder.id, focusArea: 'prostate', questionId: 'ecog', value: '0' });
  await signIn(page, email);
  await page.goto(`/clinical-trials/${folder.id}`);
  const input = page.getByTestId('free-text-input');
  await expect(input).toBeVisible({ timeout: 45_000 });
  await input.fill(LINE);
  await page.getByTestId('free-text-read').click();
  const proposals = page.getByTestId('free-text-proposals');
  await expect(proposals).toBeVisible({ timeout: 30_000 });
  // what was not understood is shown as such, the uncertain site is not proposed
  await expect(page.getByTestId('free-text-not-understood')).toContainText('?bone mets');
  await expect(page.getByTestId('free-text-proposal-metastasis_sites')).toHaveCount(0);
  // the germline origin has no survey question: it is said
  await expect(page.getByTestId('free-text-unplaced')).toContainText('BRCA2: germline');
  // the stored ECOG is not ticked for replacement
  const ecog = page.getByTestId('free-text-proposal-ecog');
  await expect(ecog.getByRole('checkbox')).not.toBeChecked();
  await expect(page.getByTestId('free-text-proposal-age')).toContainText('68');
  await page.getByTestId('free-text-result').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shotsDir}/free-text-${name}-confirm.png`, fullPage: true });

  await page.getByTestId('free-text-confirm').click();
  // the survey opens at the first question the line did not answer: the date of diagnosis
  await page.waitForURL((u) => u.pathname.endsWith('/survey/diagnosis_date'), { timeout: 45_000 });
  await expect(page.getByTestId('question-text')).toBeVisible({ timeout: 45_000 });
  await page.screenshot({ path: `${shotsDir}/free-text-${name}-survey.png`, fullPage: true });
  // and the answers are there: the survey's own age step shows 68, the ECOG given before is kept
  await page.goto(`/clinical-trials/${folder.id}/survey/age`);
  await expect(page.getByTestId('answer-number')).toHaveValue('68', { timeout: 45_000 });
  await page.screenshot({ path: `${shotsDir}/free-text-${name}-survey-age.png`, fullPage: true });
  const data = (await api(`/survey/patient-data?patientId=${folder.id}`)) as {
    answers: Record<string, unknown>;
    patient: { priorTreatments: Array<{ name: string }> };
  };
  expect(data.answers).toMatchObject({
    'diagnosis.prostate': 'PROSTATE',
    age: 68,
    gender: 'male',
    ecog: '0',
    metastatic: 'yes',
    'prostate.castration_status': 'resistant',
    alterations: ['BRCA2 Mutation'],
    prior_treatments: ['class:androgen_deprivation', 'enzalutamide'],
  });
  expect(data.answers.metastasis_sites).toBeUndefined();
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test('English: a typed line becomes the survey answers after confirming', async ({ page }) => run(page, 'en-US', 'desktop-en'));
  test('Italian: a typed line becomes the survey answers after confirming', async ({ page }) => run(page, 'it-IT', 'desktop-it'));
});

test.describe('phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 760 }, isMobile: true, hasTouch: true });
  test('English', async ({ page }) => run(page, 'en-US', 'phone-en'));
  test('Italian', async ({ page }) => run(page, 'it-IT', 'phone-it'));
});

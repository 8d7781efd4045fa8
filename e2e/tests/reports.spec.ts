import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createVerifiedAccount as createAccount, signIn } from '../fixtures/account';
import { appUrl, repoRoot } from '../fixtures/paths';
import { apiFetch } from '../fixtures/http';
import { skipPhoneHint } from '../fixtures/phoneHint';

test.beforeEach(({ page }) => skipPhoneHint(page));

/**
 * Reports, in Spanish at 375 px: a shared synthetic NGS report and a laboratory CSV export dropped into a
 * colon folder that was already searched are read, their findings shown with their lines; accepting some
 * (one corrected first) makes them survey answers (alterations, MSI, labs, CEA), marked with their report,
 * and the earlier search says the patient changed and searches again.
 */
const LAB_CSV = 'Analyte;Value;Unit;Flag;Reference\nSYNTHETIC TEST DOCUMENT - NOT A REAL PATIENT;;;;\nHaemoglobin;10,8;g/dL;L;13,0-17,0\nCreatinine;92;umol/L;;62-106\nCEA;18,6;ng/mL;H;<5,0\n';
test('upload an NGS report, review its findings, and the survey answers follow (Spanish, 375 px)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.addInitScript(() => localStorage.setItem('oncodesk.language', JSON.stringify('es-ES')));
  const { email, jwt } = await createAccount();
  const api = (p: string, body: unknown) => apiFetch(`${appUrl}/api${p}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` }, body: JSON.stringify(body) }).then((r) => r.json());
  const folder = (await api('/patients', { name: 'Paciente informes', focusArea: 'colon' })) as { id: string };
  for (const [questionId, value] of [['diagnosis.colon', 'COAD'], ['age', 58], ['gender', 'male'], ['metastatic', 'yes']] as const) await api('/survey/answer', { patientId: folder.id, focusArea: 'colon', questionId, value });
  // a search run before the reports
  const before = (await api('/trials/find-match', { patientId: folder.id, location: { scope: 'global' } })) as { searchKey: string };
  expect(before.searchKey).toBe('global');

  await signIn(page, email);
  await page.goto(`/clinical-trials/${folder.id}`);
  await page.getByTestId('choice-reports').click();
  await page.waitForURL(/\/reports$/);
  await expect(page.getByTestId('reports-empty')).toHaveText('Aún no hay informes.');
  await page.locator('input[type=file]').setInputFiles(path.resolve(repoRoot, '..', 'shared', 'data', 'reports', 'ngs', 'SYN-NGS-0002.pdf'));
  await expect(page.getByTestId('report-status')).toHaveText('Leído', { timeout: 30_000 });
  const braf = page.getByTestId('finding').filter({ hasText: 'BRAF V600E' });
  await expect(braf.getByTestId('finding-source')).toContainText('Página 1');
  await expect(braf.getByTestId('finding-source')).toContainText('c.1799T>A');
  await expect(page.getByTestId('finding').filter({ hasText: 'APC S1400L' })).toContainText('Significado incierto');
  // the page it was read from, the line outlined
  await braf.getByTestId('finding-show').click();
  // a page is drawn on its first view, in a child process: seconds on a busy machine
  await expect(page.getByTestId('source-page')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('source-highlight')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/reports-source-375-es.png' });
  await page.keyboard.press('Escape');
  await braf.getByTestId('finding-accept').click();
  await expect(braf.getByTestId('finding-status')).toHaveText('Aceptado');
  await page.getByTestId('finding').filter({ hasText: 'MSI-High' }).getByTestId('finding-accept').click();
  await expect(page.getByTestId('reports-changed')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/reports-375-es.png', fullPage: true });

  // a second report: a laboratory export
  await page.locator('input[type=file]').setInputFiles({ name: 'analitica.csv', mimeType: 'text/csv', buffer: Buffer.from(LAB_CSV) });
  const lab = page.getByTestId('report').filter({ hasText: 'analitica.csv' });
  await expect(lab.getByTestId('report-status')).toHaveText('Leído', { timeout: 30_000 });
  const creatinine = lab.getByTestId('finding').filter({ hasText: 'Creatinina' });
  await expect(creatinine.getByTestId('finding-text')).toHaveText('Creatinina 92 µmol/L · ref. 62-106');
  await expect(creatinine.getByTestId('finding-source')).toContainText('Fila');
  // the clinician corrects the value read, then accepts it; what was read stays shown
  await creatinine.getByTestId('finding-edit').click();
  await creatinine.getByTestId('edit-value').fill('94');
  await creatinine.getByTestId('finding-save').click();
  await expect(creatinine.getByTestId('finding-status')).toHaveText('Aceptado');
  await expect(creatinine.getByTestId('finding-edited')).toContainText('92 µmol/L');
  await lab.getByTestId('finding').filter({ hasText: 'CEA' }).getByTestId('finding-accept').click();
  await expect(lab.getByTestId('finding').filter({ hasText: 'CEA' }).getByTestId('finding-status')).toHaveText('Aceptado');
  await page.screenshot({ path: 'test-results/screens/reports-labs-375-es.png', fullPage: true });

  // the survey shows them as answers, marked with the report they came from
  await page.goto(`/clinical-trials/${folder.id}/survey/alterations`);
  await expect(page.getByTestId('autocomplete-item')).toHaveText(['BRAF V600E']);
  await expect(page.getByTestId('answer-from-report')).toContainText('SYN-NGS-0002.pdf');
  await page.goto(`/clinical-trials/${folder.id}/survey/labs`);
  await expect(page.getByTestId('lab-row')).toHaveCount(1);
  await expect(page.getByTestId('lab-name')).toHaveText('Creatinina');
  await expect(page.getByTestId('lab-value')).toHaveValue('94');
  await expect(page.getByTestId('answer-from-report')).toContainText('analitica.csv');
  await page.screenshot({ path: 'test-results/screens/survey-labs-375-es.png', fullPage: true });
  const data = await (await apiFetch(`${appUrl}/api/survey/patient-data?patientId=${folder.id}`, { headers: { authorization: `Bearer ${jwt}` } })).json();
  expect(data.answers).toMatchObject({ alterations: ['BRAF V600E'], msi: 'high', labs: [{ analyte: 'creatinine', value: 94, unit: 'umol/L', uln: 106 }], 'colon.cea': 18.6 });
  expect(data.patient.msi).toBe('high');

  // the search run before says the patient changed; searching again runs on the new answers
  await page.goto(`/clinical-trials/${folder.id}/results?search=global`);
  await expect(page.getByTestId('results-stale')).toBeVisible();
  await page.getByTestId('results-search-again').click();
  // the first search in this browser asks for the beta disclaimer
  await page.getByTestId('disclaimer-check').click();
  await page.getByTestId('disclaimer-accept').click();
  await expect(page.getByTestId('results-stale')).toBeHidden({ timeout: 30_000 });
});

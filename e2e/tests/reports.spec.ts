import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createVerifiedAccount as createAccount, signIn } from '../fixtures/account';
import { appUrl, repoRoot } from '../fixtures/paths';

/**
 * Reports, in Spanish at 375 px: a shared synthetic NGS report dropped into a colon folder is read, its
 * findings shown with their lines; accepting two of them makes them survey answers (alterations, MSI).
 */
test('upload an NGS report, review its findings, and the survey answers follow (Spanish, 375 px)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.addInitScript(() => localStorage.setItem('oncodesk.language', JSON.stringify('es-ES')));
  const { email, jwt } = await createAccount();
  const api = (p: string, body: unknown) => fetch(`${appUrl}/api${p}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` }, body: JSON.stringify(body) }).then((r) => r.json());
  const folder = (await api('/patients', { name: 'Paciente informes', focusArea: 'colon' })) as { id: string };
  for (const [questionId, value] of [['diagnosis.colon', 'COAD'], ['age', 58], ['gender', 'male']] as const) await api('/survey/answer', { patientId: folder.id, focusArea: 'colon', questionId, value });

  await signIn(page, email);
  await page.goto(`/clinical-trials/${folder.id}`);
  const hint = page.getByTestId('better-experience-ok');
  await hint.waitFor({ state: 'visible', timeout: 5000 }).then(() => hint.click(), () => undefined);
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
  await expect(page.getByTestId('source-page')).toBeVisible();
  await expect(page.getByTestId('source-highlight')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/reports-source-375-es.png' });
  await page.keyboard.press('Escape');
  await braf.getByTestId('finding-accept').click();
  await expect(braf.getByTestId('finding-status')).toHaveText('Aceptado');
  await page.getByTestId('finding').filter({ hasText: 'MSI-High' }).getByTestId('finding-accept').click();
  await expect(page.getByTestId('reports-changed')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/reports-375-es.png', fullPage: true });

  // the survey shows them as answers
  await page.goto(`/clinical-trials/${folder.id}/survey/alterations`);
  await expect(page.getByTestId('autocomplete-item')).toHaveText(['BRAF V600E']);
  const data = await (await fetch(`${appUrl}/api/survey/patient-data?patientId=${folder.id}`, { headers: { authorization: `Bearer ${jwt}` } })).json();
  expect(data.answers).toMatchObject({ alterations: ['BRAF V600E'], msi: 'high' });
  expect(data.patient.msi).toBe('high');
});

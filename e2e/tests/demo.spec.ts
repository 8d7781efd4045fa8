import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createVerifiedAccount as createAccount, signIn } from '../fixtures/account';
import { repoRoot } from '../fixtures/paths';
import { skipPhoneHint } from '../fixtures/phoneHint';

test.beforeEach(({ page }) => skipPhoneHint(page));

/**
 * The demo workspace a visitor opens with one click — three example patients with reports read and a
 * search each — and bringing a patient in from an mCODE bundle (and out again) as an integrator would.
 */
test('the demo account opens on three example patients, their reports read and searched', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await page.getByTestId('try-demo').click();
  await page.getByTestId('sidebar').waitFor({ state: 'attached' });
  // the workspace is rebuilt once the trials are loaded at start: wait for it
  await expect(async () => {
    await page.goto('/clinical-trials');
    // the page itself can take seconds on a busy machine: the count gets that long before the next reload
    await expect(page.getByTestId('folder-card')).toHaveCount(3, { timeout: 15_000 });
  }).toPass({ timeout: 150_000 });
  await expect(page.getByTestId('folder-card-name')).toContainText(['Colon · BRAF V600E, MSI-high', 'Lung · EGFR, after erlotinib', 'Breast · HR+/HER2− (mCODE)']);
  await page.getByTestId('folder-card').filter({ hasText: 'Lung' }).click();
  // a completed search to open
  await page.getByTestId('choice-last-results').click();
  await expect(page.getByTestId('trial-card').first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: 'test-results/screens/demo-results.png' });
  // its reports: read, the actionable findings accepted, the variants of unknown significance left to judge
  await page.goBack();
  await page.getByTestId('choice-reports').click();
  await expect(page.getByTestId('report')).toHaveCount(2);
  const l858r = page.getByTestId('finding').filter({ hasText: 'EGFR L858R' });
  await expect(l858r.getByTestId('finding-status')).toHaveText('Accepted');
  await expect(page.getByTestId('finding').filter({ hasText: 'Unknown significance' }).first().getByTestId('finding-status')).toHaveText('Proposed');
  await expect(page.getByTestId('finding').filter({ hasText: 'Creatinine 0.84 mg/dL' }).getByTestId('finding-status')).toHaveText('Accepted');
});

test('import a patient from an mCODE bundle, see where each answer came from, export it again', async ({ page }) => {
  test.setTimeout(120_000);
  const { email } = await createAccount();
  await signIn(page, email);
  await page.goto('/clinical-trials');
  await page.getByTestId('fhir-import-input').setInputFiles(path.resolve(repoRoot, '..', 'shared', 'data', 'patients', 'mcode', 'TrialMatching_Patient01.json'));
  const result = page.getByTestId('fhir-import-result');
  await expect(result).toContainText('answers were read from the bundle');
  await expect(page.getByTestId('fhir-imported').filter({ hasText: 'What is the estrogen receptor (ER) status?' })).toContainText('Positive');
  await expect(page.getByTestId('fhir-imported').first()).toContainText('from Patient/');
  await page.screenshot({ path: 'test-results/screens/mcode-import.png' });
  await page.getByRole('button', { name: 'Open the folder' }).click();
  await expect(page.getByTestId('choice-page')).toBeVisible();
  // export: an mCODE bundle declaring the STU4 profiles
  const download = page.waitForEvent('download');
  await page.getByTestId('choice-export-fhir').click();
  const file = await (await download).path();
  const bundle = JSON.parse(fs.readFileSync(file, 'utf8')) as { resourceType: string; entry: Array<{ resource: { resourceType: string; meta?: { profile?: string[] } } }> };
  expect(bundle.resourceType).toBe('Bundle');
  const profiles = bundle.entry.flatMap((e) => e.resource.meta?.profile ?? []);
  expect(profiles).toEqual(expect.arrayContaining(['http://hl7.org/fhir/us/mcode/StructureDefinition/mcode-primary-cancer-condition']));
  // a file that is not FHIR: a clear message, no folder
  await page.goto('/clinical-trials');
  await expect(page.getByTestId('folder-card')).toHaveCount(1);
  await page.getByTestId('fhir-import-input').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello":"world"}') });
  await expect(page.getByText('This file is not a FHIR R4 bundle')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('folder-card')).toHaveCount(1);
});

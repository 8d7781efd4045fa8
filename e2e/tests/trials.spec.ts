import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedAccount as createAccount, signIn } from '../fixtures/account';
import { appUrl } from '../fixtures/paths';
import { waitForTrialCatalogue } from '../fixtures/catalogue';
import { apiFetch } from '../fixtures/http';
import { skipPhoneHint } from '../fixtures/phoneHint';

test.beforeEach(({ page }) => skipPhoneHint(page));

/**
 * The clinical trial wizard end to end: a stage IV lung adenocarcinoma patient with EGFR L858R, ECOG 1,
 * living in Milan, from a new folder through the survey to results, detail tabs, a graph override and
 * re-match, expansion to Europe and downloads; at desktop width, at 375px and in Italian.
 */

// The server imports the shared trial data in the background after start; wait for it once.
test.beforeAll(async () => {
  test.setTimeout(300_000);
  await waitForTrialCatalogue((await createAccount()).jwt);
});

async function step(page: Page, id: string) {
  await page.waitForURL((u) => u.pathname.endsWith(`/survey/${id}`));
  // the question itself, not only the URL: the router changes the URL at once and renders the new question in
  // a transition, and a click on "Next" before that render acts on the previous question (which moves to the
  // URL already shown, so nothing happens and the flow stalls)
  await expect(page.locator(`[data-testid="question-text"][data-question-id="${id}"]`)).toBeVisible();
}
const next = (page: Page) => page.getByTestId('survey-next').click();

/**
 * Optional answers: a regimen picked from the drug autocomplete (its label as shown) with its course
 * (setting, line, best response, progression: the option test ids) and the lines for advanced disease.
 */
interface TreatmentAnswers {
  regimen?: { type: string; label: string; course?: { setting: string; line?: number; response: string; progressed: string; settingLabel: string } };
  lines?: number;
  /** What is typed in the diagnosis field and the option's label, in the interface's language. */
  diagnosis?: { type: string; label: string };
}

/** Picks an option of one of a course row's selects. */
async function choose(page: Page, select: string, option: string) {
  await page.getByTestId('course-row').getByTestId(select).click();
  await page.getByTestId(option).click();
}

/** Answers the lung survey through the UI up to (not including) the final "Find trials". */
async function answerSurvey(page: Page, treatment: TreatmentAnswers = {}) {
  await step(page, 'diagnosis.lung');
  const diagnosis = treatment.diagnosis ?? { type: 'lung adeno', label: 'Lung Adenocarcinoma' };
  await page.getByTestId('answer-autocomplete-oncotree').getByRole('combobox').fill(diagnosis.type);
  // the option labelled exactly so ("Lung Adenocarcinoma In Situ" is another diagnosis)
  await page.getByTestId('autocomplete-option').filter({ has: page.getByText(diagnosis.label, { exact: true }) }).first().click();
  await expect(page.getByTestId('autocomplete-item')).toHaveText(diagnosis.label);
  await next(page);
  await step(page, 'diagnosis_date');
  await next(page);
  await step(page, 'age');
  await page.getByTestId('answer-number').fill('64');
  await next(page);
  await step(page, 'gender');
  await page.getByTestId('option-male').click();
  await next(page);
  await step(page, 'ecog');
  await expect(page.getByTestId('option-description-1')).toBeVisible();
  await page.getByTestId('option-1').click();
  await next(page);
  await step(page, 'stage.lung');
  await page.getByTestId('option-IVA').click();
  await next(page);
  await step(page, 'metastatic');
  await page.getByTestId('option-yes').click();
  await next(page);
  await step(page, 'metastasis_sites');
  await page.getByTestId('option-bone').click();
  await next(page);
  for (const id of ['measurable_disease', 'disease_status', 'local_treatments.lung', 'prior_treatments', 'prior_lines', 'lung.pdl1_tps']) {
    await step(page, id);
    if (id === 'prior_treatments' && treatment.regimen) {
      const { label, course } = treatment.regimen;
      await page.getByTestId('answer-autocomplete-drugs').getByRole('combobox').fill(treatment.regimen.type);
      await page.getByTestId('autocomplete-option').filter({ hasText: label }).first().click();
      await expect(page.getByTestId('course-name')).toHaveText([label]);
      if (course) {
        await choose(page, 'course-setting', `setting-${course.setting}`);
        if (course.line !== undefined) await page.getByTestId('course-row').getByTestId('course-line').fill(String(course.line));
        await choose(page, 'course-response', `response-${course.response}`);
        await choose(page, 'course-progressed', `progressed-${course.progressed}`);
        // saved with the answer: after a reload the row reads as the regimen (not its key) with its course
        await next(page);
        await step(page, 'prior_lines');
        await page.reload();
        await page.getByTestId('survey-back').click();
        await step(page, 'prior_treatments');
        await expect(page.getByTestId('course-name')).toHaveText([label]);
        await expect(page.getByTestId('course-setting')).toContainText(course.settingLabel);
      }
    }
    if (id === 'prior_lines' && treatment.lines !== undefined) await page.getByTestId('answer-number').fill(String(treatment.lines));
    await next(page);
  }
  await step(page, 'alterations');
  const variants = page.getByTestId('answer-autocomplete-variants').getByRole('combobox');
  await variants.fill('EGFR L858R');
  await variants.press('Enter');
  await expect(page.getByTestId('autocomplete-item')).toHaveText(['EGFR L858R']);
  await variants.fill('egfr l858r');
  await variants.press('Enter');
  await expect(page.getByTestId('autocomplete-error')).toBeVisible();
  await next(page);
  for (const id of ['tmb', 'msi', 'comorbidities']) {
    await step(page, id);
    await next(page);
  }
  // laboratory values: creatinine in the unit of the report, with the laboratory's upper limit
  await step(page, 'labs');
  await page.getByTestId('lab-add').click();
  await page.keyboard.type('Creat');
  await page.keyboard.press('Enter');
  await page.getByTestId('lab-value').fill('97');
  await page.getByTestId('lab-unit').click();
  await page.getByTitle('µmol/L').click();
  await page.getByTestId('lab-uln').fill('90');
  await next(page);
  await step(page, 'location');
  await page.getByTestId('answer-location').getByRole('combobox').fill('Milan');
  await page.getByTestId('location-option').filter({ hasText: /^Milan, Lombardy/ }).first().click();
  await expect(page.getByTestId('location-saved')).toContainText('Milan');
}

async function newFolder(page: Page, name: string) {
  await page.goto('/clinical-trials');
  await page.getByTestId('folder-new').click();
  await page.getByTestId('folder-name').fill(name);
  await page.getByTestId('folder-focus').click();
  await page.getByTestId('focus-option-lung').click();
  await page.getByTestId('folder-save').click();
  await page.getByTestId('choice-page').waitFor();
  await expect(page.getByTestId('choice-recommendations')).toBeVisible();
  await page.getByTestId('choice-trials').click();
}

async function fullFlow(page: Page, opts: { mobile?: boolean } = {}) {
  const { email } = await createAccount();
  await signIn(page, email);
  await newFolder(page, 'Mario R.');
  await answerSurvey(page);

  // Reload keeps the step and the answers (saved on the server, step in the URL).
  await page.reload();
  await step(page, 'location');
  await expect(page.getByTestId('location-saved')).toContainText('Milan');

  // Last answer -> disclaimer (once per user) -> searching -> results (none within 100 km of Milan here).
  await next(page);
  await page.getByTestId('disclaimer-check').click();
  await page.getByTestId('disclaimer-accept').click();
  await page.waitForURL(/\/results\?search=radius%3A100/);
  await expect(page.getByTestId('not-medical-advice')).toBeVisible();
  const noneOrList = page.getByTestId('none-found').or(page.getByTestId('results-list'));
  await expect(noneOrList).toBeVisible();
  await expect(page.getByTestId('searches-left')).toHaveText(/9/);

  // Expand to Europe.
  if (await page.getByTestId('none-found').isVisible()) await page.getByTestId('expand-continent').click();
  else {
    await page.getByTestId('search-scope').click();
    await page.getByTestId('scope-continent-').click();
  }
  await page.waitForURL(/search=continent%3AEurope/);
  await expect(page.getByTestId('results-list')).toBeVisible();
  // widening the same patient costs no further credit
  await expect(page.getByTestId('searches-left')).toHaveText(/9/);
  const cards = page.getByTestId('trial-card');
  expect(await cards.count()).toBeGreaterThan(0);
  await expect(cards.first().getByTestId('chip-verdict')).toBeVisible();
  await expect(cards.first().getByTestId('chip-recruiting')).toBeVisible();
  await expect(cards.first().getByTestId('chip-level')).toBeVisible();
  // the default view shows only trials open to enrolment; the closed ones of the same search are one switch away
  // (asked of every card at once: the list may still be filling in when counted)
  await expect(cards.filter({ hasNot: page.getByTestId('chip-recruiting').filter({ hasText: /^Recruiting$/ }) })).toHaveCount(0);
  if (await page.getByTestId('closed-hidden').isVisible()) {
    await page.getByTestId('show-closed').click();
    await expect(page.getByTestId('chip-recruiting').filter({ hasText: /^(Not recruiting|Unknown)$/ }).first()).toBeVisible();
    const openOnly = page.getByRole('checkbox', { name: 'Open to enrolment only' });
    await expect(openOnly).not.toBeChecked();
    await openOnly.click();
    await expect(page.getByTestId('chip-recruiting').filter({ hasText: /^(Not recruiting|Unknown)$/ })).toHaveCount(0);
  }
  // what the search ran against: the catalogue, its open trials and how current it is (this server cannot
  // reach ClinicalTrials.gov, so its catalogue is the shared reference records; a synced one gives a date)
  await expect(page.getByTestId('catalogue-line')).toHaveText(/Searched against the catalogue's [\d,]+ trials \([\d,]+ open to enrolment\)(: reference records, not yet synced|; ClinicalTrials\.gov records fetched on)/);

  // Like survives a reload (cached matches show at once, then the server's copy).
  await cards.first().getByTestId('trial-like').click();
  await expect(cards.first().getByTestId('trial-like')).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByTestId('trial-card').first().getByTestId('trial-like')).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('oncodesk.cachedMatches') ?? '{}')).length)).toBeGreaterThan(0);

  // Downloads: CSV, printable view, and the failure message.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-csv').click()]);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain('trial_id,title,phases');
  expect(csv).toContain('EGFR L858R');
  await page.route('**/api/trials/export**', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.getByTestId('download-csv').click();
  await expect(page.getByText('An error occurred while downloading your trials. Please try again later.').first()).toBeVisible();
  await page.unroute('**/api/trials/export**');
  await page.getByTestId('download-pdf').click();
  // the print view lays out every trial with every criterion at once (thousands of table rows): seconds on a
  // busy two-core machine
  await expect(page.getByTestId('print-trial').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('print-summary')).toContainText('EGFR L858R');
  await page.evaluate(() => ((window as unknown as { printed: number }).printed = 0) || (window.print = () => void ((window as unknown as { printed: number }).printed += 1)));
  await page.getByTestId('print-now').click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.goBack();

  // Detail tabs.
  await page.getByTestId('trial-card').first().getByTestId('trial-title').click();
  await expect(page.getByTestId('trial-detail')).toBeVisible();
  await expect(page.getByTestId('not-medical-advice')).toBeVisible();
  const tabs = ['overview', 'description', 'locations', 'inclusion', 'exclusion', 'cohorts', 'evidence', 'evaluation', 'blurb'];
  // Phones pick the section from a list (nine tabs do not fit 375px); wider screens click the tab.
  const openTab = async (tab: string) => {
    if (opts.mobile) {
      // The picker's menu animates open and closed, and closed menus stay in the DOM: pick from the open
      // one, and try again if a click landed while it was still opening.
      await expect(async () => {
        await page.getByTestId('detail-tab-select').click();
        await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTestId(`tab-option-${tab}`).click({ timeout: 3000 });
        await expect(page.getByTestId(`tab-${tab}`)).toBeVisible({ timeout: 3000 });
      }).toPass({ timeout: 20_000 });
    } else await page.getByRole('tab').nth(tabs.indexOf(tab)).click();
    await expect(page.getByTestId(`tab-${tab}`)).toBeVisible();
  };
  for (const tab of tabs) await openTab(tab);
  await expect(page.getByTestId('tab-blurb')).toContainText(/medical advice/);
  await openTab('inclusion');
  await expect(page.getByTestId('tab-inclusion').getByTestId('criterion-status').first()).toBeVisible();

  // Graph: override a criterion, see "changes detected", re-run.
  await openTab('evaluation');
  await page.getByTestId('open-graph').click();
  await expect(page.getByTestId('match-graph')).toBeVisible();
  await expect(page.getByTestId('graph-node-diagnosis')).toBeVisible();
  let picked = false;
  for (const group of ['alterations', 'diagnosis', 'stage', 'ecog', 'age', 'inclusion', 'exclusion']) {
    await page.getByTestId(`graph-group-${group}`).click();
    if ((await page.getByTestId('graph-criterion').count()) > 0) {
      picked = true;
      break;
    }
  }
  expect(picked).toBe(true);
  const crit = page.getByTestId('graph-criterion').first();
  const target = (await crit.getByTestId('set-no_match').locator('..').locator('..').getAttribute('class'))?.includes('selected') ? 'set-match' : 'set-no_match';
  await crit.getByTestId(target).click();
  await expect(page.getByTestId('changes-detected')).toBeVisible();
  await page.getByTestId('rerun-match').click();
  await expect(page.getByTestId('rerun-done')).toBeVisible();
  await expect(page.getByTestId('changes-detected')).toHaveCount(0);
  if (opts.mobile) {
    const box = await page.getByTestId('match-graph').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
  }
}

test('lung patient from new folder to results, detail, graph re-match, Europe and downloads', async ({ page }) => {
  test.setTimeout(240_000);
  await fullFlow(page);
});

test.describe('at 375px', () => {
  test.use({ viewport: { width: 375, height: 760 }, isMobile: true, hasTouch: true });
  test('the same flow on a phone-sized screen', async ({ page }) => {
    test.setTimeout(240_000);
    await fullFlow(page, { mobile: true });
  });
});

test('in Italian', async ({ page }) => {
  test.setTimeout(240_000);
  await page.addInitScript(() => localStorage.setItem('oncodesk.language', JSON.stringify('it-IT')));
  const { email, jwt } = await createAccount();
  await signIn(page, email);
  await page.goto('/clinical-trials');
  await expect(page.getByRole('heading', { name: 'Cartelle pazienti' })).toBeVisible();
  await newFolder(page, 'Paziente IT');
  await step(page, 'diagnosis.lung');
  await expect(page.getByTestId('question-text')).not.toHaveText(/What is the primary diagnosis/);
  // a regimen named as clinicians name it, and the lines given for advanced disease
  await answerSurvey(page, {
    diagnosis: { type: 'adenocarcinoma polm', label: 'Adenocarcinoma polmonare' },
    regimen: { type: 'carboplatino pemetrexed', label: 'Carboplatino, pemetrexed e pembrolizumab', course: { setting: 'metastatic', line: 1, response: 'partial', progressed: 'yes', settingLabel: 'Malattia avanzata o metastatica' } },
    lines: 1,
  });
  const folderId = /clinical-trials\/([^/]+)\//.exec(page.url())![1];
  await expect(page.getByTestId('autocomplete-error').or(page.getByTestId('location-saved'))).toBeVisible();
  await next(page);
  await page.getByTestId('disclaimer-check').click();
  await page.getByTestId('disclaimer-accept').click();
  await page.waitForURL(/\/results/);
  await expect(page.getByTestId('not-medical-advice')).toContainText('non sono consigli medici');
  if (await page.getByTestId('none-found').isVisible()) {
    await expect(page.getByTestId('none-found')).toContainText('Nessuno studio trovato');
    await page.getByTestId('expand-continent').click();
  }
  await expect(page.getByTestId('results-list')).toContainText(/studi mostrati/);
  await page.getByTestId('trial-card').first().getByTestId('trial-title').click();
  await expect(page.getByRole('tab', { name: 'Panoramica' })).toBeVisible();
  await page.getByRole('tab', { name: 'Riassunto semplice' }).click();
  await expect(page.getByTestId('tab-blurb')).toContainText('non è un consiglio medico');
  // the regimen reached the matcher as its drugs, with the lines
  const folder = await (await apiFetch(`${appUrl}/api/trials/patient?patientId=${folderId}`, { headers: { authorization: `Bearer ${jwt}` } })).json();
  expect(folder.patient.priorTreatments.map((t: { name: string }) => t.name).sort()).toEqual(['carboplatin', 'pembrolizumab', 'pemetrexed']);
  // each drug carries the regimen's course
  for (const t of folder.patient.priorTreatments) expect(t).toMatchObject({ regimen: 'carboplatin-pemetrexed-pembrolizumab', setting: 'metastatic', line: 1, bestResponse: 'partial', progressed: true });
  expect(folder.patient.priorLines).toBe(1);
});

test('time from the last answer to results (median of 5)', async ({ page }) => {
  test.setTimeout(240_000);
  const { email, jwt } = await createAccount();
  const api = (path: string, method: string, body?: unknown) =>
    apiFetch(`${appUrl}/api${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` }, body: body ? JSON.stringify(body) : undefined }).then((r) => r.json());
  await api('/user', 'PATCH', [{ op: 'add', path: '/acceptedClinicalTrialsDisclaimer', value: true }]);
  const folder = (await api('/patients', 'POST', { name: 'Timing', focusArea: 'lung' })) as { id: string };
  const answers: Array<[string, unknown]> = [['diagnosis.lung', 'LUAD'], ['age', 64], ['gender', 'male'], ['ecog', '1'], ['stage.lung', 'IVA'], ['metastatic', 'yes'], ['metastasis_sites', ['bone']], ['alterations', ['EGFR L858R']]];
  for (const [questionId, value] of answers) await api('/survey/answer', 'POST', { patientId: folder.id, focusArea: 'lung', questionId, value });
  await signIn(page, email);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    await page.goto(`/clinical-trials/${folder.id}/survey/location`);
    const input = page.getByTestId('answer-location').getByRole('combobox');
    await input.fill('Milan');
    await page.getByTestId('location-option').filter({ hasText: /^Milan, Lombardy/ }).first().click();
    await expect(page.getByTestId('location-saved')).toContainText('Milan');
    const t0 = Date.now();
    await next(page);
    await expect(page.getByTestId('none-found').or(page.getByTestId('results-list'))).toBeVisible();
    times.push(Date.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`last answer -> results (ms): ${times.join(', ')}; median ${times[2]}`);
  expect(times[2]).toBeLessThan(10_000);
});

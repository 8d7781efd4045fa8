import { expect, test } from '@playwright/test';
import { createVerifiedAccount, signIn } from '../fixtures/account';
import { appUrl } from '../fixtures/paths';
import { apiFetch } from '../fixtures/http';

/**
 * A clinician overrides a criterion of a trial in the match graph and re-runs: the message says what changed
 * (the verdict when it flipped, and the criteria), and the result card, the trial detail and the assistant's
 * answer all say the verdict was set by the clinician, with who (the account's name) and when.
 */
// where the screenshots go (read them: a mark can be present and unreadable)
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screens';

test('an override shows as "set by clinician" on the card, the detail and in the assistant', async ({ page }) => {
  test.setTimeout(240_000);
  const { email, jwt } = await createVerifiedAccount();
  const api = (p: string, body: unknown) =>
    apiFetch(`${appUrl}/api${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const folder = (await api('/patients', { name: 'Override patient', focusArea: 'lung' })) as { id: string };
  for (const [questionId, value] of [
    ['diagnosis.lung', 'LUAD'],
    ['age', 64],
    ['gender', 'female'],
    ['ecog', '1'],
    ['metastatic', 'yes'],
    ['alterations', ['EGFR L858R']],
  ] as const)
    await api('/survey/answer', { patientId: folder.id, focusArea: 'lung', questionId, value });
  // the server loads the shared trials at start: search once they are there
  await expect
    .poll(
      async () => ((await api('/trials/find-match', { patientId: folder.id, location: { scope: 'global' } })) as { results?: unknown[] }).results?.length ?? 0,
      { timeout: 120_000, intervals: [2000] },
    )
    .toBeGreaterThan(0);

  await signIn(page, email);
  await page.goto(`/clinical-trials/${folder.id}/results?search=global`);
  const card = page.getByTestId('trial-card').first();
  await expect(card).toBeVisible({ timeout: 30_000 });
  const trialId = (await card.getAttribute('data-trial-id'))!;
  await expect(card.getByTestId('trial-set-by')).toHaveCount(0);

  // the graph: set the first criterion of a group to the other status, then re-run
  await page.goto(`/clinical-trials/${folder.id}/graph/${encodeURIComponent(trialId)}?search=global`);
  await expect(page.getByTestId('match-graph')).toBeVisible({ timeout: 30_000 });
  const verdictBefore = (await page.getByTestId('graph-verdict').textContent())!;
  let picked = false;
  for (const group of ['alterations', 'diagnosis', 'ecog', 'age', 'stage', 'inclusion', 'exclusion']) {
    await page.getByTestId(`graph-group-${group}`).click();
    if ((await page.getByTestId('graph-criterion').count()) > 0) {
      picked = true;
      break;
    }
  }
  expect(picked).toBe(true);
  const crit = page.getByTestId('graph-criterion').first();
  const met = (await crit.locator('.ant-segmented-item-selected').textContent())?.trim() === 'Match';
  await crit.getByTestId(met ? 'set-no_match' : 'set-match').click();
  await expect(crit.getByTestId('criterion-set-by')).toContainText(/set by clinician: Ada Lovelace, \d/);
  await expect(page.getByTestId('graph-node-set-by')).toHaveCount(1);
  await page.getByTestId('rerun-match').click();
  const done = page.getByTestId('rerun-done');
  await expect(done).toBeVisible({ timeout: 30_000 });
  // the criterion changed, and the verdict is said as it is now (changed or not)
  const verdictAfter = (await page.getByTestId('graph-verdict').textContent())!;
  await expect(done).toContainText(verdictAfter === verdictBefore ? `verdict unchanged (${verdictAfter})` : `verdict ${verdictBefore} → ${verdictAfter}`);
  await expect(done).toContainText('1 criterion changed.');
  await page.screenshot({ path: `${SHOTS}/override-graph.png`, fullPage: true });

  // the result card
  await page.goto(`/clinical-trials/${folder.id}/results?search=global`);
  const same = page.locator(`[data-testid="trial-card"][data-trial-id="${trialId}"]`);
  await expect(same.getByTestId('trial-set-by')).toContainText(/1 criterion set by clinician \(Ada Lovelace, \d/, { timeout: 30_000 });
  await same.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/override-card.png` });

  // the trial detail: in its header and on the criterion
  await page.goto(`/clinical-trials/${folder.id}/trial/${encodeURIComponent(trialId)}?search=global`);
  await expect(page.getByTestId('trial-detail').getByTestId('trial-set-by')).toContainText(/set by clinician \(Ada Lovelace/, { timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/override-detail.png` });

  // the assistant, asked from the detail
  await page.getByTestId('ask-trial').click();
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}/);
  await page.getByTestId('composer-input').fill('Why does this trial match?');
  await page.getByTestId('composer-send').click();
  const answer = page.locator('[data-testid="message"][data-role="assistant"]').last().getByTestId('message-content');
  await expect(answer).toContainText(trialId, { timeout: 30_000 });
  await expect(answer).toContainText(/as set by the clinician \(Ada Lovelace, \d{4}-\d\d-\d\d/);
  await expect(answer).not.toContainText('matches on what is recorded');
  await page.screenshot({ path: `${SHOTS}/override-chat.png`, fullPage: true });
});

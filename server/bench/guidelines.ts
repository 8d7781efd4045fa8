/**
 * Guideline recommendations (`npm run bench:guidelines`): time of POST /api/guidelines/find-treatment over
 * the 41 patient scenarios of test/guidelines/scenarios.ts (the whole route: session, validation, engine,
 * CIViC lookup, serialisation, on the embedded database), and the share of scenarios whose expected
 * options are among the first three. The engine alone is timed too, to show where the time goes.
 */
import { SurveyService } from '../src/survey/service';
import { BUILT_IN_PACKS_DIR, loadPacks } from '../src/guidelines/packs';
import { recommend } from '../src/guidelines/engine';
import { loadCivicSupport } from '../src/guidelines/civic';
import { sharedDataDir } from '../src/config/sharedData';
import { installReferenceVocabularies } from '../src/vocab/reference/active';
import { readReferenceVocabularies } from '../src/vocab/reference/readShared';
import { SCENARIOS, scenarioPatient } from '../test/guidelines/scenarios';
import { table } from './lib';
import { signUpVerified, startTestApp } from '../test/support/app';

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function main() {
  const vocab = readReferenceVocabularies(sharedDataDir());
  if (vocab) installReferenceVocabularies(vocab);
  const survey = new SurveyService();
  const pack = loadPacks(BUILT_IN_PACKS_DIR).packs[0];
  const civic = loadCivicSupport(sharedDataDir());
  const patients = SCENARIOS.map((s) => ({ s, p: scenarioPatient(s, survey) }));

  // quality: expected options among the first three (and first where the sources rank one first)
  let inTop3 = 0;
  let firstOk = 0;
  let withFirst = 0;
  for (const { s, p } of patients) {
    const ids = recommend(pack, p, { civic }).recommendations.map((r) => r.id);
    if (s.top3.every((id) => ids.slice(0, 3).includes(id))) inTop3++;
    if (s.first) {
      withFirst++;
      if (ids[0] === s.first) firstOk++;
    }
  }

  // engine alone
  const engine: number[] = [];
  for (let rep = 0; rep < 50; rep++)
    for (const { p } of patients) {
      const t0 = performance.now();
      recommend(pack, p, { civic });
      engine.push(performance.now() - t0);
    }

  // the route, end to end (in-process HTTP injection)
  const t = await startTestApp();
  const user = await signUpVerified(t.app);
  const route: number[] = [];
  for (let rep = 0; rep < 10; rep++)
    for (const { p } of patients) {
      const t0 = performance.now();
      const r = await t.app.inject({ method: 'POST', url: '/api/guidelines/find-treatment', headers: user.auth, payload: { patient: p } });
      route.push(performance.now() - t0);
      if (r.statusCode !== 200) throw new Error(r.body);
    }
  await t.close();

  console.log(`\nGuideline pack ${pack.id} ${pack.version}: ${pack.rules.length} rules; ${SCENARIOS.length} scenarios across ${new Set(SCENARIOS.map((s) => s.focusArea)).size} focus areas; CIViC ${civic?.release ?? 'not loaded'}\n`);
  console.log(
    table(
      ['measure', 'value', 'target'],
      [
        ['scenarios whose expected options are in the top 3', `${((100 * inTop3) / SCENARIOS.length).toFixed(1)}% (${inTop3}/${SCENARIOS.length})`, '100%'],
        ['scenarios whose first option is the expected one', `${((100 * firstOk) / withFirst).toFixed(1)}% (${firstOk}/${withFirst})`, '-'],
        ['find-treatment p50 (route, ms)', pct(route, 50).toFixed(2), '-'],
        ['find-treatment p95 (route, ms)', pct(route, 95).toFixed(2), '< 50'],
        ['engine p95 (ms)', pct(engine, 95).toFixed(3), '-'],
      ],
    ),
  );
}

void main();

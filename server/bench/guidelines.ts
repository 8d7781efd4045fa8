/**
 * Guideline recommendations (`npm run bench:guidelines`), four scenario sets over the ten focus areas:
 *  - indications: a patient built from every row of the pack's indication table (test/guidelines/synth.ts),
 *    at each line from the row's first to the fourth (each focus area for tumour-agnostic rows): the row's
 *    option must be among the options;
 *  - must-not-appear: the same patients failing the row's biomarker, at a line before the row's first line,
 *    or holding a fact the row's label excludes: the row's option must not be offered;
 * *  - curated: the scenarios of test/guidelines/scenarios.ts (survey answers, written from the sources):
 *    expected options in the first three;
 *  - free text: patients written in one line (test/guidelines/freetext.ts) read by the free-text clinical
 *    reader, expected options among the options (the reader is another issue's work: reported apart).
 * Route p95: POST /api/guidelines/find-treatment for every patient (the whole route: session, validation,
 * engine, CIViC lookup, serialisation) on the embedded database; the engine alone is timed too.
 */
import type { FocusArea, GuidelinePack, GuidelineRule, PatientData } from '@oncodesk/shared/contracts';
import { SurveyService } from '../src/survey/service';
import { BUILT_IN_PACKS_DIR, loadPacks } from '../src/guidelines/packs';
import { recommend } from '../src/guidelines/engine';
import { loadCivicSupport } from '../src/guidelines/civic';
import { sharedDataDir } from '../src/config/sharedData';
import { normalizePatient } from '../src/language/normalizePatient';
import { installReferenceVocabularies } from '../src/vocab/reference/active';
import { readReferenceVocabularies } from '../src/vocab/reference/readShared';
import { SCENARIOS, scenarioPatient } from '../test/guidelines/scenarios';
import { FREE_TEXT } from '../test/guidelines/freetext';
import { focusAreasOf, patientFor } from '../test/guidelines/synth';
import { table } from './lib';
import { signUpVerified, startTestApp } from '../test/support/app';

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const BIOMARKER = new Set(['alteration', 'receptor', 'msi', 'mmr', 'tmb']);
const ids = (a: ReturnType<typeof recommend>) => a.recommendations.flatMap((r) => r.ruleIds ?? [r.id]);

interface Case {
  set: 'indication' | 'must-not-appear' | 'curated' | 'free text';
  name: string;
  focus: FocusArea;
  line?: number;
  patient: PatientData;
  /** Rule ids that must be among the options (curated: in the first three). */
  expect: string[];
  /** Rule ids that must not be offered. */
  never: string[];
}

function indicationCases(pack: GuidelinePack): Case[] {
  const out: Case[] = [];
  for (const rule of pack.rules) {
    for (const focus of focusAreasOf(rule)) {
      const lines = rule.setting.includes('metastatic') ? range(rule.line?.min ?? 1, Math.min(rule.line?.max ?? 4, 4)) : [undefined];
      for (const line of lines) out.push({ set: 'indication', name: `${rule.id} (${focus}${line ? `, line ${line}` : ''})`, focus, line, patient: patientFor(rule, { focus, line }).patient, expect: [rule.id], never: [] });
      out.push(...mustNotAppear(rule, focus));
    }
  }
  return out;
}

function mustNotAppear(rule: GuidelineRule, focus: FocusArea): Case[] {
  const out: Case[] = [];
  const base = { set: 'must-not-appear' as const, focus, expect: [], never: [rule.id] };
  const biomarker = rule.requires.find((c) => c.anyOf.every((x) => BIOMARKER.has(x.kind) && !(x.kind === 'alteration' && x.gene === '*')));
  if (biomarker) out.push({ ...base, name: `${rule.id} (${focus}) without ${biomarker.label}`, patient: patientFor(rule, { focus, negate: biomarker }).patient });
  // a later-line option is not offered first line (a patient at the line before the row's first)
  if (rule.line && rule.line.min >= 2) out.push({ ...base, name: `${rule.id} (${focus}) at line ${rule.line.min - 1}`, line: rule.line.min - 1, patient: { ...patientFor(rule, { focus }).patient, priorLines: rule.line.min - 2 } });
  // a first-line-only option is not offered after the first line
  if (rule.line?.max === 1) out.push({ ...base, name: `${rule.id} (${focus}) at line 2`, line: 2, patient: { ...patientFor(rule, { focus }).patient, priorLines: 1 } });
  // a fact the label excludes (EGFR-mutant for first-line immunotherapy, prior osimertinib for T790M osimertinib)
  for (const c of rule.excludes.slice(0, 1)) {
    const p = patientFor(rule, { focus }).patient;
    const spec = c.anyOf[0];
    const patient: PatientData =
      spec.kind === 'alteration'
        ? { ...p, alterations: [...p.alterations, { gene: spec.gene, category: spec.category === 'any' ? 'mutation' : spec.category === 'fusion' ? 'fusion' : 'mutation', ...(spec.proteinChange ? { proteinChange: spec.proteinChange } : {}) }] }
        : spec.kind === 'prior_therapy'
          ? { ...p, priorTreatments: [...p.priorTreatments, { name: spec.drugs[0] ?? ({ anti_pd1_pdl1: 'pembrolizumab', alk_inhibitor: 'alectinib' } as Record<string, string>)[spec.classes[0]] ?? spec.classes[0], kind: 'drug', setting: 'metastatic', line: 1 }] }
          : spec.kind === 'histologic_grade'
            ? { ...p, gleasonGradeGroup: 1 }
            : p;
    if (patient !== p) out.push({ ...base, name: `${rule.id} (${focus}) with ${c.label}`, patient });
  }
  return out;
}

function range(a: number, b: number): number[] {
  return Array.from({ length: Math.max(0, b - a + 1) }, (_, i) => a + i);
}

async function main() {
  const vocab = readReferenceVocabularies(sharedDataDir());
  if (vocab) installReferenceVocabularies(vocab);
  const survey = new SurveyService();
  const pack = loadPacks(BUILT_IN_PACKS_DIR).packs[0];
  const civic = loadCivicSupport(sharedDataDir());
  const cases: Case[] = [
    ...indicationCases(pack),
    ...SCENARIOS.map((s) => ({ set: 'curated' as const, name: s.name, focus: s.focusArea, patient: scenarioPatient(s, survey), expect: s.top3, never: s.never ?? [] })),
    ...FREE_TEXT.map((s) => ({ set: 'free text' as const, name: s.text, focus: s.focusArea, patient: normalizePatient(s.text, { focusArea: s.focusArea }).patient, expect: s.expect, never: [] })),
  ];

  // quality per set
  const sets = ['indication', 'must-not-appear', 'curated', 'free text'] as const;
  const stats = Object.fromEntries(sets.map((s) => [s, { cases: 0, expected: 0, present: 0, conditional: 0, never: 0, absent: 0, empty: 0, misses: [] as string[] }]));
  const byFocusLine = new Map<string, number>();
  for (const c of cases) {
    const a = recommend(pack, c.patient, { civic });
    const got = ids(a);
    const st = stats[c.set];
    st.cases++;
    if (!a.recommendations.length) st.empty++;
    const where = c.set === 'curated' ? a.recommendations.slice(0, 3).flatMap((r) => r.ruleIds ?? [r.id]) : got;
    for (const id of c.expect) {
      st.expected++;
      if (where.includes(id)) {
        st.present++;
        // present, but only as an option conditional on a fact the record leaves open (setting, line, state)
        if (a.recommendations.find((r) => (r.ruleIds ?? [r.id]).includes(id))?.assumes) st.conditional++;
      }
      else st.misses.push(`${c.name}: ${id} missing`);
    }
    for (const id of c.never) {
      st.never++;
      if (!got.includes(id)) st.absent++;
      else st.misses.push(`${c.name}: ${id} offered`);
    }
    const key = `${c.focus}|${c.line ?? '-'}`;
    byFocusLine.set(key, (byFocusLine.get(key) ?? 0) + 1);
  }

  // engine alone
  const engine: number[] = [];
  for (let rep = 0; rep < 5; rep++)
    for (const { patient } of cases) {
      const t0 = performance.now();
      recommend(pack, patient, { civic });
      engine.push(performance.now() - t0);
    }

  // the route, end to end (in-process HTTP injection), every case once
  const t = await startTestApp();
  const user = await signUpVerified(t.app);
  const route: number[] = [];
  for (const { patient } of cases) {
    const t0 = performance.now();
    const r = await t.app.inject({ method: 'POST', url: '/api/guidelines/find-treatment', headers: user.auth, payload: { patient } });
    route.push(performance.now() - t0);
    if (r.statusCode !== 200) throw new Error(r.body);
  }
  await t.close();

  const focusAreas = [...new Set(cases.map((c) => c.focus))];
  console.log(`\nGuideline pack ${pack.id} ${pack.version} (${pack.date}): ${pack.rules.length} rules; ${cases.length} scenarios over ${focusAreas.length} focus areas; CIViC ${civic?.release ?? 'not loaded'}\n`);
  console.log(
    table(
      ['set', 'scenarios', 'expected options present', 'of which conditional', 'excluded options absent', 'no option at all'],
      sets.map((s) => {
        const st = stats[s];
        return [s, st.cases, st.expected ? `${((100 * st.present) / st.expected).toFixed(1)}% (${st.present}/${st.expected})` : '-', st.expected ? st.conditional : '-', st.never ? `${((100 * st.absent) / st.never).toFixed(1)}% (${st.absent}/${st.never})` : '-', st.empty];
      }),
    ),
  );
  const lineRows = focusAreas.map((f) => [f, ...['-', 1, 2, 3, 4].map((l) => byFocusLine.get(`${f}|${l}`) ?? 0)]);
  console.log(`\nScenarios per focus area and line ("-": no metastatic line)\n`);
  console.log(table(['focus area', '-', 'line 1', 'line 2', 'line 3', 'line 4'], lineRows));
  console.log('\n' + table(['timing', 'value', 'target'], [
    ['find-treatment p50 (route, ms)', pct(route, 50).toFixed(2), '-'],
    ['find-treatment p95 (route, ms)', pct(route, 95).toFixed(2), '< 50'],
    ['engine p95 (ms)', pct(engine, 95).toFixed(3), '-'],
  ]));
  for (const s of sets) if (stats[s].misses.length) console.log(`\n${s}: ${stats[s].misses.length} miss(es)\n  ${stats[s].misses.slice(0, 40).join('\n  ')}`);
}

void main();

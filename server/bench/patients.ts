/**
 * Realistic-patient benchmark: patients described in free text, as a clinician types them, across the ten
 * focus areas; for each, the top 10 as the results page shows them by default (trials open to enrolment, no
 * location filter; BENCH_PATIENTS_VIEW=all ranks every trial). Reports the share of those trials whose disease
 * concerns the patient (or that are pan-tumour baskets) and whose purpose is treatment — the two reasons an
 * oncologist dismisses a result at a glance — and, where an oncologist has read the patient line and the
 * record (bench/patients/judged-*.json), the share of results and of "Match" results they would consider.
 *
 * The judge is independent of the engine: it reads the trial's own title and conditions with the phrases
 * written below for each patient (not the engine's disease codes), and the registry's primary purpose (or
 * the inferred one, counted as such). BENCH_PATIENTS_LIST=1 prints every list for reading, with the judgments of the
 * files rules are tuned on (TUNED_JUDGMENTS) marked '+'/'-'; a result judged only in a held-out file is marked '·', so a
 * list read while tuning shows no held-out judgment (their aggregates are still printed).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Trial } from '@oncodesk/shared/contracts';
import { sharedDataDir } from '../src/config/sharedData';
import { catalogueFile, importDirectory } from '../src/trials/importers';
import { normalizePatient } from '../src/language/normalizePatient';
import { TrialIndex, matchPatient } from '../src/trials/matcher';
import { statesEligibility } from '../src/trials/matcher/verdict';
import { installReferenceVocabularies } from '../src/vocab/reference/active';
import { readReferenceVocabularies } from '../src/vocab/reference/readShared';
import { table } from './lib';

interface Case {
  text: string;
  /** The trial's title or conditions name the patient's disease. */
  disease: RegExp;
  /** Names of a different disease that disqualify a trial even when `disease` also matches (SCLC for NSCLC). */
  not?: RegExp;
  /** 'new': written after the rules were tuned and never used to tune them; unset: the original set. */
  set?: 'new';
  lang?: 'en' | 'es' | 'it';
}

const BREAST = /breast|mammary/i;
const NSCLC = /lung|NSCLC|thoracic/i;
const NOT_NSCLC = /(?<!non[- ])small[- ]cell lung|\bSCLC\b|mesothelioma/i;
const PROSTATE = /prostat/i;
const STOMACH = /gastric|stomach|gastro-?o?esophageal|esophagogastric|\bGEJ\b/i;
const LIVER = /hepatocellular|\bliver\b|\bHCC\b|hepatic/i;
const BILIARY = /cholangio|biliary|bile duct/i;
const THYROID = /thyroid/i;
// gynaecological cancers and HPV / virus-associated malignancies include cervical cancer
const CERVIX = /cervi(?:x|cal)|gyn(?:a)?ecolog|virus[- ]associated|\bHPV\b/i;
const BLADDER = /bladder|urothelial|transitional[- ]cell/i;
const KIDNEY = /renal|kidney|\bRCC\b/i;
const COLON = /colo|rectal|rectum|bowel|\bCRC\b/i;

export const CASES: Case[] = [
  { text: '45-year-old woman with HER2-positive invasive ductal carcinoma of the breast, stage II, ER-negative, no prior therapy, ECOG 0', disease: BREAST },
  { text: '52-year-old woman with triple negative breast cancer, stage IV, liver metastases, PD-L1 10%, ECOG 0, prior paclitaxel', disease: BREAST },
  { text: '63-year-old postmenopausal woman with metastatic HR-positive HER2-negative breast cancer, PIK3CA H1047R, bone metastases, progressed on letrozole and palbociclib, ECOG 1', disease: BREAST },
  { text: '58-year-old woman with stage IV lung adenocarcinoma, EGFR L858R, ECOG 0, progressed on osimertinib, treated brain metastases', disease: NSCLC, not: NOT_NSCLC },
  { text: '66-year-old man with metastatic squamous cell carcinoma of the lung, PD-L1 80%, no prior therapy, ECOG 1', disease: NSCLC, not: NOT_NSCLC },
  { text: '49-year-old man with metastatic non-small cell lung cancer, ALK fusion, progressed on alectinib, ECOG 1', disease: NSCLC, not: NOT_NSCLC },
  { text: '70-year-old man with metastatic castration-resistant prostate adenocarcinoma, BRCA2 mutation, progressed on enzalutamide, ECOG 1', disease: PROSTATE },
  { text: '65-year-old man with high-risk localized prostate cancer, Gleason 9, no prior therapy, ECOG 0', disease: PROSTATE },
  { text: '64-year-old man with metastatic gastric adenocarcinoma, ERBB2 amplified, ECOG 1, progressed on FOLFOX', disease: STOMACH },
  { text: '57-year-old woman with locally advanced adenocarcinoma of the gastroesophageal junction, HER2-negative, ECOG 0', disease: STOMACH },
  { text: '67-year-old male with hepatocellular carcinoma, Child-Pugh A, ECOG 1, progressed on sorafenib', disease: LIVER },
  { text: '59-year-old woman with unresectable intrahepatic cholangiocarcinoma, FGFR2 fusion, progressed on gemcitabine and cisplatin, ECOG 1', disease: BILIARY },
  { text: '55-year-old woman with radioactive iodine-refractory metastatic papillary thyroid cancer, BRAF V600E, lung metastases', disease: THYROID },
  { text: '48-year-old man with metastatic medullary thyroid cancer, RET M918T mutation, ECOG 0', disease: THYROID },
  { text: '39-year-old woman with cervical cancer stage IIIB, HIV negative, ECOG 0', disease: CERVIX },
  { text: '46-year-old woman with recurrent metastatic cervical squamous cell carcinoma, progressed on cisplatin and paclitaxel, ECOG 1', disease: CERVIX },
  { text: '72-year-old man with metastatic urothelial bladder carcinoma, FGFR3 S249C mutation, progressed on cisplatin and gemcitabine, ECOG 1', disease: BLADDER },
  { text: '68-year-old man with non-muscle-invasive bladder cancer, recurrent after BCG, ECOG 0', disease: BLADDER },
  { text: '61-year-old man with metastatic clear cell renal cell carcinoma, no prior systemic therapy, ECOG 1', disease: KIDNEY },
  { text: '54-year-old woman with advanced papillary renal cell carcinoma, progressed on sunitinib, ECOG 1', disease: KIDNEY },
  { text: '61-year-old man with colorectal cancer, KRAS G12C, MSS, liver metastases, progressed on FOLFOX and FOLFIRI, ECOG 1', disease: COLON },
  { text: '50-year-old woman with metastatic colon cancer, MSI-high, no prior therapy, ECOG 0', disease: COLON },
  { text: '58-year-old man with stage III colon adenocarcinoma after resection, BRAF V600E, ECOG 0', disease: COLON },
  // Written 2026-11-27 (fifth session) after the rules above, never used to tune them: 37 more lines in the
  // styles of referral letters and tumour-board notes, 10 in English, 14 in Spanish, 13 in Italian ("set: new").
  { text: '71F, mBC ER+/PR+ HER2-low (IHC 1+), progressed on anastrozole + ribociclib, then capecitabine, bone and liver mets, ECOG 1', disease: BREAST, set: 'new', lang: 'en' },
  { text: '38-year-old woman, germline BRCA1, early triple-negative breast cancer cT2N1, candidate for neoadjuvant therapy', disease: BREAST, set: 'new', lang: 'en' },
  { text: '62M never smoker, stage IVB lung adenocarcinoma, ROS1 fusion, brain mets untreated, treatment-naive, PS 1', disease: NSCLC, not: NOT_NSCLC, set: 'new', lang: 'en' },
  { text: '69-year-old man with metastatic NSCLC, KRAS G12C, PD-L1 TPS 5%, progressed after carboplatin/pemetrexed/pembrolizumab, ECOG 1', disease: NSCLC, not: NOT_NSCLC, set: 'new', lang: 'en' },
  { text: '74M with mCRPC, prior docetaxel and abiraterone, PSA rising, bone-only disease, ECOG 1, no known HRR alteration', disease: PROSTATE, set: 'new', lang: 'en' },
  { text: '66-year-old woman with metastatic HER2-positive gastric cancer, progressed on trastuzumab plus chemotherapy, ECOG 1', disease: STOMACH, set: 'new', lang: 'en' },
  { text: '60M HCC BCLC C, portal vein invasion, Child-Pugh A6, first line, no prior systemic therapy', disease: LIVER, set: 'new', lang: 'en' },
  { text: '44-year-old woman with anaplastic thyroid carcinoma, BRAF V600E, neck mass unresectable, ECOG 1', disease: THYROID, set: 'new', lang: 'en' },
  { text: '59M metastatic urothelial carcinoma of the renal pelvis, cisplatin-ineligible (eGFR 38), untreated, PD-L1 CPS 12', disease: BLADDER, set: 'new', lang: 'en' },
  { text: '53-year-old man with metastatic rectal cancer, RAS/BRAF wild-type, left-sided, progressed on FOLFOX-panitumumab, ECOG 0', disease: COLON, set: 'new', lang: 'en' },
  { text: 'Mujer de 56 años con cáncer de mama metastásico RH+ HER2-negativo, mutación ESR1, progresión a letrozol y palbociclib, ECOG 1', disease: BREAST, set: 'new', lang: 'es' },
  { text: 'Paciente de 47 años, carcinoma ductal infiltrante HER2+ con metástasis cerebrales, tratada con trastuzumab y pertuzumab', disease: BREAST, set: 'new', lang: 'es' },
  { text: 'Varón de 64 años, adenocarcinoma de pulmón estadio IV con mutación EGFR exón 19, progresión a osimertinib, ECOG 1', disease: NSCLC, not: NOT_NSCLC, set: 'new', lang: 'es' },
  { text: 'Carcinoma escamoso de pulmón metastásico, PD-L1 60%, sin tratamiento previo, fumador activo, 70 años', disease: NSCLC, not: NOT_NSCLC, set: 'new', lang: 'es' },
  { text: 'Hombre de 68 años con cáncer de próstata metastásico hormonosensible, alto volumen, inicia ADT', disease: PROSTATE, set: 'new', lang: 'es' },
  { text: 'Adenocarcinoma gástrico avanzado irresecable, HER2 negativo, CLDN18.2 positivo, primera línea, ECOG 0, 59 años', disease: STOMACH, set: 'new', lang: 'es' },
  { text: 'Hepatocarcinoma sobre cirrosis por VHC, Child-Pugh A, BCLC B, progresión tras quimioembolización, 71 años', disease: LIVER, set: 'new', lang: 'es' },
  { text: 'Mujer de 50 años con carcinoma papilar de tiroides metastásico refractario a yodo radiactivo, fusión RET', disease: THYROID, set: 'new', lang: 'es' },
  { text: 'Cáncer de cérvix escamoso localmente avanzado estadio IIB, sin tratamiento previo, 42 años', disease: CERVIX, set: 'new', lang: 'es' },
  { text: 'Carcinoma urotelial de vejiga músculo-invasivo cT3N0, candidato a cistectomía, 66 años', disease: BLADDER, set: 'new', lang: 'es' },
  { text: 'Carcinoma renal de células claras metastásico, progresión a nivolumab e ipilimumab, riesgo IMDC intermedio', disease: KIDNEY, set: 'new', lang: 'es' },
  { text: 'Adenocarcinoma de colon metastásico con inestabilidad de microsatélites alta (MSI-H), sin tratamiento previo, 61 años', disease: COLON, set: 'new', lang: 'es' },
  { text: 'Cáncer colorrectal metastásico KRAS G12D, MSS, tercera línea tras FOLFOX y FOLFIRI con bevacizumab', disease: COLON, set: 'new', lang: 'es' },
  { text: 'Colangiocarcinoma intrahepático irresecable con mutación IDH1 R132C, progresión a gemcitabina y cisplatino', disease: BILIARY, set: 'new', lang: 'es' },
  { text: 'Donna di 60 anni con carcinoma mammario metastatico triplo negativo, PD-L1 CPS 15, prima linea, ECOG 0', disease: BREAST, set: 'new', lang: 'it' },
  { text: 'Paziente di 45 anni, carcinoma lobulare della mammella HR+ HER2-, in progressione dopo fulvestrant e abemaciclib', disease: BREAST, set: 'new', lang: 'it' },
  { text: 'Uomo di 58 anni con adenocarcinoma polmonare metastatico ALK riarrangiato, in progressione a lorlatinib', disease: NSCLC, not: NOT_NSCLC, set: 'new', lang: 'it' },
  { text: 'NSCLC stadio IIIA resecato, EGFR L858R, dopo chemioterapia adiuvante, 63 anni', disease: NSCLC, not: NOT_NSCLC, set: 'new', lang: 'it' },
  { text: 'Carcinoma prostatico resistente alla castrazione con mutazione BRCA2, dopo enzalutamide, metastasi ossee, 72 anni', disease: PROSTATE, set: 'new', lang: 'it' },
  { text: 'Adenocarcinoma della giunzione gastroesofagea metastatico, HER2 3+, seconda linea, ECOG 1', disease: STOMACH, set: 'new', lang: 'it' },
  { text: 'Epatocarcinoma avanzato in progressione dopo atezolizumab e bevacizumab, Child-Pugh A5, 69 anni', disease: LIVER, set: 'new', lang: 'it' },
  { text: 'Carcinoma midollare della tiroide metastatico con mutazione RET, calcitonina in aumento, 52 anni', disease: THYROID, set: 'new', lang: 'it' },
  { text: 'Carcinoma della cervice uterina recidivato metastatico, PD-L1 CPS 5, dopo chemioradioterapia, 49 anni', disease: CERVIX, set: 'new', lang: 'it' },
  { text: 'Carcinoma uroteliale metastatico in progressione dopo avelumab di mantenimento, FGFR3 mutato, 73 anni', disease: BLADDER, set: 'new', lang: 'it' },
  { text: 'Carcinoma renale a cellule chiare in progressione dopo pembrolizumab e axitinib, ECOG 1', disease: KIDNEY, set: 'new', lang: 'it' },
  { text: 'Carcinoma del colon-retto metastatico BRAF V600E, in progressione dopo FOLFOXIRI e bevacizumab', disease: COLON, set: 'new', lang: 'it' },
  { text: 'Tumore del retto localmente avanzato cT3N1, dMMR, non trattato, 55 anni', disease: COLON, set: 'new', lang: 'it' },
];

/**
 * A trial open to many tumour types (a basket) concerns every patient with cancer: it says so ("solid
 * tumours", "any cancer"), or every condition it lists is cancer in general ("Neoplasms", "Cancer; Tumors").
 */
const BASKET = /solid (?:tumou?rs?|malignanc|neoplasms?|cancers)|advanced (?:solid )?(?:cancers|malignanc)|any (?:solid|cancer|tumou?r)|multiple (?:tumou?r|cancer) types|tumou?r[- ]agnostic|pan[- ]tumou?r|basket|rare (?:tumou?rs|cancers)|patients with cancer having|(?:mutant|mutated|positive) (?:cancers|solid tumou?rs|malignancies)|neoplasm metastasis/i;
const GENERIC_CONDITION = /^(?:(?:advanced|metastatic|refractory|relapsed|recurrent|progressive|unspecified|adult|solid|malignant|other|primary|neoplasm)\s+)*(?:neoplasms?|cancers?|tumou?rs?|malignanc(?:y|ies)|carcinomas?)(?:,\s*[a-z ]+)?$/i;

function text(t: Trial): string {
  return [t.briefTitle, t.officialTitle ?? '', ...t.conditions].join(' | ');
}

export function judge(c: Case, t: Trial): { disease: boolean; basket: boolean; treatment: boolean; purpose: string } {
  const s = text(t);
  const basket = BASKET.test(s) || (t.conditions.length > 0 && t.conditions.every((c) => GENERIC_CONDITION.test(c.trim())));
  const named = c.disease.test(s) && !(c.not && c.not.test(s) && !/non[- ]small/i.test(s));
  const purpose = (t as Trial & { primaryPurpose?: string }).primaryPurpose ?? 'unknown';
  const origin = (t as Trial & { purposeOrigin?: string }).purposeOrigin;
  return { disease: named || basket, basket: basket && !named, treatment: purpose === 'treatment', purpose: origin === 'inferred' ? `${purpose}*` : purpose };
}

/**
 * Clinician-read judgments (bench/patients/judged-*.json): for a patient line and a trial, would an oncologist
 * consider the trial for that patient, read from the line and the registry record by someone who had not read the
 * engine (session 10). Keyed by the exact patient text; a result nobody has judged yet is counted apart.
 */
function readJudgments(): Map<string, { consider: boolean; why?: string; file: string }> {
  const dir = path.join(__dirname, 'patients');
  const out = new Map<string, { consider: boolean; why?: string; file: string }>();
  if (!fs.existsSync(dir)) return out;
  for (const f of fs.readdirSync(dir).filter((n) => /^judged-.*\.json$/.test(n))) {
    const { judgments } = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { judgments: Array<{ patient: string; trial: string; consider: 'yes' | 'no'; why?: string }> };
    for (const j of judgments) out.set(`${j.patient}\u0000${j.trial}`, { consider: j.consider === 'yes', why: j.why, file: f });
  }
  return out;
}

/** The judgment files rules may be tuned on (judge 1 and judge 3 on judge 1's patients); the others are held out. */
const TUNED_JUDGMENTS = new Set(['judged-1.json', 'judged-3a.json']);

/** Which results are judged: 'open' (default), the results page's default view; 'all', the whole catalogue. */
const VIEW = process.env.BENCH_PATIENTS_VIEW === 'all' ? 'all' : 'open';

function main() {
  // the vocabularies the server runs with: the complete reference vocabularies, installed as at its start
  if (process.env.BENCH_VOCAB !== 'owned') installReferenceVocabularies(readReferenceVocabularies(sharedDataDir()));
  const t0 = Date.now();
  const imported = importDirectory(path.join(sharedDataDir(), 'trials'), catalogueFile);
  const index = new TrialIndex(imported.trials);
  console.log(`${index.size} trials imported and compiled in ${((Date.now() - t0) / 1000).toFixed(1)} s; view: ${VIEW === 'open' ? 'trials open to enrolment (the results page default)' : 'every trial'}\n`);
  const list = process.env.BENCH_PATIENTS_LIST === '1';
  const judged = readJudgments();
  // clinician-read: [considered, judged, not judged] over every top-10 result and over the "Match" ones
  const read = { all: [0, 0, 0], match: [0, 0, 0] };
  // the same per judgment file (judge 1 and judge 2 read different patients): "Match" [considered, judged]
  const byFile = new Map<string, [number, number]>();
  const rows: Array<Array<string | number>> = [];
  let good = 0;
  let total = 0;
  // "Match · high" the record cannot support (issue 28): no criteria text, or an unread sentence deciding eligibility
  let unsupported = 0;
  let matches = 0;
  let undecided = 0;
  // per part of the set (original / new × language): judged good among all top-10 results and among the "Match" ones
  const parts = new Map<string, { patients: number; good: number; total: number; matchGood: number; match: number }>();
  for (const c of CASES) {
    const partKey = `${c.set ?? 'original'} · ${c.lang ?? 'en'}`;
    const part = parts.get(partKey) ?? { patients: 0, good: 0, total: 0, matchGood: 0, match: 0 };
    parts.set(partKey, part);
    part.patients++;
    const { patient } = normalizePatient(c.text);
    // the product's default view: the best trials open to enrolment (BENCH_PATIENTS_VIEW=all: every trial, as before 2026-11-28)
    const results = matchPatient(index, patient, { limit: 10, recruitingOnly: VIEW === 'open' });
    let ok = 0;
    let dz = 0;
    let tx = 0;
    if (list) console.log(`\n## ${c.text}\n   -> ${patient.oncotreeCode ?? '?'} ${patient.stage ?? ''} ${patient.metastatic === undefined ? '' : patient.metastatic ? 'metastatic' : 'non-metastatic'}`);
    results.forEach((r, k) => {
      const t = index.get(r.trialId)!;
      const j = judge(c, t);
      if (j.disease) dz++;
      if (j.treatment) tx++;
      if (j.disease && j.treatment) ok++;
      part.total++;
      if (j.disease && j.treatment) part.good++;
      if (r.verdict === 'match') {
        part.match++;
        if (j.disease && j.treatment) part.matchGood++;
      }
      if (r.verdict === 'match') matches++;
      const j2 = judged.get(`${c.text}\u0000${t.id}`);
      for (const key of r.verdict === 'match' ? (['all', 'match'] as const) : (['all'] as const)) {
        if (!j2) read[key][2]++;
        else {
          read[key][1]++;
          if (j2.consider) read[key][0]++;
        }
      }
      if (j2 && r.verdict === 'match') {
        const f = byFile.get(j2.file) ?? [0, 0];
        byFile.set(j2.file, f);
        f[1]++;
        if (j2.consider) f[0]++;
      }
      if (r.coverage?.undecidedBy?.length) undecided++;
      if (r.verdict === 'match' && r.level === 'high' && (!statesEligibility(t) || t.eligibility.criteria.some((x) => x.spec.kind === 'free_text' && x.spec.decides))) unsupported++;
      if (list) {
        const checked = r.counts.match + r.counts.no_match;
        console.log(`${String(k + 1).padStart(3)}. ${!j2 ? '? ' : !TUNED_JUDGMENTS.has(j2.file) ? '· ' : j2.consider ? '+ ' : '- '}${j.disease && j.treatment ? '  ' : '✗ '}${r.verdict}/${r.level} [${checked} checked] ${t.id} ${t.briefTitle.slice(0, 110)}  {${t.conditions.slice(0, 3).join('; ').slice(0, 80)}} purpose=${j.purpose}${j.basket ? ' basket' : ''}`);
      }
    });
    good += ok;
    total += results.length;
    rows.push([c.text.slice(0, 70), patient.oncotreeCode ?? '?', results.length, dz, tx, ok]);
  }
  console.log(table(['patient', 'code', 'top', 'disease ok', 'treatment', 'both'], rows));
  const share = total ? good / total : 0;
  console.log(
    `\n${table(
      ['measure', 'value', 'target'],
      [
        ['top-10 trials whose disease concerns the patient and whose purpose is treatment', `${(share * 100).toFixed(1)}% (${good}/${total})`, '≥ 95%'],
        ['top-10 "Match · high" without criteria text or with an unread deciding sentence', unsupported, '0'],
        ['top-10 results that are "Match"', `${matches}/${total}`, ''],
        ['clinician-read: "Match" in the top 10 an oncologist would consider', `${read.match[1] ? ((read.match[0] / read.match[1]) * 100).toFixed(1) : '—'}% (${read.match[0]}/${read.match[1]} judged; ${read.match[2]} not judged)`, '≥ 90%'],
        ['clinician-read: top-10 results an oncologist would consider', `${read.all[1] ? ((read.all[0] / read.all[1]) * 100).toFixed(1) : '—'}% (${read.all[0]}/${read.all[1]} judged; ${read.all[2]} not judged)`, ''],
        ['top-10 results with an unread deciding sentence shown', `${undecided}/${total}`, ''],
        ...[...byFile].sort(([a], [b]) => a.localeCompare(b)).map(([f, [yes, n]]) => [`clinician-read (${f}): "Match" an oncologist would consider`, `${n ? ((yes / n) * 100).toFixed(1) : '—'}% (${yes}/${n} judged)`, '≥ 90%']),
      ],
    )}`,
  );
  const pct = (a: number, b: number) => (b ? `${((a / b) * 100).toFixed(1)}% (${a}/${b})` : '—');
  const all = [...parts.values()].reduce((a, p) => ({ patients: a.patients + p.patients, good: a.good + p.good, total: a.total + p.total, matchGood: a.matchGood + p.matchGood, match: a.match + p.match }), { patients: 0, good: 0, total: 0, matchGood: 0, match: 0 });
  console.log(
    `\n${table(
      ['part of the set', 'patients', 'top-10 judged relevant', '"Match" in the top 10 judged relevant (target ≥ 90%)'],
      [...[...parts].map(([k, p]) => [k, p.patients, pct(p.good, p.total), pct(p.matchGood, p.match)]), ['all', all.patients, pct(all.good, all.total), pct(all.matchGood, all.match)]],
    )}`,
  );
}

if (require.main === module) main();

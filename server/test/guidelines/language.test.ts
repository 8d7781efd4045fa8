import { DRUG_CLASS_NAMES, renderMessage, type GuidelinePack, type MessageLanguage, type PatientData } from '@oncodesk/shared/contracts';
import { normalizePatient } from '../../src/language/normalizePatient';
import { drugClassLabel } from '../../src/vocab/drugKnowledge';
import { FREE_TEXT } from './freetext';
import { focusAreasOf, patientFor } from './synth';
import { BUILT_IN_PACKS_DIR, loadPacks, ruleTexts } from '../../src/guidelines/packs';
import { recommend } from '../../src/guidelines/engine';
import { packSummary } from '../../src/guidelines/service';
import { SurveyService } from '../../src/survey/service';
import { SCENARIOS, scenarioPatient } from './scenarios';

/**
 * The Italian and Spanish screens show no English rule text (issue 26): every text of an answer in es/it
 * (options, why, caveats, what is missing, what rules an option out) comes from the pack's translations
 * or the engine's own words in that language.
 */
const pack = loadPacks(BUILT_IN_PACKS_DIR).packs[0] as GuidelinePack;
const survey = new SurveyService();
// English texts whose translation differs (a drug name such as "Osimertinib" is the same INN everywhere)
const english = [...new Set(pack.rules.flatMap(ruleTexts).concat(pack.prompts.flatMap((p) => [p.fact, p.action])))];
const answerTexts = (a: ReturnType<typeof recommend>) => [
  ...a.recommendations.flatMap((r) => [
    r.therapy,
    r.rationale,
    r.evidence.level,
    ...r.matchedOn,
    ...r.caveats,
    r.assumes?.fact ?? '',
    r.assumes?.condition ?? '',
  ]),
  ...a.missingData.flatMap((m) => [m.fact, m.action ?? '', ...m.decides]),
  ...a.notApplicable.flatMap((n) => [n.therapy, n.reason]),
];

describe.each(['es', 'it'] as MessageLanguage[])('answers in %s carry no English rule text', (lang) => {
  const leaks = english.filter((e) => e.length > 12 && pack.translations![lang as 'es' | 'it'][e] !== e);
  it.each(SCENARIOS.map((s) => [s.name, s] as const))('%s', (_n, s) => {
    const a = recommend(pack, scenarioPatient(s, survey), { lang });
    const texts = answerTexts(a).filter(Boolean);
    expect(texts.length).toBeGreaterThan(0);
    // an English text inside an answer text, unless as part of its own translation ("Enfortumab vedotin" in "Enfortumab vedotina")
    const tr = pack.translations![lang as 'es' | 'it'];
    for (const t of texts) expect({ t, leak: leaks.find((e) => t.includes(e) && !t.includes(tr[e])) }).toEqual({ t, leak: undefined });
    // and the engine's own English words are not there either
    for (const t of texts) expect(t).not.toMatch(/\b(?:not recorded|Setting:|Diagnosis |patient: |Line \d+ in the)/);
  });
});

describe('the same answer in three languages', () => {
  it('a first-line EGFR patient: why it applies and the missing test, in en, es and it', () => {
    const s = SCENARIOS.find((x) => x.name === 'Metastatic lung adenocarcinoma, EGFR L858R, untreated')!;
    const p = scenarioPatient(s, survey);
    const [en, es, it] = (['en', 'es', 'it'] as const).map((lang) => recommend(pack, p, { lang }));
    expect(en.recommendations[0].rationale).toBe('First-line EGFR tyrosine kinase inhibitor for metastatic NSCLC with a sensitising EGFR mutation.');
    expect(es.recommendations[0].rationale).toBe(
      'Inhibidor de la tirosina cinasa de EGFR de primera línea para el CPNM metastásico con una mutación sensibilizante de EGFR.',
    );
    expect(it.recommendations[0].rationale).toBe(
      'Inibitore tirosin-chinasico di EGFR di prima linea per il NSCLC metastatico con mutazione sensibilizzante di EGFR.',
    );
    expect(es.recommendations[0].matchedOn).toContain('Deleción del exón 19 o L858R del exón 21 de EGFR (paciente: EGFR L858R)');
    expect(it.notApplicable.map((n) => n.therapy)).toContain('Pembrolizumab con pemetrexed e chemioterapia a base di platino');
  });
});

/**
 * English fragments that reached es/it answers through the trial matcher (issue 26): a drug class named in
 * English ("recibió erlotinib (EGFR tyrosine kinase inhibitor)"), an alteration's or a receptor's category
 * ("paziente: BRCA1 mutation", "HER2 negative"). Checked over every patient the tests and the bench build:
 * the curated scenarios, a patient per indication row at lines 1-3, its negative twins, and the one-line
 * patients read by the free-text reader.
 */
describe('no English word in es/it answers, over every bench and test patient', () => {
  const classNames = Object.values(DRUG_CLASS_NAMES)
    .filter((n) => n.en !== n.es || n.en !== n.it)
    .map((n) => n.en);
  // engine and matcher words that are English in no Spanish or Italian sentence ("combined positive score" is the CPS's own name in Italian)
  const ENGLISH =
    /\b(?:the|and|with|after|before|not|prior|received|recorded|inhibitors?|therapy|antibody|agent|treatment|disease|patient|mutation|amplification|fusion|deletion|negative|positive(?! score)|platinum|taxane|unknown|given|line)\b/i;
  const patients: Array<[string, PatientData]> = [
    ...SCENARIOS.map((s) => [s.name, scenarioPatient(s, survey)] as [string, PatientData]),
    ...FREE_TEXT.map((s) => [s.text, normalizePatient(s.text, { focusArea: s.focusArea }).patient] as [string, PatientData]),
  ];
  for (const rule of pack.rules)
    for (const focus of focusAreasOf(rule)) {
      for (const line of [undefined, 2, 3]) patients.push([`${rule.id} ${focus} line ${line ?? 'first'}`, patientFor(rule, { focus, line }).patient]);
      for (const c of rule.requires) patients.push([`${rule.id} ${focus} without ${c.label}`, patientFor(rule, { focus, negate: c }).patient]);
    }

  it.each(['es', 'it'] as const)('%s', (lang) => {
    expect(patients.length).toBeGreaterThan(1000);
    const found = new Map<string, string>();
    for (const [name, p] of patients) {
      for (const t of answerTexts(recommend(pack, p, { lang })).filter(Boolean)) {
        const cls = classNames.find((c) => t.includes(c));
        const word = t.match(ENGLISH)?.[0];
        if ((cls || word) && !found.has(t)) found.set(t, `${name}: ${cls ?? word}`);
      }
    }
    expect([...found].map(([t, where]) => `${where} in «${t}»`)).toEqual([]);
  });

  it('a drug class and an alteration are named in the reader language, drug names as INN', () => {
    const m = { key: 'receivedVia', params: { drug: 'erlotinib', class: '@class:egfr_tki' } };
    expect(renderMessage(m, 'en')).toContain('erlotinib (EGFR tyrosine kinase inhibitor)');
    expect(renderMessage(m, 'es')).toContain('erlotinib (inhibidor de la tirosina cinasa de EGFR)');
    expect(renderMessage(m, 'it')).toContain('erlotinib (inibitore tirosin-chinasico di EGFR)');
    expect(renderMessage({ key: 'value', params: { value: 'BRCA1 @{mutation}, ERBB2 @{amplification}' } }, 'it')).toBe('BRCA1 mutazione, ERBB2 amplificazione');
    expect(renderMessage({ key: 'prior', params: { what: '@{class:cdk46_inhibitor}, olaparib' } }, 'es')).toBe('inhibidor de CDK4/6, olaparib previo');
    // the matcher's English labels come from the same definition
    expect(drugClassLabel('vegf_inhibitor')).toBe(DRUG_CLASS_NAMES.vegf_inhibitor.en);
  });
});

describe("the pack's name and disclaimer head every answer in the reader's language", () => {
  it.each(['es', 'it'] as const)('%s', (lang) => {
    const s = packSummary(pack, lang);
    expect(s.disclaimer).not.toBe(pack.disclaimer);
    expect(s.disclaimer).toMatch(lang === 'es' ? /No es contenido de la NCCN/ : /Non è contenuto NCCN/);
    expect(s.name).not.toBe(pack.name);
    expect(packSummary(pack).disclaimer).toBe(pack.disclaimer);
  });
});

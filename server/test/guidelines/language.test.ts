import type { GuidelinePack, MessageLanguage } from '@oncodesk/shared/contracts';
import { BUILT_IN_PACKS_DIR, loadPacks, ruleTexts } from '../../src/guidelines/packs';
import { recommend } from '../../src/guidelines/engine';
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

/** Criteria derived from titles and conditions (origin "derived"), on real records of the shared data. */
import type { CompiledCriterion, Trial } from '@oncodesk/shared/contracts';
import { parseNciCts } from '../../src/trials/importers';
import { deriveSetting } from '../../src/trials/compiler/setting';
import { matchTrial, viewPatient } from '../../src/trials/matcher';
import { P, read } from './helpers';

const lines = read('trials/nci-cts/trials.jsonl').split('\n');
const nci = (id: string): Trial => parseNciCts(lines.find((l) => l.includes(`"${id}"`))!).trials[0];
const derived = (t: Trial) => t.eligibility.criteria.filter((c) => c.origin === 'derived');
const specs = (cs: CompiledCriterion[]) => cs.map((c) => c.spec);

const her2Stage2 = viewPatient(P({ oncotreeCode: 'IDC', age: 45, gender: 'female', stage: 'II', metastatic: false, ecog: 0, biomarkers: [{ name: 'HER2', value: 'positive' }] }));
const tnbcStage4 = viewPatient(P({ oncotreeCode: 'BRCA', age: 52, gender: 'female', stage: 'IV', metastatic: true, metastasisSites: ['liver'], ecog: 0, biomarkers: [{ name: 'HER2', value: 'negative' }, { name: 'ER', value: 'negative' }, { name: 'PR', value: 'negative' }] }));

describe('setting derived from the title', () => {
  it('"HER2-Positive Breast Cancer That Has Spread to the Brain" (NCT01494662) is not for a stage II patient without metastases', () => {
    const t = nci('NCT01494662');
    expect(specs(derived(t))).toEqual(expect.arrayContaining([{ kind: 'brain_metastases', condition: 'any' }]));
    for (const c of derived(t)) expect(c.source).toMatch(/^Title: /);
    const m = matchTrial(t, her2Stage2);
    expect(m.verdict).not.toBe('match');
    const brain = m.results.find((r) => r.kind === 'brain_metastases' && r.source.startsWith('Title'))!;
    expect(brain.status).toBe('no_match');
  });

  it('"Early Stage Breast Cancer" (NCT01766297) is not for a patient with stage IV disease', () => {
    const t = nci('NCT01766297');
    if (!t.eligibility.criteria.some((c) => c.origin !== 'derived' && ['stage', 'metastatic'].includes(c.spec.kind))) expect(specs(derived(t))).toContainEqual({ kind: 'metastatic', state: 'non_metastatic' });
    expect(matchTrial(t, tnbcStage4).verdict).not.toBe('match');
  });

  it('reads first line, HER2 and metastatic from "First-Line HER2-Positive Metastatic Breast Cancer" (NCT03199885) where the text does not', () => {
    const t = nci('NCT03199885');
    const got = specs(derived(t));
    const kinds = new Set(t.eligibility.criteria.filter((c) => c.origin !== 'derived').map((c) => c.spec.kind));
    if (!kinds.has('receptor')) expect(got).toContainEqual({ kind: 'receptor', marker: 'HER2', status: 'positive' });
    if (!kinds.has('prior_therapy')) expect(got).toContainEqual({ kind: 'prior_therapy', drugs: [], classes: [], maxLines: 0 });
    expect(matchTrial(t, tnbcStage4).verdict).not.toBe('match');
  });

  it('castration states: resistant (NCT03012321), and neither when the title admits both (NCT02853097)', () => {
    expect(specs(deriveSetting({ briefTitle: nci('NCT03012321').briefTitle, conditions: [] }, [], { idPrefix: 't', startIndex: 0 }))).toContainEqual({ kind: 'disease_state', state: 'castration_resistant' });
    expect(specs(deriveSetting({ briefTitle: nci('NCT02853097').briefTitle, conditions: [] }, [], { idPrefix: 't', startIndex: 0 })).filter((s) => s.kind === 'disease_state')).toEqual([]);
  });

  it('prior progression is read from the phrase after it, not from the title\'s own drugs', () => {
    const d = specs(deriveSetting({ briefTitle: 'Osimertinib in EGFR T790M Positive NSCLC After Progression on First-line EGFR TKI', conditions: [] }, [], { idPrefix: 't', startIndex: 0 }));
    expect(d).toContainEqual({ kind: 'prior_therapy', drugs: [], classes: ['egfr_tki'] });
    expect(d.some((s) => s.kind === 'prior_therapy' && s.drugs.includes('osimertinib'))).toBe(false);
    const rai = specs(deriveSetting({ briefTitle: 'Lenvatinib in Radioactive Iodine-Refractory Differentiated Thyroid Cancer', conditions: [] }, [], { idPrefix: 't', startIndex: 0 }));
    expect(rai).toEqual([{ kind: 'disease_state', state: 'rai_refractory' }]);
  });

  it('receptor statuses offered as alternatives decide nothing ("HER2 Positive or Triple Negative", NCT02945579)', () => {
    const d = specs(deriveSetting({ briefTitle: 'Eliminating Surgery after Systemic Therapy in Treating Patients with HER2 Positive or Triple Negative Breast Cancer', conditions: [] }, [], { idPrefix: 't', startIndex: 0 }));
    expect(d.filter((x) => x.kind === 'receptor')).toEqual([]);
  });

  it('adds nothing the eligibility criteria already state, and reads HR+/HER2- without inventing ER-negative', () => {
    const stated: CompiledCriterion[] = [{ id: 'x#0', polarity: 'inclusion', spec: { kind: 'stage', groups: ['IV'] }, source: 'Stage IV', confidence: 0.8, origin: 'text' }];
    const d = specs(deriveSetting({ briefTitle: 'Fulvestrant in Hormone Receptor Positive, HER2 Negative Metastatic Breast Cancer', conditions: [] }, stated, { idPrefix: 't', startIndex: 1 }));
    expect(d.some((s) => s.kind === 'metastatic' || s.kind === 'stage')).toBe(false);
    expect(d).toContainEqual({ kind: 'receptor', marker: 'ER', status: 'positive' });
    expect(d).toContainEqual({ kind: 'receptor', marker: 'HER2', status: 'negative' });
    expect(d).not.toContainEqual({ kind: 'receptor', marker: 'ER', status: 'negative' });
  });
});

describe('setting from arm descriptions', () => {
  const derive = (cohorts: Array<{ label: string; description?: string }>) =>
    deriveSetting({ briefTitle: 'A Study of Drug X', conditions: ['Breast Cancer'], cohorts }, [], { idPrefix: 't', startIndex: 0 });

  // written as ClinicalTrials.gov arm descriptions are; the shared records' arms state no setting all arms share
  it('reads the setting every described arm states, tagged as coming from the arms', () => {
    const got = derive([
      { label: 'Arm A', description: 'Patients with metastatic breast cancer receive drug X orally daily' },
      { label: 'Arm B', description: 'Patients with metastatic breast cancer receive capecitabine' },
    ]);
    expect(got.map((c) => [c.spec, c.origin, c.source.startsWith('Arms:')])).toEqual([[{ kind: 'metastatic', state: 'metastatic' }, 'derived', true]]);
    expect(derive([{ label: 'Adjuvant', description: 'Adjuvant chemotherapy after complete resection' }]).map((c) => c.spec)).toEqual([{ kind: 'metastatic', state: 'non_metastatic' }]);
  });

  it('derives nothing when arms disagree or only a vaccine adjuvant is named', () => {
    expect(derive([
      { label: 'Cohort 1', description: 'Metastatic disease: drug X' },
      { label: 'Cohort 2', description: 'Adjuvant therapy cohort: drug X after resection' },
    ])).toEqual([]);
    expect(derive([{ label: 'ATV with CoVaccine HT', description: 'Angiotensin Therapeutic Vaccine with CoVaccine HT adjuvant' }])).toEqual([]);
  });
});

/** Study purpose: the registry's where it has one, read from the study's own text otherwise, and the default search keeps treatment trials. */
import type { Trial } from '@oncodesk/shared/contracts';
import { parseCtgovXml, parseNciCts } from '../../src/trials/importers';
import { inferPurpose, normalizePurpose, studyPurpose } from '../../src/trials/purpose';
import { TrialIndex, matchPatient } from '../../src/trials/matcher';
import { P, read, trial } from './helpers';
import { sharedHintFile } from '../support/compiledTrials';

const xml = (id: string) => parseCtgovXml(read(`trials/ctgov-xml/${id}.xml`)).trials[0];
const lines = read('trials/nci-cts/trials.jsonl').split('\n');
const nci = (id: string): Trial => parseNciCts(lines.find((l) => l.includes(`"${id}"`))!).trials[0];

describe('study purpose', () => {
  it('reads the registry wording of every format', () => {
    expect(['Treatment', 'SUPPORTIVE_CARE', 'Health Services Research', 'BASIC_SCIENCE', 'nonsense'].map(normalizePurpose)).toEqual(['treatment', 'supportive_care', 'health_services_research', 'basic_science', undefined]);
    expect(xml('NCT00250276')).toMatchObject({ primaryPurpose: 'prevention', purposeOrigin: 'registry' }); // HPV vaccine
    expect(xml('NCT00702208')).toMatchObject({ primaryPurpose: 'screening', purposeOrigin: 'registry' }); // cervical cytology screener
  });

  it('a registry "Treatment" of anxiety or in healthy volunteers is not treatment of a cancer', () => {
    expect(xml('NCT00706290')).toMatchObject({ primaryPurpose: 'supportive_care', purposeOrigin: 'inferred' }); // Brief CBT for Anxiety and Advanced Cancer
    expect(xml('NCT00708903')).toMatchObject({ primaryPurpose: 'basic_science', purposeOrigin: 'inferred' }); // HKI-272 cardiac repolarization, healthy volunteers
    expect(xml('NCT00256217')).toMatchObject({ primaryPurpose: 'prevention', purposeOrigin: 'inferred' }); // Chemoprevention Trial - Anastrozole in DCIS
  });

  it('a registry or a non-interventional follow-up is not a treatment study, whatever its purpose field says', () => {
    // ClinicalTrials.gov: an observational registry of patients treated with temsirolimus, sunitinib or axitinib
    expect(xml('NCT00700258')).toMatchObject({ studyType: expect.stringMatching(/observational/i), primaryPurpose: 'other', purposeOrigin: 'inferred' });
    // NCI: "Long-term, Non-interventional, Observational Study Following Treatment ..."
    expect(nci('NCT04106167')).toMatchObject({ primaryPurpose: 'other', purposeOrigin: 'inferred' });
  });

  it('a study of what cancer costs patients is health services research, not treatment (an NCI listing without a purpose)', () => {
    expect(nci('NCT04169542')).toMatchObject({ primaryPurpose: 'health_services_research', purposeOrigin: 'inferred' });
    const titled = (briefTitle: string) => inferPurpose({ briefTitle, conditions: ['Breast Cancer'], interventions: [], studyType: undefined });
    expect(titled('Financial Toxicity in Women Treated for Early Breast Cancer')).toBe('health_services_research');
    expect(titled('Employment Outcomes after Chemotherapy for Breast Cancer')).toBe('health_services_research');
    // what a clinician dismissed as "not a cancer treatment" on bench:patients: erectile function after prostatectomy,
    // bone density during immunotherapy, a rollover for a parent trial's patients, telemonitoring, a route preference
    expect(titled('Nerve Grafting Technique to Restore Erectile Function Post Radical Prostatectomy')).toBe('supportive_care');
    expect(titled('Pilot Study of Bone Mineral Density Changes During Anti-PD-1 Immunotherapy')).toBe('supportive_care');
    const registryTreatment = (briefTitle: string) => studyPurpose('treatment', { briefTitle, conditions: ['Cancer'], interventions: [], studyType: undefined }).primaryPurpose;
    expect(registryTreatment('Dabrafenib and/or Trametinib Rollover Study')).toBe('other');
    expect(registryTreatment('Impact of Telemonitoring for the Management of Side Effects in Patients with Melanoma, Lung or Renal Cancer')).toBe('health_services_research');
    expect(registryTreatment('Patient Preference for Subcutaneous vs. Intravenous Immune Therapy')).toBe('health_services_research');
    expect(registryTreatment('Pembrolizumab in Treating Patients With Metastatic Breast Cancer')).toBe('treatment');
    // a treatment title that names costs among its aims stays a treatment trial
    expect(titled('Letrozole in Treating Patients With Breast Cancer and Its Medical Costs')).toBe('treatment');
    // a treatment trial stays one
    expect(nci('NCT01494662')).toMatchObject({ primaryPurpose: 'treatment' });
  });

  it('infers it from the title where the record has none (NCI search records), and says so', () => {
    const cases: Array<[string, Trial['primaryPurpose']]> = [
      ['NCT00897455', 'basic_science'], // Studying Breast Cancer Risk in BRCA1/BRCA2 Mutation Carriers
      ['NCT02610413', 'basic_science'], // Whole Exome Sequencing ... Germline DNA ... Hypertension
      ['NCT03879629', 'supportive_care'], // Carvedilol for the Treatment of Heart Disease in Patients with Breast Cancer
      ['NCT03233191', 'screening'], // Digital Tomosynthesis Mammography ... in Screening Patients for Breast Cancer
      ['NCT03181867', 'diagnostic'], // 18F-DCFPyL PET / CT in High Risk and Recurrent Prostate Cancer
      ['NCT01494662', 'treatment'], // Neratinib, Capecitabine, and T-DM1 in Treating Patients with HER2+ Breast Cancer ... Brain
      ['NCT02521493', 'treatment'], // Response-Based Chemotherapy in Treating Newly Diagnosed AML ("diagnosed" is not diagnostic)
      ['NCT04457596', 'treatment'], // T-DM1 and Tucatinib ... in Preventing Relapses ... HER2-Positive Breast Cancer (adjuvant)
    ];
    for (const [id, purpose] of cases) expect([id, nci(id).primaryPurpose, nci(id).purposeOrigin]).toEqual([id, purpose, 'inferred']);
  });

  it('HINT records (no title): a symptom among the conditions is supportive care, a cancer drug study treatment', () => {
    const hint = sharedHintFile().trials;
    expect(hint.find((t) => t.id === 'NCT00351715')).toMatchObject({ primaryPurpose: 'supportive_care', purposeOrigin: 'inferred' }); // cancer; pain
    expect(hint.find((t) => t.id === 'NCT00002633')).toMatchObject({ primaryPurpose: 'treatment', purposeOrigin: 'inferred' }); // bicalutamide, goserelin ... prostate cancer
    expect(inferPurpose({ briefTitle: 'A study', conditions: [], interventions: [], studyType: 'observational' })).toBe('other');
    expect(inferPurpose({ briefTitle: 'A study', conditions: [], interventions: [] })).toBe('unknown');
  });
});

describe('searches keep treatment trials by default', () => {
  const breast = P({ oncotreeCode: 'IDC', age: 45, gender: 'female', stage: 'II', metastatic: false });
  const text = 'Inclusion Criteria:\n- Histologically confirmed breast cancer';
  const tx = trial('NCT90000021', text, { conditions: ['Breast Cancer'], briefTitle: 'Docetaxel in Treating Patients With Breast Cancer' });
  const prevention = trial('NCT90000022', text, { conditions: ['Breast Cancer'], briefTitle: 'Anastrozole in Preventing Breast Cancer in High-Risk Women' });
  const supportive = trial('NCT90000023', text, { conditions: ['Breast Cancer', 'Fatigue'], briefTitle: 'Exercise for Fatigue in Women With Breast Cancer' });
  const index = new TrialIndex([prevention, supportive, tx]);

  it('a patient with cancer gets treatment trials unless the search asks for more', () => {
    expect([prevention.primaryPurpose, supportive.primaryPurpose, tx.primaryPurpose]).toEqual(['prevention', 'supportive_care', 'treatment']);
    expect(matchPatient(index, breast).map((r) => r.trialId)).toEqual(['NCT90000021']);
    expect(matchPatient(index, breast, { purposes: ['treatment', 'prevention'] }).map((r) => r.trialId).sort()).toEqual(['NCT90000021', 'NCT90000022']);
  });

  it('with every purpose kept, no other study outranks a treatment trial of the same verdict', () => {
    const all = matchPatient(index, breast, { purposes: 'all' });
    expect(all.map((r) => r.verdict)).toEqual(['match', 'match', 'match']);
    expect(all[0].trialId).toBe('NCT90000021');
  });
});

/** What disease a trial is about: unresolved diseases never read as "any disease"; title/condition conflicts. */
import { parseCtgovXml, parseNciCts } from '../../src/trials/importers';
import { isGenericCancerPhrase, readTrialDisease } from '../../src/trials/trialDisease';
import { diseaseRelation, matchTrial, viewPatient } from '../../src/trials/matcher';
import { P, read } from './helpers';
import { sharedHintFile } from '../support/compiledTrials';
import { normalizePatient } from '../../src/language/normalizePatient';

const breastPatient = viewPatient(P({ oncotreeCode: 'IDC', age: 45, gender: 'female', stage: 'II', metastatic: false }));
const ccrcc = viewPatient(P({ oncotreeCode: 'CCRCC', age: 61, gender: 'male', metastatic: true }));

describe('trial disease', () => {
  it('tells generic cancer phrases from diseases the vocabulary lacks', () => {
    for (const s of ['Advanced Solid Tumors', 'Unspecified Adult Solid Tumor, Protocol Specific', 'Neoplasms', 'Cancer', 'Metastatic Cancer', 'Malignant Neoplasms']) expect([s, isGenericCancerPhrase(s)]).toEqual([s, true]);
    for (const s of ['Adrenocortical Carcinoma', 'Venous Thromboembolism', 'Pain']) expect([s, isGenericCancerPhrase(s)]).toEqual([s, false]);
  });

  it('a disease that resolves only to the root is unresolved and never a match (mitotane, adrenocortical cancer)', () => {
    const line = read('trials/nci-cts/trials.jsonl').split('\n').find((l) => l.includes('"NCT03583710"'))!;
    const t = parseNciCts(line).trials[0];
    const m = matchTrial(t, breastPatient);
    expect(m.verdict).not.toBe('match');
  });

  it('a title naming another disease than the conditions: the eligibility text decides (pazopanib in myeloma listed under renal cell)', () => {
    const t = parseCtgovXml(read('trials/ctgov-xml/NCT00256880.xml')).trials[0];
    expect(t.conditions).toEqual(['Carcinoma, Renal Cell']);
    const dx = t.eligibility.criteria.find((c) => c.spec.kind === 'diagnosis' && c.origin === 'structured')!;
    expect(dx.spec).toMatchObject({ kind: 'diagnosis', codes: ['PCM'] });
    expect(dx.source).toMatch(/contradict the title/);
    const m = matchTrial(t, ccrcc);
    expect(m.verdict).toBe('no_match');
  });

  it('keeps a basket trial open to any solid tumour', () => {
    const r = readTrialDisease({ briefTitle: 'Study of NGM707 in Advanced or Metastatic Solid Tumor Malignancies', conditions: ['Advanced Malignant Solid Tumor'] });
    expect(r).toMatchObject({ codes: ['TISSUE'], unresolved: false });
    // a carcinoma the vocabulary does not know reads as the root only: unresolved, not "any cancer"
    expect(readTrialDisease({ briefTitle: 'Drug X after surgery', conditions: ['Zebra Cell Carcinoma'] })).toMatchObject({ codes: ['TISSUE'], unresolved: true });
  });

  it('a basket named only as "cancers" also takes the diseases its inclusion criteria name (NCT01616199, PX-866 with vemurafenib)', () => {
    const t = sharedHintFile().trials.find((x) => x.id === 'NCT01616199')!;
    expect(t.conditions).toEqual(['advanced braf-mutant cancers']);
    expect(t.diseaseCodes).toEqual(expect.arrayContaining(['TISSUE', 'MEL']));
    // a melanoma patient is the basket's named cohort; a glioma patient stays under "any BRAF-mutant cancer"
    expect(diseaseRelation(t, 'MEL')).toBe('more_specific');
    expect(diseaseRelation(t, 'DIFG')).toBe('more_general');
    // exclusions and histories name no disease of the trial
    expect(readTrialDisease({ briefTitle: 'X in advanced cancers', conditions: ['Advanced Cancers'], eligibilityText: 'Inclusion Criteria:\n- Advanced solid tumor\nExclusion Criteria:\n- Breast cancer' })).toMatchObject({ codes: ['TISSUE'] });
    // conditions the vocabularies lack: the inclusion criteria's disease instead of "any cancer"
    expect(readTrialDisease({ briefTitle: 'Drug X after surgery', conditions: ['Zebra Cell Carcinoma'], eligibilityText: 'Inclusion Criteria:\n- Histologically confirmed pancreatic adenocarcinoma' })).toMatchObject({ codes: ['PAAD'], unresolved: false });
  });
});

describe('studies outside oncology', () => {
  it('a title naming an organ is not read as its cancer when the conditions are not cancers (NCT00702715, sugammadex in renal patients)', () => {
    expect(readTrialDisease({ briefTitle: 'Comparison of 4.0 mg/kg Sugammadex at 1-2 Post Tetanic Counts (PTC) in Renal or Control Patients', conditions: ['Anesthesia'] }).codes).toEqual([]);
    expect(readTrialDisease({ briefTitle: 'Sunitinib in Renal Cell Carcinoma', conditions: ['Kidney Cancer'] }).codes.length).toBeGreaterThan(0);
  });

  it('a risk of cancer is no cancer: a breast-reconstruction study listing "High Risk for Breast Cancer" (NCT07264790) has no disease', () => {
    const conditions = ['Breast Reconstruction', 'Perfusion; Complications', 'High Risk for Breast Cancer', 'Genetic Predisposition'];
    const title = 'Assessment of Topical Minoxidil on Intraoperative Flap Perfusion and Cutaneous Flap Viability in Breast Reconstruction';
    expect(readTrialDisease({ briefTitle: title, conditions }).codes).toEqual([]);
    // a carrier with the cancer keeps the cancer; a high-risk cancer is a cancer
    expect(readTrialDisease({ briefTitle: 'Olaparib in BRCA carriers', conditions: ['Breast Cancer', 'BRCA1 Mutation Carrier'] }).codes).toEqual(['BREAST']);
    expect(readTrialDisease({ briefTitle: 'ADT plus radiotherapy', conditions: ['High-risk Prostate Cancer'] }).codes).toEqual(['PROSTATE']);
  });
});

describe('clinical names seen in the realistic-patient benchmark', () => {
  it('"liver carcinoma" (NCT00791544) and "squamous cell carcinoma of the lung" name their organ, not any cancer', () => {
    expect(readTrialDisease({ briefTitle: 'x', conditions: ['liver carcinoma'] })).toMatchObject({ codes: ['LIVER'], unresolved: false });
    expect(normalizePatient('66-year-old man with metastatic squamous cell carcinoma of the lung, PD-L1 80%').patient.oncotreeCode).toBe('LUSC');
  });
});

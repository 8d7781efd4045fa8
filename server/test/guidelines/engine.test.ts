import { PatientData, type GuidelinePack } from '@oncodesk/shared/contracts';
import { BUILT_IN_PACKS_DIR, loadPacks } from '../../src/guidelines/packs';
import { ContradictoryPatientError, recommend, settingOf } from '../../src/guidelines/engine';
import { loadCivicSupport } from '../../src/guidelines/civic';
import { sharedDataDir } from '../../src/config/sharedData';

const pack = loadPacks(BUILT_IN_PACKS_DIR).packs[0] as GuidelinePack;
const P = (p: Partial<PatientData>) => PatientData.parse(p);
const lung = (p: Partial<PatientData> = {}) => P({ focusArea: 'lung', oncotreeCode: 'LUAD', metastatic: true, priorLines: 0, ...p });
const ids = (p: PatientData) => recommend(pack, p).recommendations.map((r) => r.id);

describe('setting and line', () => {
  it('reads the setting from the metastatic answer and the stage group, per focus area', () => {
    expect(settingOf(P({ focusArea: 'lung', stage: 'IVA' }))).toBe('metastatic');
    expect(settingOf(P({ focusArea: 'cervix_uteri', stage: 'IVA' }))).toBe('locally_advanced');
    expect(settingOf(P({ focusArea: 'bladder', stage: 'II' }))).toBe('locally_advanced');
    expect(settingOf(P({ focusArea: 'colon', stage: 'IIA' }))).toBe('early');
    expect(settingOf(P({ focusArea: 'colon' }))).toBeNull();
    expect(() => settingOf(P({ focusArea: 'lung', stage: 'IVB', metastatic: false }))).toThrow(ContradictoryPatientError);
  });
  it('a first-line option is not offered after a first line; a second-line option is', () => {
    const after = lung({ priorLines: 1, alterations: [{ gene: 'KRAS', proteinChange: 'G12C', category: 'mutation' }] });
    expect(ids(after)).toContain('nsclc-kras-g12c-sotorasib');
    expect(ids(after)).not.toContain('nsclc-nonsq-pembrolizumab-chemo-1l');
    expect(ids(lung({ alterations: [{ gene: 'KRAS', proteinChange: 'G12C', category: 'mutation' }] }))).not.toContain('nsclc-kras-g12c-sotorasib');
  });
  it('adjuvant-only treatment leaves the patient at the first line for metastatic disease', () => {
    const p = P({ focusArea: 'colon', oncotreeCode: 'COAD', metastatic: true, msi: 'high', priorTreatments: [{ name: 'oxaliplatin', kind: 'drug', setting: 'adjuvant' }] });
    const a = recommend(pack, p);
    expect(a.nextLine).toBe(1);
    expect(a.recommendations[0].id).toBe('crc-msi-pembrolizumab-1l');
  });
  it('lines not recorded: first-line options say so, and the missing fact is listed', () => {
    const a = recommend(pack, P({ focusArea: 'kidney', oncotreeCode: 'CCRCC', metastatic: true }));
    expect(a.nextLine).toBeNull();
    const first = a.recommendations.find((r) => r.id === 'rcc-pembrolizumab-axitinib-1l')!;
    expect(first.caveats).toContain('No treatment for metastatic disease is recorded: this is a first-line option.');
    expect(a.missingData.map((m) => m.fact)).toContain('Lines of systemic therapy received for metastatic disease not recorded');
  });
});

describe('conditions per kind: alteration, receptor, MSI/MMR, TMB, prior therapy, disease state, grade, lab', () => {
  it('an undecided requirement is missing data with what to do, never a recommendation', () => {
    const a = recommend(pack, lung());
    expect(a.recommendations.map((r) => r.id)).not.toContain('nsclc-egfr-osimertinib-1l');
    const egfr = a.missingData.find((m) => m.fact.startsWith('EGFR exon 19 deletion or exon 21 L858R'))!;
    expect(egfr.action).toMatch(/Test EGFR/);
    expect(egfr.decides).toContain('Osimertinib');
  });
  it('a fact that rules an option out is shown with the fact', () => {
    const a = recommend(pack, lung({ alterations: [{ gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' }] }));
    expect(a.notApplicable).toContainEqual({ id: 'nsclc-nonsq-pembrolizumab-chemo-1l', therapy: 'Pembrolizumab with pemetrexed and platinum chemotherapy', reason: 'EGFR sensitising mutation (patient: EGFR L858R)' });
  });
  it('receptor thresholds, MSI, TMB, prior therapy, disease state, grade and lab values decide their rules', () => {
    expect(ids(lung({ biomarkers: [{ name: 'PD-L1', value: '60' }], alterations: [{ gene: 'EGFR', category: 'wild_type' }, { gene: 'ALK', category: 'wild_type' }, { gene: 'ROS1', category: 'wild_type' }] }))).toContain('nsclc-pdl1-high-pembrolizumab-1l');
    expect(ids(lung({ biomarkers: [{ name: 'PD-L1', value: '20' }] }))).not.toContain('nsclc-pdl1-high-pembrolizumab-1l');
    expect(ids(P({ focusArea: 'kidney', oncotreeCode: 'CCRCC', metastatic: true, priorLines: 1, tmb: 14 }))).toContain('pan-tmb-pembrolizumab');
    const crpc = { focusArea: 'prostate' as const, oncotreeCode: 'PRAD', metastatic: true, castrationStatus: 'resistant' as const };
    expect(ids(P({ ...crpc, priorLines: 1, priorTreatments: [{ name: 'docetaxel', kind: 'drug' }] }))).toContain('prostate-mcrpc-cabazitaxel');
    expect(ids(P({ ...crpc, priorLines: 0, priorTreatments: [] }))).not.toContain('prostate-mcrpc-cabazitaxel');
    expect(ids(P({ ...crpc, castrationStatus: 'sensitive', priorLines: 0 }))).toContain('prostate-mhspc-adt-arpi');
    expect(ids(P({ focusArea: 'bladder', oncotreeCode: 'BLCA', stage: '0a', tumorGrade: 'low' }))).toEqual(['urothelial-nmibc-low-grade']);
    const early = { focusArea: 'prostate' as const, oncotreeCode: 'PRAD', stage: 'I', gleasonGradeGroup: 1 };
    expect(ids(P({ ...early, biomarkers: [{ name: 'PSA', value: '5', unit: 'ng/mL' }] }))).toContain('prostate-localized-low-risk-surveillance');
    expect(ids(P({ ...early, biomarkers: [{ name: 'PSA', value: '14', unit: 'ng/mL' }] }))).not.toContain('prostate-localized-low-risk-surveillance');
  });
  it('a tumour-agnostic label\'s excluded disease is left out (BRAF V600E, colorectal)', () => {
    const braf = [{ gene: 'BRAF', proteinChange: 'V600E', category: 'mutation' as const }];
    expect(ids(P({ focusArea: 'colon', oncotreeCode: 'COAD', metastatic: true, priorLines: 2, alterations: braf }))).not.toContain('pan-braf-dabrafenib-trametinib');
    expect(ids(P({ focusArea: 'bladder', oncotreeCode: 'BLCA', metastatic: true, priorLines: 1, alterations: braf }))).toContain('pan-braf-dabrafenib-trametinib');
  });
  it('no diagnosis: an honest empty answer saying what is missing', () => {
    const a = recommend(pack, P({ focusArea: 'lung' }));
    expect(a.recommendations).toEqual([]);
    expect(a.missingData[0].fact).toMatch(/Diagnosis/);
  });
});

describe('CIViC supporting evidence', () => {
  const civic = loadCivicSupport(sharedDataDir());
  (civic ? it : it.skip)('attaches level A/B predictive items for the drug and the patient\'s variant, never as a recommendation', () => {
    const a = recommend(pack, lung({ priorLines: 1, alterations: [{ gene: 'KRAS', proteinChange: 'G12C', category: 'mutation' }] }), { civic });
    const osi = a.recommendations.find((r) => r.id === 'nsclc-kras-g12c-sotorasib')!;
    expect(osi.supporting.length).toBeGreaterThan(0);
    // the 2024-04 release has level D only for osimertinib with L858R: nothing is attached below level B
    const egfr = recommend(pack, lung({ alterations: [{ gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' }] }), { civic });
    expect(egfr.recommendations.find((r) => r.id === 'nsclc-egfr-osimertinib-1l')!.supporting).toEqual([]);
    for (const e of osi.supporting) {
      expect(e.level).toMatch(/^[AB]$/);
      expect(e.molecularProfile).toMatch(/^KRAS G12C/);
      expect(e.therapies).toMatch(/sotorasib/i);
      expect(e.url).toMatch(/^https:\/\/civicdb\.org\//);
    }
  });
});

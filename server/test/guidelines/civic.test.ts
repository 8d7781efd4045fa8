import { PatientData, type GenomicAlteration, type GuidelinePack } from '@oncodesk/shared/contracts';
import { loadCivicSupport } from '../../src/guidelines/civic';
import { BUILT_IN_PACKS_DIR, loadPacks } from '../../src/guidelines/packs';
import { recommend } from '../../src/guidelines/engine';
import { sharedDataDir } from '../../src/config/sharedData';
import { focusOf } from '../../src/language/normalizePatient';
import { patientFor } from './synth';

/**
 * CIViC level-A predictive evidence (CC0, the release in the shared reference data read through
 * SHARED_DATA_DIR) cross-checks the pack (issue 26): every level-A sensitivity item in the ten focus areas
 * (and tumour-agnostic ones) either gives its option to a patient with that variant, or is listed here as
 * not applicable with why.
 */
type Entry = { rule: string; alteration: GenomicAlteration } | { notApplicable: string };
const A = (gene: string, category: GenomicAlteration['category'], proteinChange?: string): GenomicAlteration => ({
  gene,
  category,
  ...(proteinChange ? { proteinChange } : {}),
});
const hrr = (gene: string): Entry => ({ rule: 'prostate-mcrpc-hrr-olaparib', alteration: A(gene, 'mutation') });

const EXPECTED: Record<string, Entry> = {
  'ALK Fusion | alectinib | Lung Non-small Cell Carcinoma': { rule: 'nsclc-alk-alectinib-1l', alteration: A('ALK', 'fusion') },
  'ALK Fusion | brigatinib | Lung Non-small Cell Carcinoma': { rule: 'nsclc-alk-brigatinib-1l', alteration: A('ALK', 'fusion') },
  'ALK Fusion | ceritinib | Lung Non-small Cell Carcinoma': { rule: 'nsclc-alk-ceritinib-1l', alteration: A('ALK', 'fusion') },
  'ALK Fusion | crizotinib | Lung Non-small Cell Carcinoma': { rule: 'nsclc-alk-crizotinib-1l', alteration: A('ALK', 'fusion') },
  'ATM Mutation | olaparib | Castration-resistant Prostate Carcinoma': hrr('ATM'),
  'BARD1 Mutation | olaparib | Castration-resistant Prostate Carcinoma': hrr('BARD1'),
  'BRCA1 Mutation | olaparib | Castration-resistant Prostate Carcinoma': hrr('BRCA1'),
  'BRCA2 Mutation | olaparib | Castration-resistant Prostate Carcinoma': hrr('BRCA2'),
  'BRIP1 Mutation | olaparib | Castration-resistant Prostate Carcinoma': hrr('BRIP1'),
  'CDK12 Mutation | olaparib | Castration-resistant Prostate Carcinoma': hrr('CDK12'),
  'CHEK1 Mutation | olaparib | Castration-resistant Prostate Carcinoma': hrr('CHEK1'),
  'CHEK2 mutation | olaparib | Castration-resistant Prostate Carcinoma': hrr('CHEK2'),
  'PALB2 Mutation | olaparib | Castration-resistant Prostate Carcinoma': hrr('PALB2'),
  'RAD51B Mutation | olaparib | Castration-resistant Prostate Carcinoma': hrr('RAD51B'),
  'RAD51D Mutation | olaparib | Castration-resistant Prostate Carcinoma': hrr('RAD51D'),
  'RAD54L Mutation | olaparib | Castration-resistant Prostate Carcinoma': hrr('RAD54L'),
  'BRAF V600E | dabrafenib+trametinib | Lung Non-small Cell Carcinoma': {
    rule: 'nsclc-braf-v600e-dabrafenib-trametinib',
    alteration: A('BRAF', 'mutation', 'V600E'),
  },
  'BRAF V600E | encorafenib+cetuximab | Colorectal Cancer': { rule: 'crc-braf-encorafenib-cetuximab-2l', alteration: A('BRAF', 'mutation', 'V600E') },
  'BRCA1 Loss-of-function | olaparib | Her2-receptor Negative Breast Cancer': { rule: 'breast-gbrca-olaparib', alteration: A('BRCA1', 'mutation') },
  'BRCA1 Loss-of-function | olaparib | Triple-receptor Negative Breast Cancer': { rule: 'breast-gbrca-olaparib', alteration: A('BRCA1', 'mutation') },
  'BRCA2 Loss-of-function | olaparib | Her2-receptor Negative Breast Cancer': { rule: 'breast-gbrca-olaparib', alteration: A('BRCA2', 'mutation') },
  'BRCA2 Loss-of-function | olaparib | Triple-receptor Negative Breast Cancer': { rule: 'breast-gbrca-olaparib', alteration: A('BRCA2', 'mutation') },
  'EGFR Exon 19 Deletion | afatinib | Lung Non-small Cell Carcinoma': { rule: 'nsclc-egfr-afatinib-1l', alteration: A('EGFR', 'mutation', 'exon19del') },
  'EGFR Exon 19 Deletion | erlotinib | Lung Non-small Cell Carcinoma': { rule: 'nsclc-egfr-erlotinib-1l', alteration: A('EGFR', 'mutation', 'exon19del') },
  'EGFR L858R | afatinib | Lung Non-small Cell Carcinoma': { rule: 'nsclc-egfr-afatinib-1l', alteration: A('EGFR', 'mutation', 'L858R') },
  'EGFR L858R | erlotinib | Lung Non-small Cell Carcinoma': { rule: 'nsclc-egfr-erlotinib-1l', alteration: A('EGFR', 'mutation', 'L858R') },
  'EGFR Exon 20 Insertion | amivantamab | Lung Non-small Cell Carcinoma': {
    rule: 'nsclc-ex20ins-amivantamab-2l',
    alteration: A('EGFR', 'mutation', 'exon20ins'),
  },
  'EGFR Exon 20 Insertion | mobocertinib | Lung Non-small Cell Carcinoma': {
    notApplicable: 'mobocertinib was withdrawn from the U.S. market in 2023 (EXCLAIM-2 did not confirm benefit)',
  },
  'EGFR T790M | osimertinib | Lung Non-small Cell Carcinoma': { rule: 'nsclc-egfr-t790m-osimertinib', alteration: A('EGFR', 'mutation', 'T790M') },
  'ERBB2 Amplification | margetuximab | Breast Cancer': { rule: 'breast-her2-margetuximab', alteration: A('ERBB2', 'amplification') },
  'ERBB2 Amplification | neratinib+trastuzumab | Her2-receptor Positive Breast Cancer': {
    notApplicable:
      'neratinib is labelled with capecitabine (metastatic) or alone (extended adjuvant), not with trastuzumab; the pack offers neratinib with capecitabine',
  },
  'ERBB2 Amplification | trastuzumab | Gastric Adenocarcinoma': { rule: 'gastric-her2-trastuzumab-chemo-1l', alteration: A('ERBB2', 'amplification') },
  'ERBB2 Amplification | trastuzumab | Her2-receptor Positive Breast Cancer': { rule: 'breast-her2-thp-1l', alteration: A('ERBB2', 'amplification') },
  'ESR1 MUTATION | elacestrant | Breast Cancer': { rule: 'breast-esr1-elacestrant', alteration: A('ESR1', 'mutation', 'Y537S') },
  'FGFR2 Fusion | infigratinib | Cholangiocarcinoma': {
    notApplicable: "infigratinib's U.S. approval was withdrawn; the pack offers pemigatinib for FGFR2 fusions",
  },
  'FGFR3 Mutation | erdafitinib | Transitional Cell Carcinoma': { rule: 'urothelial-fgfr3-erdafitinib', alteration: A('FGFR3', 'mutation', 'S249C') },
  'IDH1 R132 | ivosidenib | Cholangiocarcinoma': { rule: 'biliary-idh1-ivosidenib', alteration: A('IDH1', 'mutation', 'R132C') },
  'KRAS G12C | sotorasib | Lung Non-small Cell Carcinoma': { rule: 'nsclc-kras-g12c-sotorasib', alteration: A('KRAS', 'mutation', 'G12C') },
  'MET Exon 14 Skipping Mutation | capmatinib | Lung Non-small Cell Carcinoma': {
    rule: 'nsclc-met-ex14-capmatinib',
    alteration: A('MET', 'mutation', 'exon14skip'),
  },
  'NTRK1 Fusion | entrectinib | Solid Tumor': { rule: 'pan-ntrk-entrectinib', alteration: A('NTRK1', 'fusion') },
  'NTRK1 Fusion | larotrectinib | Solid Tumor': { rule: 'pan-ntrk-larotrectinib', alteration: A('NTRK1', 'fusion') },
  'NTRK2 Fusion | entrectinib | Solid Tumor': { rule: 'pan-ntrk-entrectinib', alteration: A('NTRK2', 'fusion') },
  'NTRK2 Fusion | larotrectinib | Solid Tumor': { rule: 'pan-ntrk-larotrectinib', alteration: A('NTRK2', 'fusion') },
  'NTRK3 ETV6::NTRK3 | larotrectinib | Solid Tumor': { rule: 'pan-ntrk-larotrectinib', alteration: A('NTRK3', 'fusion') },
  'NTRK3 Fusion | entrectinib | Solid Tumor': { rule: 'pan-ntrk-entrectinib', alteration: A('NTRK3', 'fusion') },
  'NTRK3 Fusion | larotrectinib | Solid Tumor': { rule: 'pan-ntrk-larotrectinib', alteration: A('NTRK3', 'fusion') },
  'PDGFRA FIP1L1::PDGFRA | imatinib | Myeloid And Lymphoid Neoplasms With Eosinophilia And Abnormalities Of PDGFRA, PDGFRB, And FGFR1': {
    notApplicable: 'a myeloid/lymphoid neoplasm, outside the ten solid-tumour focus areas',
  },
  'PIK3CA E542K | alpelisib+fulvestrant | Breast Cancer': { rule: 'breast-pik3ca-alpelisib', alteration: A('PIK3CA', 'mutation', 'E542K') },
  'PIK3CA E545 | alpelisib+fulvestrant | Breast Cancer': { rule: 'breast-pik3ca-alpelisib', alteration: A('PIK3CA', 'mutation', 'E545K') },
  'PIK3CA H1047X | alpelisib+fulvestrant | Breast Cancer': { rule: 'breast-pik3ca-alpelisib', alteration: A('PIK3CA', 'mutation', 'H1047R') },
  'PIK3CA Mutation | fulvestrant+alpelisib | Breast Cancer': { rule: 'breast-pik3ca-alpelisib', alteration: A('PIK3CA', 'mutation', 'N345K') },
  'RET Fusion | pralsetinib | Lung Non-small Cell Carcinoma': { rule: 'nsclc-ret-pralsetinib', alteration: A('RET', 'fusion') },
  'RET Fusion | pralsetinib | Thyroid Cancer': {
    notApplicable: "the current U.S. status of pralsetinib's thyroid indication could not be confirmed; the pack offers selpercatinib",
  },
  'RET Fusion | selpercatinib | Thyroid Cancer': { rule: 'dtc-ret-fusion-selpercatinib', alteration: A('RET', 'fusion') },
  'RET Mutation | selpercatinib | Thyroid Gland Medullary Carcinoma': { rule: 'mtc-ret-selpercatinib', alteration: A('RET', 'mutation', 'M918T') },
  'ROS1 Fusion | crizotinib | Lung Non-small Cell Carcinoma': { rule: 'nsclc-ros1-crizotinib', alteration: A('ROS1', 'fusion') },
  'ROS1 Fusion | entrectinib | Lung Non-small Cell Carcinoma': { rule: 'nsclc-ros1-entrectinib', alteration: A('ROS1', 'fusion') },
  'ROS1 Rearrangement | crizotinib | Lung Non-small Cell Carcinoma': { rule: 'nsclc-ros1-crizotinib', alteration: A('ROS1', 'fusion') },
};

const pack = loadPacks(BUILT_IN_PACKS_DIR).packs[0] as GuidelinePack;
const civic = loadCivicSupport(sharedDataDir());
const inScope = civic
  ? [
      ...new Set(
        civic.items
          .filter((i) => i.level === 'A' && i.code && (i.code === 'TISSUE' || focusOf(i.code)))
          .map((i) => `${i.profile} | ${i.therapies.join('+')} | ${i.disease}`),
      ),
    ]
  : [];

(civic ? describe : describe.skip)(`CIViC level-A sensitivity evidence (${civic?.release ?? 'not in the shared data'}) cross-checks the pack`, () => {
  it('every level-A item in the focus areas is listed: an option, or not applicable with why', () => {
    expect(inScope.length).toBeGreaterThan(40);
    expect(inScope.filter((k) => !EXPECTED[k])).toEqual([]);
  });
  it.each(Object.entries(EXPECTED).filter(([, e]) => 'rule' in e) as Array<[string, { rule: string; alteration: GenomicAlteration }]>)('%s', (_k, e) => {
    const rule = pack.rules.find((r) => r.id === e.rule)!;
    const built = patientFor(rule).patient;
    // the patient carries the CIViC variant instead of the one the synthesiser picked for the gene
    const patient = PatientData.parse({
      ...built,
      alterations: [...built.alterations.filter((a) => a.gene !== e.alteration.gene), e.alteration],
      biomarkers: e.alteration.gene === 'ERBB2' ? built.biomarkers.filter((b) => b.name !== 'HER2') : built.biomarkers,
    });
    const rec = recommend(pack, patient).recommendations.find((r) => (r.ruleIds ?? [r.id]).includes(e.rule));
    expect({ rule: e.rule, offered: !!rec }).toEqual({ rule: e.rule, offered: true });
    // the option gives the item's drugs
    const therapies = _k.split(' | ')[1].split('+');
    for (const d of therapies) expect(rec!.drugs).toContain(d);
  });
});

/**
 * Patient scenarios across the ten focus areas, each with the options the cited sources give first (the
 * FDA label's indication or the NCI PDQ summary's standard for that disease, setting and line). Answers
 * are survey answers, so each scenario also walks the survey's mapping to the patient model. Shared by
 * test/guidelines/scenarios.test.ts and bench/guidelines.ts.
 */
import type { FocusArea, PatientData } from '@oncodesk/shared/contracts';

export interface Scenario {
  name: string;
  focusArea: FocusArea;
  answers: Record<string, unknown>;
  /** A structured patient (the API's other input) where the survey does not ask it (biliary tract cancers). */
  patient?: PatientData;
  /** Rule ids expected among the first three recommendations (all of them). */
  top3: string[];
  /** The rule expected first, when the sources rank one option above the others. */
  first?: string;
  /** Rule ids that must not be recommended (a fact rules them out or they do not apply). */
  never?: string[];
}

const man = { gender: 'male', age: 64 };
const woman = { gender: 'female', age: 57 };
const met = { metastatic: 'yes' };
const naive = { prior_lines: 0 };

export const SCENARIOS: Scenario[] = [
  // lung
  { name: 'Metastatic lung adenocarcinoma, EGFR L858R, untreated', focusArea: 'lung', answers: { 'diagnosis.lung': 'LUAD', ...man, ...met, ...naive, alterations: ['EGFR L858R'] }, top3: ['nsclc-egfr-osimertinib-1l'], first: 'nsclc-egfr-osimertinib-1l', never: ['nsclc-nonsq-pembrolizumab-chemo-1l', 'nsclc-pdl1-high-pembrolizumab-1l'] },
  { name: 'Metastatic lung adenocarcinoma, EGFR L858R with T790M at progression on erlotinib', focusArea: 'lung', answers: { 'diagnosis.lung': 'LUAD', ...woman, ...met, prior_lines: 1, prior_treatments: ['erlotinib'], alterations: ['EGFR L858R', 'EGFR T790M'] }, top3: ['nsclc-egfr-t790m-osimertinib'], first: 'nsclc-egfr-t790m-osimertinib', never: ['nsclc-egfr-osimertinib-1l', 'nsclc-docetaxel-ramucirumab-2l'] },
  { name: 'Metastatic lung adenocarcinoma, EGFR exon 19 deletion, untreated', focusArea: 'lung', answers: { 'diagnosis.lung': 'LUAD', ...woman, ...met, ...naive, alterations: ['EGFR exon 19 deletion'] }, top3: ['nsclc-egfr-osimertinib-1l'], first: 'nsclc-egfr-osimertinib-1l' },
  { name: 'Metastatic NSCLC, EGFR exon 20 insertion', focusArea: 'lung', answers: { 'diagnosis.lung': 'LUAD', ...man, ...met, ...naive, alterations: ['EGFR exon 20 insertion'] }, top3: ['nsclc-egfr-ex20ins-amivantamab-1l'], first: 'nsclc-egfr-ex20ins-amivantamab-1l', never: ['nsclc-egfr-osimertinib-1l'] },
  { name: 'Metastatic NSCLC, ALK fusion, untreated', focusArea: 'lung', answers: { 'diagnosis.lung': 'LUAD', ...woman, age: 45, ...met, ...naive, alterations: ['ALK fusion'] }, top3: ['nsclc-alk-alectinib-1l', 'nsclc-alk-lorlatinib-1l'] },
  { name: 'Metastatic NSCLC, ROS1 fusion', focusArea: 'lung', answers: { 'diagnosis.lung': 'LUAD', ...woman, ...met, ...naive, alterations: ['ROS1 fusion'] }, top3: ['nsclc-ros1-entrectinib', 'nsclc-ros1-crizotinib'] },
  { name: 'Metastatic NSCLC, KRAS G12C, after chemo-immunotherapy', focusArea: 'lung', answers: { 'diagnosis.lung': 'LUAD', ...man, ...met, prior_lines: 1, alterations: ['KRAS G12C'] }, top3: ['nsclc-kras-g12c-sotorasib', 'nsclc-kras-g12c-adagrasib'] },
  { name: 'Metastatic NSCLC, BRAF V600E', focusArea: 'lung', answers: { 'diagnosis.lung': 'LUAD', ...man, ...met, ...naive, alterations: ['BRAF V600E'] }, top3: ['nsclc-braf-v600e-dabrafenib-trametinib'], first: 'nsclc-braf-v600e-dabrafenib-trametinib' },
  { name: 'Metastatic NSCLC, MET exon 14 skipping', focusArea: 'lung', answers: { 'diagnosis.lung': 'LUAD', ...man, age: 76, ...met, ...naive, alterations: ['MET exon 14 skipping'] }, top3: ['nsclc-met-ex14-capmatinib', 'nsclc-met-ex14-tepotinib'] },
  { name: 'Metastatic NSCLC, RET fusion', focusArea: 'lung', answers: { 'diagnosis.lung': 'LUAD', ...woman, ...met, ...naive, alterations: ['RET fusion'] }, top3: ['nsclc-ret-selpercatinib'], first: 'nsclc-ret-selpercatinib' },
  { name: 'Metastatic lung adenocarcinoma, no driver (KRAS G12D), PD-L1 80%', focusArea: 'lung', answers: { 'diagnosis.lung': 'LUAD', ...man, ...met, ...naive, alterations: ['KRAS G12D', 'EGFR wild type', 'ALK wild type', 'ROS1 wild type'], 'lung.pdl1_tps': 80 }, top3: ['nsclc-pdl1-high-pembrolizumab-1l', 'nsclc-nonsq-pembrolizumab-chemo-1l'] },
  { name: 'Metastatic squamous NSCLC, untreated', focusArea: 'lung', answers: { 'diagnosis.lung': 'LUSC', ...man, age: 70, ...met, ...naive }, top3: ['nsclc-sq-pembrolizumab-chemo-1l'] },
  { name: 'Metastatic lung adenocarcinoma without driver, after carboplatin-pemetrexed-pembrolizumab', focusArea: 'lung', answers: { 'diagnosis.lung': 'LUAD', ...man, ...met, prior_lines: 1, prior_treatments: ['regimen:carboplatin-pemetrexed-pembrolizumab'], alterations: ['EGFR wild type', 'ALK wild type', 'ROS1 wild type'] }, top3: ['nsclc-docetaxel-ramucirumab-2l'], never: ['nsclc-nonsq-pembrolizumab-chemo-1l'] },
  // breast
  { name: 'Metastatic HER2-positive breast cancer, untreated', focusArea: 'breast', answers: { 'diagnosis.breast': 'IDC', ...woman, ...met, ...naive, 'breast.her2': 'positive', 'breast.er': 'negative', 'breast.pr': 'negative' }, top3: ['breast-her2-thp-1l'], first: 'breast-her2-thp-1l' },
  { name: 'Metastatic HR-positive HER2-negative breast cancer, untreated', focusArea: 'breast', answers: { 'diagnosis.breast': 'IDC', ...woman, ...met, ...naive, 'breast.er': 'positive', 'breast.pr': 'positive', 'breast.her2': 'negative', 'breast.menopausal_status': 'postmenopausal' }, top3: ['breast-hr-cdk46-ai-1l'], first: 'breast-hr-cdk46-ai-1l' },
  { name: 'HR-positive metastatic breast cancer, PIK3CA H1047R, progressed on letrozole and palbociclib', focusArea: 'breast', answers: { 'diagnosis.breast': 'ILC', ...woman, ...met, prior_lines: 1, prior_treatments: ['letrozole', 'palbociclib'], 'breast.er': 'positive', 'breast.pr': 'negative', 'breast.her2': 'negative', alterations: ['PIK3CA H1047R'] }, top3: ['breast-pik3ca-alpelisib', 'breast-akt-pathway-capivasertib'] },
  { name: 'HR-positive metastatic breast cancer, ESR1 Y537S after endocrine therapy', focusArea: 'breast', answers: { 'diagnosis.breast': 'IDC', ...woman, ...met, prior_lines: 1, prior_treatments: ['anastrozole', 'ribociclib'], 'breast.er': 'positive', 'breast.pr': 'positive', 'breast.her2': 'negative', alterations: ['ESR1 Y537S'] }, top3: ['breast-esr1-elacestrant'] },
  { name: 'Metastatic HER2-low breast cancer after chemotherapy', focusArea: 'breast', answers: { 'diagnosis.breast': 'IDC', ...woman, ...met, prior_lines: 1, prior_treatments: ['capecitabine'], 'breast.er': 'positive', 'breast.pr': 'negative', 'breast.her2': 'low' }, top3: ['breast-her2low-tdxd'] },
  { name: 'Metastatic triple-negative breast cancer, PD-L1 CPS 15, untreated', focusArea: 'breast', answers: { 'diagnosis.breast': 'IDC', ...woman, age: 44, ...met, ...naive, 'breast.er': 'negative', 'breast.pr': 'negative', 'breast.her2': 'negative', pdl1_cps: 15 }, top3: ['breast-tnbc-pembrolizumab-chemo-1l'], first: 'breast-tnbc-pembrolizumab-chemo-1l' },
  { name: 'Early HER2-positive breast cancer, stage II', focusArea: 'breast', answers: { 'diagnosis.breast': 'IDC', ...woman, age: 45, metastatic: 'no', 'stage.breast': 'IIA', 'breast.her2': 'positive', 'breast.er': 'positive', 'breast.pr': 'positive' }, top3: ['breast-early-her2-neoadjuvant'], first: 'breast-early-her2-neoadjuvant' },
  { name: 'Early triple-negative breast cancer, stage IIB', focusArea: 'breast', answers: { 'diagnosis.breast': 'IDC', ...woman, age: 39, metastatic: 'no', 'stage.breast': 'IIB', 'breast.her2': 'negative', 'breast.er': 'negative', 'breast.pr': 'negative' }, top3: ['breast-early-tnbc-pembrolizumab'], never: ['breast-early-hr-endocrine'] },
  // prostate
  { name: 'Metastatic castration-sensitive prostate cancer', focusArea: 'prostate', answers: { 'diagnosis.prostate': 'PRAD', ...man, age: 68, ...met, ...naive, 'prostate.castration_status': 'sensitive' }, top3: ['prostate-mhspc-adt-arpi', 'prostate-mhspc-darolutamide-docetaxel'] },
  { name: 'mCRPC with BRCA2 mutation after enzalutamide', focusArea: 'prostate', answers: { 'diagnosis.prostate': 'PRAD', ...man, age: 71, ...met, prior_lines: 1, prior_treatments: ['enzalutamide'], 'prostate.castration_status': 'resistant', alterations: ['BRCA2 mutation'] }, top3: ['prostate-mcrpc-hrr-olaparib'], first: 'prostate-mcrpc-hrr-olaparib', never: ['prostate-mcrpc-arpi', 'prostate-mcrpc-brca-olaparib-abiraterone-1l'] },
  { name: 'Localized prostate cancer, Gleason 6, PSA 5.2', focusArea: 'prostate', answers: { 'diagnosis.prostate': 'PRAD', ...man, age: 63, metastatic: 'no', 'stage.prostate': 'I', 'prostate.gleason': '1', 'prostate.psa': 5.2 }, top3: ['prostate-localized-low-risk-surveillance'], first: 'prostate-localized-low-risk-surveillance', never: ['prostate-localized-radical-treatment'] },
  // stomach
  { name: 'Metastatic HER2-positive gastric adenocarcinoma', focusArea: 'stomach', answers: { 'diagnosis.stomach': 'STAD', ...man, ...met, ...naive, 'stomach.her2': 'positive' }, top3: ['gastric-her2-trastuzumab-chemo-1l'], first: 'gastric-her2-trastuzumab-chemo-1l', never: ['gastric-her2neg-nivolumab-chemo-1l'] },
  { name: 'Metastatic HER2-negative gastric adenocarcinoma', focusArea: 'stomach', answers: { 'diagnosis.stomach': 'STAD', ...woman, ...met, ...naive, 'stomach.her2': 'negative', pdl1_cps: 10 }, top3: ['gastric-her2neg-nivolumab-chemo-1l'] },
  { name: 'Resectable gastric adenocarcinoma, stage IIB', focusArea: 'stomach', answers: { 'diagnosis.stomach': 'STAD', ...man, metastatic: 'no', 'stage.stomach': 'IIB' }, top3: ['gastric-resectable-perioperative-flot'] },
  // liver
  { name: 'Advanced hepatocellular carcinoma, untreated', focusArea: 'liver', answers: { 'diagnosis.liver': 'HCC', ...man, ...met, ...naive, 'liver.child_pugh': 'A' }, top3: ['hcc-atezolizumab-bevacizumab-1l', 'hcc-stride-1l'] },
  { name: 'HCC after sorafenib, AFP 1200', focusArea: 'liver', answers: { 'diagnosis.liver': 'HCC', ...man, ...met, prior_lines: 1, prior_treatments: ['sorafenib'], 'liver.afp': 1200 }, top3: ['hcc-ramucirumab-afp-2l', 'hcc-cabozantinib-2l'] },
  { name: 'Advanced intrahepatic cholangiocarcinoma, FGFR2 fusion, after gemcitabine-cisplatin (structured patient)', focusArea: 'liver', answers: {}, patient: { focusArea: 'liver', oncotreeCode: 'IHCH', age: 57, gender: 'female', metastatic: true, priorLines: 1, priorTreatments: [{ name: 'gemcitabine', kind: 'drug', setting: 'metastatic', line: 1 }, { name: 'cisplatin', kind: 'drug', setting: 'metastatic', line: 1 }], alterations: [{ gene: 'FGFR2', category: 'fusion' }], metastasisSites: [], biomarkers: [], comorbidities: [] }, top3: ['biliary-fgfr2-pemigatinib'], first: 'biliary-fgfr2-pemigatinib' },
  // thyroid
  { name: 'RAI-refractory metastatic papillary thyroid cancer', focusArea: 'thyroid', answers: { 'diagnosis.thyroid': 'THPA', ...woman, ...met, 'thyroid.rai_refractory': 'yes' }, top3: ['dtc-rair-lenvatinib'] },
  { name: 'Metastatic medullary thyroid cancer, RET M918T', focusArea: 'thyroid', answers: { 'diagnosis.thyroid': 'THME', ...man, age: 48, ...met, alterations: ['RET M918T'] }, top3: ['mtc-ret-selpercatinib'], first: 'mtc-ret-selpercatinib' },
  { name: 'Anaplastic thyroid cancer, BRAF V600E', focusArea: 'thyroid', answers: { 'diagnosis.thyroid': 'THAP', ...man, age: 72, ...met, alterations: ['BRAF V600E'] }, top3: ['atc-braf-dabrafenib-trametinib'], first: 'atc-braf-dabrafenib-trametinib' },
  // cervix
  { name: 'Recurrent metastatic cervical cancer, PD-L1 CPS 5', focusArea: 'cervix_uteri', answers: { 'diagnosis.cervix_uteri': 'CESC', ...woman, age: 46, ...met, ...naive, pdl1_cps: 5 }, top3: ['cervix-pembrolizumab-chemo-1l'], first: 'cervix-pembrolizumab-chemo-1l' },
  { name: 'Locally advanced cervical cancer, FIGO IIIB', focusArea: 'cervix_uteri', answers: { 'diagnosis.cervix_uteri': 'CESC', ...woman, age: 39, metastatic: 'no', 'stage.cervix_uteri': 'IIIB' }, top3: ['cervix-la-chemoradiation-pembrolizumab'] },
  // bladder
  { name: 'Metastatic urothelial carcinoma, untreated', focusArea: 'bladder', answers: { 'diagnosis.bladder': 'BLCA', ...man, age: 72, ...met, ...naive }, top3: ['urothelial-ev-pembrolizumab-1l'], first: 'urothelial-ev-pembrolizumab-1l' },
  { name: 'Metastatic urothelial carcinoma, FGFR3 S249C, after enfortumab-pembrolizumab', focusArea: 'bladder', answers: { 'diagnosis.bladder': 'BLCA', ...man, ...met, prior_lines: 1, prior_treatments: ['pembrolizumab'], alterations: ['FGFR3 S249C'] }, top3: ['urothelial-fgfr3-erdafitinib'], first: 'urothelial-fgfr3-erdafitinib' },
  { name: 'High-grade non-muscle-invasive bladder cancer', focusArea: 'bladder', answers: { 'diagnosis.bladder': 'BLCA', ...man, age: 68, metastatic: 'no', 'stage.bladder': '0a', 'bladder.grade': 'high' }, top3: ['urothelial-nmibc-high-grade-bcg'], never: ['urothelial-nmibc-low-grade'] },
  // kidney
  { name: 'Metastatic clear cell RCC, untreated', focusArea: 'kidney', answers: { 'diagnosis.kidney': 'CCRCC', ...man, age: 61, ...met, ...naive }, top3: ['rcc-pembrolizumab-axitinib-1l'] },
  { name: 'Metastatic RCC after pembrolizumab and axitinib', focusArea: 'kidney', answers: { 'diagnosis.kidney': 'CCRCC', ...woman, ...met, prior_lines: 2, prior_treatments: ['pembrolizumab', 'axitinib', 'cabozantinib'] }, top3: ['rcc-belzutifan'] },
  // colon
  { name: 'Metastatic colon cancer, MSI-high, untreated', focusArea: 'colon', answers: { 'diagnosis.colon': 'COAD', ...woman, age: 50, ...met, ...naive, msi: 'high' }, top3: ['crc-msi-pembrolizumab-1l'], first: 'crc-msi-pembrolizumab-1l' },
  { name: 'Metastatic colon cancer, BRAF V600E, MSS, untreated', focusArea: 'colon', answers: { 'diagnosis.colon': 'COAD', ...man, age: 58, ...met, ...naive, msi: 'stable', alterations: ['BRAF V600E'] }, top3: ['crc-braf-encorafenib-cetuximab-folfox-1l'], first: 'crc-braf-encorafenib-cetuximab-folfox-1l', never: ['crc-ras-wt-anti-egfr-1l', 'pan-braf-dabrafenib-trametinib'] },
  { name: 'Metastatic colorectal cancer, KRAS G12C, after FOLFOX and FOLFIRI', focusArea: 'colon', answers: { 'diagnosis.colon': 'COADREAD', ...man, age: 61, ...met, prior_lines: 2, prior_treatments: ['regimen:folfox', 'regimen:folfiri'], msi: 'stable', alterations: ['KRAS G12C'] }, top3: ['crc-kras-g12c-adagrasib-cetuximab'], first: 'crc-kras-g12c-adagrasib-cetuximab' },
  { name: 'Metastatic colon cancer, MSS, progressed on first-line FOLFOX with bevacizumab', focusArea: 'colon', answers: { 'diagnosis.colon': 'COAD', ...woman, ...met, msi: 'stable', prior_treatments: [{ value: 'regimen:folfox', line: 1, progressed: 'yes' }, { value: 'bevacizumab', line: 1 }] }, top3: ['crc-second-line-switch-doublet'], first: 'crc-second-line-switch-doublet' },
  { name: 'Metastatic urothelial carcinoma after gemcitabine-cisplatin, no immunotherapy yet', focusArea: 'bladder', answers: { 'diagnosis.bladder': 'BLCA', ...man, age: 70, ...met, prior_treatments: [{ value: 'regimen:gemcitabine-cisplatin', line: 1, progressed: 'yes' }] }, top3: ['urothelial-pembrolizumab-after-platinum'] },
  { name: 'Stage III colon cancer after resection', focusArea: 'colon', answers: { 'diagnosis.colon': 'COAD', ...man, age: 58, metastatic: 'no', 'stage.colon': 'IIIB' }, top3: ['crc-stage3-adjuvant'] },
];

/** The patient a scenario describes: its survey answers walked through the survey, or its structured patient. */
export function scenarioPatient(s: Scenario, survey: { answersToPatient(f: FocusArea, a: Record<string, unknown>): PatientData }): PatientData {
  return s.patient ?? survey.answersToPatient(s.focusArea, s.answers);
}

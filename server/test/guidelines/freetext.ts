/**
 * Patients written in one line, as clinicians write them (held out: written from the indications, not
 * from the reader's patterns), read by the free-text clinical reader (server/src/trials/normalize) with
 * the folder's focus area, and the options a specialist expects among the answer's options. Used by
 * `npm run bench:guidelines`; the reader is another issue's work, so misses are reported, not hidden.
 */
import type { FocusArea } from '@oncodesk/shared/contracts';

export interface FreeTextScenario {
  text: string;
  focusArea: FocusArea;
  /** Rule ids expected among the options (each; an option merged from several rules counts for each). */
  expect: string[];
}

export const FREE_TEXT: FreeTextScenario[] = [
  // lung
  {
    focusArea: 'lung',
    text: '58-year-old woman with metastatic lung adenocarcinoma, EGFR exon 19 deletion, treatment-naive',
    expect: ['nsclc-egfr-osimertinib-1l', 'nsclc-egfr-amivantamab-lazertinib-1l'],
  },
  {
    focusArea: 'lung',
    text: 'Metastatic NSCLC with EGFR L858R progressing on osimertinib, no chemotherapy so far',
    expect: ['nsclc-egfr-amivantamab-chemo-after-osimertinib'],
  },
  {
    focusArea: 'lung',
    text: 'Stage IV lung adenocarcinoma, ALK rearrangement, untreated',
    expect: ['nsclc-alk-alectinib-1l', 'nsclc-alk-brigatinib-1l', 'nsclc-alk-lorlatinib-1l'],
  },
  { focusArea: 'lung', text: 'Metastatic NSCLC, ALK fusion, progressed on alectinib', expect: ['nsclc-alk-lorlatinib-after-alk'] },
  {
    focusArea: 'lung',
    text: 'Metastatic lung adenocarcinoma with ROS1 fusion, no prior therapy',
    expect: ['nsclc-ros1-repotrectinib', 'nsclc-ros1-entrectinib'],
  },
  {
    focusArea: 'lung',
    text: 'Metastatic NSCLC, KRAS G12C, progressed after carboplatin, pemetrexed and pembrolizumab',
    expect: ['nsclc-kras-g12c-sotorasib', 'nsclc-kras-g12c-adagrasib'],
  },
  {
    focusArea: 'lung',
    text: 'Metastatic lung adenocarcinoma, MET exon 14 skipping, untreated',
    expect: ['nsclc-met-ex14-capmatinib', 'nsclc-met-ex14-tepotinib'],
  },
  {
    focusArea: 'lung',
    text: 'Metastatic NSCLC with BRAF V600E mutation, treatment-naive',
    expect: ['nsclc-braf-v600e-dabrafenib-trametinib', 'nsclc-braf-encorafenib-binimetinib'],
  },
  { focusArea: 'lung', text: 'Metastatic lung adenocarcinoma, RET fusion positive, untreated', expect: ['nsclc-ret-selpercatinib', 'nsclc-ret-pralsetinib'] },
  { focusArea: 'lung', text: 'Metastatic squamous cell lung cancer, PD-L1 5%, no prior therapy', expect: ['nsclc-sq-pembrolizumab-chemo-1l'] },
  {
    focusArea: 'lung',
    text: 'Extensive-stage small cell lung cancer with liver metastases progressing after carboplatin and etoposide',
    expect: ['sclc-tarlatamab-2l'],
  },
  {
    focusArea: 'lung',
    text: 'Metastatic lung adenocarcinoma with an NRG1 fusion, progressed after carboplatin and pemetrexed',
    expect: ['nsclc-nrg1-zenocutuzumab'],
  },
  // breast
  { focusArea: 'breast', text: 'Metastatic HER2-positive breast cancer, untreated', expect: ['breast-her2-thp-1l'] },
  {
    focusArea: 'breast',
    text: 'HER2-positive metastatic breast cancer progressing after trastuzumab, pertuzumab and docetaxel',
    expect: ['breast-her2-tdxd-2l', 'breast-her2-tdm1'],
  },
  {
    focusArea: 'breast',
    text: 'ER-positive, HER2-negative metastatic breast cancer, postmenopausal, no prior therapy for metastatic disease',
    expect: ['breast-hr-cdk46-ai-1l'],
  },
  {
    focusArea: 'breast',
    text: 'Metastatic ER-positive HER2-negative breast cancer, PIK3CA H1047R, progressed on letrozole and palbociclib',
    expect: ['breast-pik3ca-alpelisib', 'breast-akt-pathway-capivasertib'],
  },
  { focusArea: 'breast', text: 'ER+/HER2- metastatic breast cancer with ESR1 Y537S after anastrozole and ribociclib', expect: ['breast-esr1-elacestrant'] },
  { focusArea: 'breast', text: 'Metastatic triple-negative breast cancer, PD-L1 CPS 20, untreated', expect: ['breast-tnbc-pembrolizumab-chemo-1l'] },
  { focusArea: 'breast', text: 'Metastatic triple-negative breast cancer progressing after paclitaxel and pembrolizumab', expect: ['breast-tnbc-sacituzumab'] },
  {
    focusArea: 'breast',
    text: 'Metastatic HER2-negative breast cancer with a germline BRCA2 mutation',
    expect: ['breast-gbrca-olaparib', 'breast-gbrca-talazoparib'],
  },
  // prostate
  { focusArea: 'prostate', text: 'Newly diagnosed metastatic castration-sensitive prostate cancer, no prior treatment', expect: ['prostate-mhspc-adt-arpi'] },
  {
    focusArea: 'prostate',
    text: 'Metastatic castration-resistant prostate cancer with a BRCA2 mutation after enzalutamide',
    expect: ['prostate-mcrpc-hrr-olaparib'],
  },
  {
    focusArea: 'prostate',
    text: 'Metastatic castration-resistant prostate cancer progressing after abiraterone and docetaxel',
    expect: ['prostate-mcrpc-cabazitaxel', 'prostate-mcrpc-lutetium-psma'],
  },
  {
    focusArea: 'prostate',
    text: 'Metastatic castration-resistant prostate cancer, no treatment yet for castration resistance',
    expect: ['prostate-mcrpc-arpi', 'prostate-mcrpc-docetaxel'],
  },
  {
    focusArea: 'prostate',
    text: 'Metastatic castration-resistant prostate cancer with ATM mutation after abiraterone',
    expect: ['prostate-mcrpc-hrr-olaparib'],
  },
  {
    focusArea: 'prostate',
    text: 'Castration-resistant prostate cancer with bone metastases after docetaxel',
    expect: ['prostate-mcrpc-cabazitaxel', 'prostate-mcrpc-radium'],
  },
  // stomach
  { focusArea: 'stomach', text: 'Metastatic HER2-positive gastric adenocarcinoma, untreated', expect: ['gastric-her2-trastuzumab-chemo-1l'] },
  {
    focusArea: 'stomach',
    text: 'Metastatic HER2-negative gastric adenocarcinoma, PD-L1 CPS 10, no prior treatment',
    expect: ['gastric-her2neg-nivolumab-chemo-1l', 'gastric-her2neg-pembrolizumab-chemo-1l'],
  },
  { focusArea: 'stomach', text: 'Metastatic gastric adenocarcinoma progressing after FOLFOX', expect: ['gastric-ramucirumab-paclitaxel-2l'] },
  { focusArea: 'stomach', text: 'Metastatic HER2-positive gastric cancer after trastuzumab with cisplatin and capecitabine', expect: ['gastric-her2-tdxd-2l'] },
  { focusArea: 'stomach', text: 'Metastatic gastric adenocarcinoma, MSI-high, progressed after FOLFOX', expect: ['pan-msi-pembrolizumab'] },
  // liver
  { focusArea: 'liver', text: 'Unresectable hepatocellular carcinoma, Child-Pugh A, untreated', expect: ['hcc-atezolizumab-bevacizumab-1l', 'hcc-stride-1l'] },
  {
    focusArea: 'liver',
    text: 'Advanced hepatocellular carcinoma progressing on sorafenib, AFP 800 ng/mL',
    expect: ['hcc-cabozantinib-2l', 'hcc-regorafenib-2l', 'hcc-ramucirumab-afp-2l'],
  },
  { focusArea: 'liver', text: 'Hepatocellular carcinoma with lung metastases, no prior systemic therapy', expect: ['hcc-atezolizumab-bevacizumab-1l'] },
  {
    focusArea: 'liver',
    text: 'Metastatic intrahepatic cholangiocarcinoma with FGFR2 fusion after gemcitabine and cisplatin',
    expect: ['biliary-fgfr2-pemigatinib'],
  },
  { focusArea: 'liver', text: 'Metastatic cholangiocarcinoma, IDH1 R132C, progressed on gemcitabine and cisplatin', expect: ['biliary-idh1-ivosidenib'] },
  // thyroid
  { focusArea: 'thyroid', text: 'Metastatic medullary thyroid cancer with RET M918T', expect: ['mtc-ret-selpercatinib'] },
  { focusArea: 'thyroid', text: 'Metastatic papillary thyroid cancer, RET fusion', expect: ['dtc-ret-fusion-selpercatinib'] },
  { focusArea: 'thyroid', text: 'Metastatic anaplastic thyroid carcinoma, BRAF V600E', expect: ['atc-braf-dabrafenib-trametinib'] },
  { focusArea: 'thyroid', text: 'Radioiodine-refractory metastatic papillary thyroid carcinoma, progressing', expect: ['dtc-rair-lenvatinib'] },
  { focusArea: 'thyroid', text: 'Metastatic papillary thyroid cancer with an NTRK1 fusion', expect: ['pan-ntrk-larotrectinib', 'pan-ntrk-entrectinib'] },
  // cervix
  { focusArea: 'cervix_uteri', text: 'Metastatic squamous cell carcinoma of the cervix, PD-L1 CPS 10, untreated', expect: ['cervix-pembrolizumab-chemo-1l'] },
  {
    focusArea: 'cervix_uteri',
    text: 'Metastatic cervical cancer progressing after carboplatin, paclitaxel and pembrolizumab',
    expect: ['cervix-tisotumab-2l'],
  },
  {
    focusArea: 'cervix_uteri',
    text: 'Metastatic cervical adenocarcinoma progressing after cisplatin and paclitaxel, PD-L1 CPS 5, no prior immunotherapy',
    expect: ['cervix-pembrolizumab-2l', 'cervix-tisotumab-2l'],
  },
  { focusArea: 'cervix_uteri', text: 'Stage IIIB squamous cell carcinoma of the cervix', expect: ['cervix-la-chemoradiation-pembrolizumab'] },
  { focusArea: 'cervix_uteri', text: 'Metastatic cervical cancer, untreated', expect: ['cervix-chemo-bevacizumab-1l'] },
  // bladder
  { focusArea: 'bladder', text: 'Metastatic urothelial carcinoma of the bladder, untreated', expect: ['urothelial-ev-pembrolizumab-1l'] },
  {
    focusArea: 'bladder',
    text: 'Metastatic urothelial carcinoma with FGFR3 S249C progressing after enfortumab vedotin and pembrolizumab',
    expect: ['urothelial-fgfr3-erdafitinib'],
  },
  {
    focusArea: 'bladder',
    text: 'Metastatic bladder cancer progressing after gemcitabine and cisplatin, no immunotherapy so far',
    expect: ['urothelial-pembrolizumab-after-platinum'],
  },
  { focusArea: 'bladder', text: 'Unresectable locally advanced urothelial carcinoma, untreated', expect: ['urothelial-ev-pembrolizumab-1l'] },
  {
    focusArea: 'bladder',
    text: 'Metastatic urothelial cancer progressed after carboplatin and gemcitabine, then pembrolizumab',
    expect: ['urothelial-enfortumab-after-io'],
  },
  // kidney
  {
    focusArea: 'kidney',
    text: 'Metastatic clear cell renal cell carcinoma, untreated',
    expect: ['rcc-pembrolizumab-axitinib-1l', 'rcc-nivolumab-cabozantinib-1l', 'rcc-pembrolizumab-lenvatinib-1l'],
  },
  { focusArea: 'kidney', text: 'Metastatic clear cell renal cell carcinoma progressing after nivolumab and ipilimumab', expect: ['rcc-cabozantinib-2l'] },
  {
    focusArea: 'kidney',
    text: 'Metastatic renal cell carcinoma progressing after pembrolizumab and axitinib',
    expect: ['rcc-belzutifan', 'rcc-cabozantinib-2l'],
  },
  { focusArea: 'kidney', text: 'Unresectable clear cell renal cell carcinoma, no prior systemic therapy', expect: ['rcc-pembrolizumab-axitinib-1l'] },
  {
    focusArea: 'kidney',
    text: 'Metastatic renal cell carcinoma, three prior lines: sunitinib, nivolumab, cabozantinib',
    expect: ['rcc-tivozanib', 'rcc-belzutifan'],
  },
  // colon
  { focusArea: 'colon', text: 'Metastatic colon adenocarcinoma, MSI-high, untreated', expect: ['crc-msi-pembrolizumab-1l', 'crc-msi-nivolumab-ipilimumab-1l'] },
  {
    focusArea: 'colon',
    text: 'Metastatic left-sided colon cancer, KRAS and NRAS wild-type, BRAF wild-type, microsatellite stable, untreated',
    expect: ['crc-ras-wt-anti-egfr-1l'],
  },
  {
    focusArea: 'colon',
    text: 'Metastatic colorectal cancer, BRAF V600E, microsatellite stable, progressed on FOLFOX',
    expect: ['crc-braf-encorafenib-cetuximab-2l'],
  },
  {
    focusArea: 'colon',
    text: 'Metastatic colorectal cancer with KRAS G12C after FOLFOX and FOLFIRI',
    expect: ['crc-kras-g12c-adagrasib-cetuximab', 'crc-kras-g12c-sotorasib-panitumumab'],
  },
  {
    focusArea: 'colon',
    text: 'Metastatic rectal cancer, ERBB2 amplified, KRAS and NRAS wild-type, progressed after FOLFOX and FOLFIRI',
    expect: ['crc-her2-tucatinib-trastuzumab'],
  },
  {
    focusArea: 'colon',
    text: 'Metastatic colon cancer refractory to FOLFOX, FOLFIRI and bevacizumab, microsatellite stable',
    expect: ['crc-refractory-ftd-tpi-bevacizumab', 'crc-regorafenib', 'crc-fruquintinib'],
  },
  { focusArea: 'colon', text: 'Stage III colon adenocarcinoma after resection', expect: ['crc-stage3-adjuvant'] },
  { focusArea: 'colon', text: 'Metastatic colorectal cancer, microsatellite stable, untreated', expect: ['crc-chemo-bevacizumab-1l'] },
];

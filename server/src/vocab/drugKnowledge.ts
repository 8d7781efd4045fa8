import { vocabularyGeneration } from './reference/active';
import { importedDrugClasses, importedDrugNames } from './importedDrugs';
import { DRUG_CLASS_NAMES, type DrugClassName } from '@oncodesk/shared/contracts';

/**
 * The project's compact oncology drug vocabulary: generic name -> drug classes, brand names and
 * regimen acronyms. Checked against the MITRE medication list in the shared data (tests).
 * The classes and their names (en/es/it) are defined once in shared (DRUG_CLASS_NAMES), where the
 * interfaces render them; here their English labels.
 */
export const DRUG_CLASSES = Object.fromEntries(Object.entries(DRUG_CLASS_NAMES).map(([k, v]) => [k, v.en])) as Record<DrugClassName, string>;
/** A drug-class key of the owned vocabulary (what compiled prior-therapy criteria and patients carry). */
export type DrugClassKey = DrugClassName;

/** The English label of a class key, or undefined for a key the vocabulary does not have. */
export function drugClassLabel(key: string): string | undefined {
  return (DRUG_CLASSES as Record<string, string>)[key];
}

interface DrugEntry {
  classes: string[];
  aliases?: string[];
  /**
   * Molecular targets from the drug's labelled indications / mechanism: "GENE", "GENE:V600*" (protein
   * change, * = wildcard), or "GENE:amplification|fusion|mutation|deletion|expression".
   */
  targets?: string[];
}

const CHEMO = 'chemotherapy';
export const DRUGS: Record<string, DrugEntry> = {
  erlotinib: { classes: ['egfr_tki', 'egfr_tki_1g', 'tki'], aliases: ['tarceva'], targets: ['EGFR:L858R', 'EGFR:exon19del'] },
  gefitinib: { classes: ['egfr_tki', 'egfr_tki_1g', 'tki'], aliases: ['iressa'], targets: ['EGFR:L858R', 'EGFR:exon19del'] },
  afatinib: { classes: ['egfr_tki', 'egfr_tki_2g', 'her2_targeted', 'tki'], aliases: ['gilotrif'], targets: ['EGFR:L858R', 'EGFR:exon19del', 'ERBB2'] },
  dacomitinib: { classes: ['egfr_tki', 'egfr_tki_2g', 'tki'], targets: ['EGFR:L858R', 'EGFR:exon19del'] },
  osimertinib: { classes: ['egfr_tki', 'egfr_tki_3g', 'tki'], aliases: ['tagrisso', 'azd9291'], targets: ['EGFR:T790M', 'EGFR:L858R', 'EGFR:exon19del'] },
  icotinib: { classes: ['egfr_tki', 'egfr_tki_1g', 'tki'], targets: ['EGFR:L858R', 'EGFR:exon19del'] },
  lazertinib: { classes: ['egfr_tki', 'egfr_tki_3g', 'tki'], targets: ['EGFR:T790M', 'EGFR:L858R', 'EGFR:exon19del'] },
  amivantamab: { classes: ['anti_egfr_antibody'], targets: ['EGFR:exon20ins', 'MET'] },
  crizotinib: {
    classes: ['alk_inhibitor', 'alk_inhibitor_1g', 'ros1_inhibitor', 'met_inhibitor', 'tki'],
    aliases: ['xalkori'],
    targets: ['ALK:fusion', 'ROS1:fusion', 'MET:amplification', 'MET:exon14skipping'],
  },
  ceritinib: { classes: ['alk_inhibitor', 'alk_inhibitor_2g', 'tki'], aliases: ['ldk378'], targets: ['ALK:fusion'] },
  alectinib: { classes: ['alk_inhibitor', 'alk_inhibitor_2g', 'tki'], aliases: ['ch5424802', 'rg7853'], targets: ['ALK:fusion'] },
  brigatinib: { classes: ['alk_inhibitor', 'alk_inhibitor_2g', 'tki'], aliases: ['ap26113'], targets: ['ALK:fusion'] },
  lorlatinib: { classes: ['alk_inhibitor', 'alk_inhibitor_3g', 'ros1_inhibitor', 'tki'], aliases: ['pf-06463922'], targets: ['ALK:fusion', 'ROS1:fusion'] },
  entrectinib: {
    classes: ['trk_inhibitor', 'ros1_inhibitor', 'tki'],
    aliases: ['rxdx-101'],
    targets: ['NTRK1:fusion', 'NTRK2:fusion', 'NTRK3:fusion', 'ROS1:fusion'],
  },
  larotrectinib: { classes: ['trk_inhibitor', 'tki'], aliases: ['loxo-101'], targets: ['NTRK1:fusion', 'NTRK2:fusion', 'NTRK3:fusion'] },
  vemurafenib: { classes: ['braf_inhibitor'], aliases: ['zelboraf', 'plx4032', 'rg7204', 'ro5185426'], targets: ['BRAF:V600*'] },
  dabrafenib: { classes: ['braf_inhibitor'], aliases: ['tafinlar', 'gsk2118436'], targets: ['BRAF:V600*'] },
  encorafenib: { classes: ['braf_inhibitor'], aliases: ['lgx818'], targets: ['BRAF:V600*'] },
  trametinib: { classes: ['mek_inhibitor'], aliases: ['mekinist', 'gsk1120212', 'jtp-74057'], targets: ['BRAF:V600*', 'MAP2K1'] },
  cobimetinib: { classes: ['mek_inhibitor'], aliases: ['gdc-0973', 'xl518'], targets: ['BRAF:V600*', 'MAP2K1'] },
  binimetinib: { classes: ['mek_inhibitor'], aliases: ['mek162', 'arry-162'], targets: ['BRAF:V600*', 'NRAS', 'MAP2K1'] },
  selumetinib: { classes: ['mek_inhibitor'], aliases: ['azd6244', 'arry-142886'], targets: ['NF1', 'MAP2K1'] },
  sotorasib: { classes: ['kras_g12c_inhibitor'], targets: ['KRAS:G12C'] },
  adagrasib: { classes: ['kras_g12c_inhibitor'], targets: ['KRAS:G12C'] },
  capmatinib: { classes: ['met_inhibitor', 'tki'], aliases: ['inc280', 'incb28060'], targets: ['MET:exon14skipping', 'MET:amplification'] },
  tepotinib: { classes: ['met_inhibitor', 'tki'], targets: ['MET:exon14skipping', 'MET:amplification'] },
  selpercatinib: { classes: ['ret_inhibitor', 'tki'], targets: ['RET:fusion', 'RET:mutation'] },
  pralsetinib: { classes: ['ret_inhibitor', 'tki'], targets: ['RET:fusion', 'RET:mutation'] },
  trastuzumab: { classes: ['her2_targeted'], aliases: ['herceptin'], targets: ['ERBB2:amplification'] },
  pertuzumab: { classes: ['her2_targeted'], aliases: ['perjeta'], targets: ['ERBB2:amplification'] },
  'ado-trastuzumab emtansine': { classes: ['her2_targeted', 'adc'], aliases: ['t-dm1', 'trastuzumab emtansine', 'kadcyla'], targets: ['ERBB2:amplification'] },
  'trastuzumab deruxtecan': { classes: ['her2_targeted', 'adc'], aliases: ['t-dxd', 'enhertu'], targets: ['ERBB2:amplification', 'ERBB2:mutation'] },
  lapatinib: { classes: ['her2_targeted', 'tki'], aliases: ['tykerb', 'gw572016'], targets: ['ERBB2:amplification', 'EGFR'] },
  neratinib: { classes: ['her2_targeted', 'tki'], aliases: ['hki-272'], targets: ['ERBB2:amplification', 'ERBB2:mutation'] },
  tucatinib: { classes: ['her2_targeted', 'tki'], targets: ['ERBB2:amplification'] },
  cetuximab: { classes: ['anti_egfr_antibody'], aliases: ['erbitux'], targets: ['EGFR'] },
  panitumumab: { classes: ['anti_egfr_antibody'], aliases: ['vectibix'], targets: ['EGFR'] },
  necitumumab: { classes: ['anti_egfr_antibody'], targets: ['EGFR'] },
  pembrolizumab: { classes: ['anti_pd1_pdl1', 'immunotherapy'], aliases: ['keytruda', 'mk-3475'] },
  nivolumab: { classes: ['anti_pd1_pdl1', 'immunotherapy'], aliases: ['opdivo', 'bms-936558'] },
  cemiplimab: { classes: ['anti_pd1_pdl1', 'immunotherapy'] },
  dostarlimab: { classes: ['anti_pd1_pdl1', 'immunotherapy'] },
  tislelizumab: { classes: ['anti_pd1_pdl1', 'immunotherapy'], aliases: ['tevimbra'] },
  camrelizumab: { classes: ['anti_pd1_pdl1', 'immunotherapy'], aliases: ['shr-1210'] },
  atezolizumab: { classes: ['anti_pd1_pdl1', 'immunotherapy'], aliases: ['tecentriq', 'mpdl3280a'], targets: ['CD274:expression'] },
  durvalumab: { classes: ['anti_pd1_pdl1', 'immunotherapy'], aliases: ['imfinzi', 'medi4736'], targets: ['CD274:expression'] },
  avelumab: { classes: ['anti_pd1_pdl1', 'immunotherapy'], aliases: ['bavencio'], targets: ['CD274:expression'] },
  ipilimumab: { classes: ['anti_ctla4', 'immunotherapy'], aliases: ['yervoy'] },
  tremelimumab: { classes: ['anti_ctla4', 'immunotherapy'] },
  cisplatin: { classes: ['platinum', CHEMO] },
  carboplatin: { classes: ['platinum', CHEMO] },
  oxaliplatin: { classes: ['platinum', CHEMO], aliases: ['eloxatin'] },
  paclitaxel: { classes: ['taxane', CHEMO], aliases: ['taxol', 'nab-paclitaxel', 'abraxane'] },
  docetaxel: { classes: ['taxane', CHEMO], aliases: ['taxotere'] },
  cabazitaxel: { classes: ['taxane', CHEMO] },
  doxorubicin: { classes: ['anthracycline', CHEMO], aliases: ['adriamycin'] },
  epirubicin: { classes: ['anthracycline', CHEMO] },
  daunorubicin: { classes: ['anthracycline', CHEMO] },
  idarubicin: { classes: ['anthracycline', CHEMO] },
  fluorouracil: { classes: ['fluoropyrimidine', 'antimetabolite', CHEMO], aliases: ['5-fu', '5-fluorouracil'] },
  capecitabine: { classes: ['fluoropyrimidine', 'antimetabolite', CHEMO], aliases: ['xeloda'] },
  'trifluridine/tipiracil': {
    classes: ['fluoropyrimidine', 'antimetabolite', CHEMO],
    aliases: [
      'lonsurf',
      'tas-102',
      'trifluridine-tipiracil',
      'trifluridina-tipiracil',
      'trifluridina/tipiracil',
      'trifluridina-tipiracilo',
      'trifluridina/tipiracilo',
    ],
  },
  gemcitabine: { classes: ['antimetabolite', CHEMO], aliases: ['gemzar'] },
  pemetrexed: { classes: ['antimetabolite', CHEMO], aliases: ['alimta'] },
  methotrexate: { classes: ['antimetabolite', CHEMO] },
  cytarabine: { classes: ['antimetabolite', CHEMO], aliases: ['ara-c'] },
  cyclophosphamide: { classes: ['alkylating', CHEMO] },
  ifosfamide: { classes: ['alkylating', CHEMO] },
  temozolomide: { classes: ['alkylating', CHEMO], aliases: ['temodar'] },
  dacarbazine: { classes: ['alkylating', CHEMO] },
  bendamustine: { classes: ['alkylating', CHEMO] },
  melphalan: { classes: ['alkylating', CHEMO] },
  lomustine: { classes: ['alkylating', CHEMO] },
  carmustine: { classes: ['alkylating', CHEMO] },
  irinotecan: { classes: ['topoisomerase_inhibitor', CHEMO], aliases: ['camptosar', 'cpt-11'] },
  topotecan: { classes: ['topoisomerase_inhibitor', CHEMO] },
  etoposide: { classes: ['topoisomerase_inhibitor', CHEMO] },
  vinorelbine: { classes: ['vinca', CHEMO] },
  vincristine: { classes: ['vinca', CHEMO] },
  vinblastine: { classes: ['vinca', CHEMO] },
  eribulin: { classes: [CHEMO] },
  olaparib: { classes: ['parp_inhibitor'], aliases: ['lynparza', 'azd2281'], targets: ['BRCA1', 'BRCA2'] },
  niraparib: { classes: ['parp_inhibitor'], aliases: ['mk-4827'], targets: ['BRCA1', 'BRCA2'] },
  rucaparib: { classes: ['parp_inhibitor'], aliases: ['ag-014699', 'co-338'], targets: ['BRCA1', 'BRCA2'] },
  talazoparib: { classes: ['parp_inhibitor'], aliases: ['bmn 673', 'bmn-673'], targets: ['BRCA1', 'BRCA2'] },
  veliparib: { classes: ['parp_inhibitor'], aliases: ['abt-888'], targets: ['BRCA1', 'BRCA2'] },
  palbociclib: { classes: ['cdk46_inhibitor'], aliases: ['ibrance', 'pd-0332991', 'pd 0332991', 'pd0332991'], targets: ['CDK4', 'CDK6'] },
  ribociclib: { classes: ['cdk46_inhibitor'], aliases: ['lee011'], targets: ['CDK4', 'CDK6'] },
  abemaciclib: { classes: ['cdk46_inhibitor'], aliases: ['ly2835219'], targets: ['CDK4', 'CDK6'] },
  alpelisib: { classes: ['pi3k_inhibitor'], aliases: ['byl719'], targets: ['PIK3CA'] },
  everolimus: { classes: ['mtor_inhibitor'], aliases: ['afinitor', 'rad001', 'rad-001'], targets: ['MTOR'] },
  temsirolimus: { classes: ['mtor_inhibitor'], aliases: ['cci-779', 'torisel'], targets: ['MTOR'] },
  bevacizumab: { classes: ['vegf_inhibitor'], aliases: ['avastin'] },
  ramucirumab: { classes: ['vegf_inhibitor'], aliases: ['cyramza'] },
  aflibercept: { classes: ['vegf_inhibitor'] },
  sorafenib: { classes: ['multikinase_inhibitor', 'vegf_inhibitor', 'tki'], aliases: ['nexavar'], targets: ['BRAF', 'KIT', 'FLT3', 'RET'] },
  // RAF265 (CHIR-265): an investigational RAF / VEGFR2 inhibitor studied in BRAF-mutant melanoma
  raf265: { classes: ['braf_inhibitor', 'tki'], aliases: ['raf-265', 'chir-265'], targets: ['BRAF'] },
  sunitinib: { classes: ['multikinase_inhibitor', 'vegf_inhibitor', 'kit_inhibitor', 'tki'], aliases: ['sutent'], targets: ['KIT', 'FLT3', 'RET'] },
  pazopanib: { classes: ['multikinase_inhibitor', 'vegf_inhibitor', 'tki'], targets: ['KIT'] },
  regorafenib: { classes: ['multikinase_inhibitor', 'vegf_inhibitor', 'tki'], targets: ['KIT', 'BRAF', 'RET'] },
  cabozantinib: {
    classes: ['multikinase_inhibitor', 'vegf_inhibitor', 'met_inhibitor', 'tki'],
    aliases: ['xl184', 'cabometyx', 'cometriq'],
    targets: ['MET', 'RET'],
  },
  lenvatinib: { classes: ['multikinase_inhibitor', 'vegf_inhibitor', 'tki'], targets: ['RET'] },
  rivoceranib: { classes: ['vegf_inhibitor', 'tki'], aliases: ['apatinib'] },
  axitinib: { classes: ['vegf_inhibitor', 'tki'] },
  tivozanib: { classes: ['vegf_inhibitor', 'tki'], aliases: ['fotivda'] },
  vandetanib: { classes: ['multikinase_inhibitor', 'vegf_inhibitor', 'ret_inhibitor', 'tki'], targets: ['RET', 'EGFR'] },
  imatinib: {
    classes: ['bcr_abl_tki', 'kit_inhibitor', 'tki'],
    aliases: ['gleevec', 'glivec', 'sti571', 'imatinib mesylate'],
    targets: ['ABL1:fusion', 'KIT:mutation', 'PDGFRA'],
  },
  dasatinib: { classes: ['bcr_abl_tki', 'tki'], aliases: ['sprycel'], targets: ['ABL1:fusion', 'KIT'] },
  nilotinib: { classes: ['bcr_abl_tki', 'kit_inhibitor', 'tki'], aliases: ['tasigna'], targets: ['ABL1:fusion', 'KIT'] },
  bosutinib: { classes: ['bcr_abl_tki', 'tki'], targets: ['ABL1:fusion'] },
  ponatinib: { classes: ['bcr_abl_tki', 'tki'], targets: ['ABL1:fusion'] },
  ripretinib: { classes: ['kit_inhibitor', 'tki'], targets: ['KIT:mutation', 'PDGFRA'] },
  avapritinib: { classes: ['kit_inhibitor', 'tki'], targets: ['KIT:mutation', 'PDGFRA'] },
  midostaurin: { classes: ['flt3_inhibitor', 'tki'], targets: ['FLT3', 'KIT'] },
  gilteritinib: { classes: ['flt3_inhibitor', 'tki'], targets: ['FLT3'] },
  quizartinib: { classes: ['flt3_inhibitor', 'tki'], aliases: ['ac220'], targets: ['FLT3'] },
  ivosidenib: { classes: ['idh_inhibitor'], aliases: ['ag-120'], targets: ['IDH1:R132*'] },
  enasidenib: { classes: ['idh_inhibitor'], aliases: ['ag-221'], targets: ['IDH2'] },
  erdafitinib: { classes: ['fgfr_inhibitor', 'tki'], aliases: ['jnj-42756493'], targets: ['FGFR2', 'FGFR3'] },
  pemigatinib: { classes: ['fgfr_inhibitor', 'tki'], targets: ['FGFR2:fusion'] },
  azacitidine: { classes: ['hypomethylating'] },
  decitabine: { classes: ['hypomethylating'] },
  bortezomib: { classes: ['proteasome_inhibitor'], aliases: ['velcade'] },
  carfilzomib: { classes: ['proteasome_inhibitor'] },
  lenalidomide: { classes: ['imid'], aliases: ['revlimid'] },
  pomalidomide: { classes: ['imid'] },
  thalidomide: { classes: ['imid'] },
  daratumumab: { classes: ['anti_cd38'] },
  tivantinib: { classes: ['met_inhibitor'], aliases: ['arq197', 'arq 197'], targets: ['MET'] },
  'cudc-101': { classes: ['egfr_tki', 'her2_targeted'], targets: ['EGFR', 'ERBB2'] },
  dactolisib: { classes: ['pi3k_inhibitor', 'mtor_inhibitor'], aliases: ['bez235', 'nvp-bez235'], targets: ['PIK3CA', 'MTOR'] },
  buparlisib: { classes: ['pi3k_inhibitor'], aliases: ['bkm120'], targets: ['PIK3CA'] },
  sonolisib: { classes: ['pi3k_inhibitor'], aliases: ['px-866', 'px866'], targets: ['PIK3CA'] },
  onartuzumab: { classes: ['met_inhibitor'], aliases: ['metmab'], targets: ['MET'] },
  aee788: { classes: ['egfr_tki', 'her2_targeted', 'tki'], targets: ['EGFR', 'ERBB2'] },
  dinaciclib: { classes: [], targets: ['CDK1', 'CDK2', 'CDK5', 'CDK9'] },
  sapanisertib: { classes: ['mtor_inhibitor'], aliases: ['mln0128', 'tak-228'], targets: ['MTOR'] },
  azd4547: { classes: ['fgfr_inhibitor'], targets: ['FGFR1', 'FGFR2', 'FGFR3'] },
  lestaurtinib: { classes: ['flt3_inhibitor'], aliases: ['cep-701'], targets: ['FLT3'] },
  // investigational agents by pathway (classes only: their labelled targets are not established, so
  // they do not add alteration targets; the ranking's pathway term uses the classes)
  sirolimus: { classes: ['mtor_inhibitor'], aliases: ['rapamycin', 'rapamune'] },
  pictilisib: { classes: ['pi3k_inhibitor'], aliases: ['gdc-0941', 'gdc0941'] },
  pilaralisib: { classes: ['pi3k_inhibitor'], aliases: ['xl147', 'sar245408'] },
  voxtalisib: { classes: ['pi3k_inhibitor', 'mtor_inhibitor'], aliases: ['xl765', 'sar245409'] },
  gedatolisib: { classes: ['pi3k_inhibitor', 'mtor_inhibitor'], aliases: ['pf-05212384', 'pki-587'] },
  'mk-2206': { classes: ['akt_inhibitor'], aliases: ['mk2206'] },
  afuresertib: { classes: ['akt_inhibitor'], aliases: ['gsk2110183'] },
  capivasertib: { classes: ['akt_inhibitor'], aliases: ['azd5363'] },
  ipatasertib: { classes: ['akt_inhibitor'], aliases: ['gdc-0068'] },
  pimasertib: { classes: ['mek_inhibitor'], aliases: ['msc1936369b', 'as703026'] },
  idasanutlin: { classes: ['mdm2_inhibitor'], aliases: ['rg7388', 'rg7112', 'ro5045337'] },
  milademetan: { classes: ['mdm2_inhibitor'], aliases: ['ds-3032b'] },
  dovitinib: { classes: ['fgfr_inhibitor', 'tki'], aliases: ['tki258', 'tki-258'] },
  infigratinib: { classes: ['fgfr_inhibitor', 'tki'], aliases: ['bgj398'] },
  patritumab: { classes: ['erbb3_targeted'], aliases: ['u3-1287', 'amg 888'] },
  seribantumab: { classes: ['erbb3_targeted'], aliases: ['mm-121'] },
  rociletinib: { classes: ['egfr_tki', 'tki'], aliases: ['co-1686'] },
  venetoclax: { classes: ['bcl2_inhibitor'], targets: ['BCL2'] },
  'sacituzumab govitecan': { classes: ['adc'] },
  // approvals the guideline pack cites that the reference vocabularies of 2024 predate or miss
  'enfortumab vedotin': { classes: ['adc'], aliases: ['padcev', 'enfortumab vedotin-ejfv'] },
  'tisotumab vedotin': { classes: ['adc'], aliases: ['tivdak', 'tisotumab vedotin-tftv'] },
  zolbetuximab: { classes: [], aliases: ['vyloy', 'zolbetuximab-clzb'] },
  belzutifan: { classes: [], aliases: ['welireg', 'mk-6482'] },
  'lutetium lu 177 vipivotide tetraxetan': { classes: [], aliases: ['pluvicto', '177lu-psma-617', 'lutetium-177 psma-617', 'lu-psma-617'] },
  elacestrant: { classes: ['endocrine'], aliases: ['orserdu'] },
  repotrectinib: { classes: ['ros1_inhibitor', 'trk_inhibitor', 'tki'], aliases: ['augtyro'] },
  futibatinib: { classes: ['fgfr_inhibitor', 'tki'], aliases: ['lytgobi', 'tas-120'] },
  fruquintinib: { classes: ['vegf_inhibitor', 'tki'], aliases: ['fruzaqla'] },
  lurbinectedin: { classes: ['alkylating', 'chemotherapy'], aliases: ['zepzelca', 'pm01183'] },
  tamoxifen: { classes: ['endocrine'] },
  letrozole: { classes: ['aromatase_inhibitor', 'endocrine'], aliases: ['femara'] },
  anastrozole: { classes: ['aromatase_inhibitor', 'endocrine'], aliases: ['arimidex'] },
  exemestane: { classes: ['aromatase_inhibitor', 'endocrine'] },
  fulvestrant: { classes: ['endocrine'], aliases: ['faslodex'] },
  enzalutamide: { classes: ['antiandrogen'], aliases: ['xtandi'] },
  apalutamide: { classes: ['antiandrogen'] },
  darolutamide: { classes: ['antiandrogen'] },
  bicalutamide: { classes: ['antiandrogen'] },
  abiraterone: { classes: ['antiandrogen'], aliases: ['zytiga'] },
  leuprolide: { classes: ['adt'], aliases: ['lupron', 'leuprorelin'] },
  goserelin: { classes: ['adt'], aliases: ['zoladex'] },
  degarelix: { classes: ['adt'] },
  // given with the FOLFOX / FOLFIRI / FLOT regimens of the guideline packs and absent from the reference
  // vocabularies: known, of no class the matcher uses (prednisone is in the survey's extra list)
  leucovorin: { classes: [], aliases: ['folinic acid', 'calcium folinate', 'levoleucovorin'] },
};

/** Genes a drug class targets (class mentions such as "FGFR inhibitor" in interventions). */
export const CLASS_TARGETS: Record<string, string[]> = {
  egfr_tki: ['EGFR'],
  alk_inhibitor: ['ALK'],
  ros1_inhibitor: ['ROS1'],
  braf_inhibitor: ['BRAF'],
  kras_g12c_inhibitor: ['KRAS'],
  met_inhibitor: ['MET'],
  ret_inhibitor: ['RET'],
  trk_inhibitor: ['NTRK1', 'NTRK2', 'NTRK3'],
  her2_targeted: ['ERBB2'],
  anti_egfr_antibody: ['EGFR'],
  parp_inhibitor: ['BRCA1', 'BRCA2'],
  cdk46_inhibitor: ['CDK4', 'CDK6'],
  pi3k_inhibitor: ['PIK3CA'],
  bcr_abl_tki: ['ABL1'],
  kit_inhibitor: ['KIT'],
  flt3_inhibitor: ['FLT3'],
  idh_inhibitor: ['IDH1', 'IDH2'],
  fgfr_inhibitor: ['FGFR1', 'FGFR2', 'FGFR3'],
};

/** Regimen acronyms -> component drugs. */
export const REGIMENS: Record<string, string[]> = {
  folfox: ['fluorouracil', 'oxaliplatin'],
  folfiri: ['fluorouracil', 'irinotecan'],
  folfirinox: ['fluorouracil', 'irinotecan', 'oxaliplatin'],
  capox: ['capecitabine', 'oxaliplatin'],
  xelox: ['capecitabine', 'oxaliplatin'],
  flot: ['fluorouracil', 'oxaliplatin', 'docetaxel'],
  'carboplatin/paclitaxel': ['carboplatin', 'paclitaxel'],
  folfoxiri: ['fluorouracil', 'oxaliplatin', 'irinotecan'],
  'ac-t': ['doxorubicin', 'cyclophosphamide', 'paclitaxel'],
  tchp: ['docetaxel', 'carboplatin', 'trastuzumab', 'pertuzumab'],
  'carboplatin-pemetrexed-pembrolizumab': ['carboplatin', 'pemetrexed', 'pembrolizumab'],
  'gemcitabine-cisplatin': ['gemcitabine', 'cisplatin'],
  // combinations given as one course, named by their drugs (the survey offers each as one answer)
  'nivolumab-ipilimumab': ['nivolumab', 'ipilimumab'],
  'durvalumab-tremelimumab': ['durvalumab', 'tremelimumab'],
  'atezolizumab-bevacizumab': ['atezolizumab', 'bevacizumab'],
  'pembrolizumab-lenvatinib': ['pembrolizumab', 'lenvatinib'],
  'pembrolizumab-axitinib': ['pembrolizumab', 'axitinib'],
  'nivolumab-cabozantinib': ['nivolumab', 'cabozantinib'],
  'enfortumab vedotin-pembrolizumab': ['enfortumab vedotin', 'pembrolizumab'],
  'dabrafenib-trametinib': ['dabrafenib', 'trametinib'],
  'encorafenib-cetuximab': ['encorafenib', 'cetuximab'],
  'trastuzumab-pertuzumab': ['trastuzumab', 'pertuzumab'],
  'carboplatin-etoposide': ['carboplatin', 'etoposide'],
  'gemcitabine-nab-paclitaxel': ['gemcitabine', 'paclitaxel'],
};

/** Class phrases found in trial text -> class key. Longest first when scanning. */
export const CLASS_PHRASES: Array<[RegExp, string]> = [
  // generations first: the generic class phrase inside "3rd generation EGFR TKI" is then not read again
  [/\b(?:1st|first)[- ]generation EGFR[- ]?(?:tyrosine kinase inhibitors?|TKIs?|inhibitors?)\b/i, 'egfr_tki_1g'],
  [/\b(?:2nd|second)[- ]generation EGFR[- ]?(?:tyrosine kinase inhibitors?|TKIs?|inhibitors?)\b/i, 'egfr_tki_2g'],
  [/\b(?:3rd|third)[- ]generation EGFR[- ]?(?:tyrosine kinase inhibitors?|TKIs?|inhibitors?)\b/i, 'egfr_tki_3g'],
  [/\b(?:1st|first)[- ]generation ALK[- ]?(?:tyrosine kinase inhibitors?|TKIs?|inhibitors?)\b/i, 'alk_inhibitor_1g'],
  [/\b(?:2nd|second)[- ]generation ALK[- ]?(?:tyrosine kinase inhibitors?|TKIs?|inhibitors?)\b/i, 'alk_inhibitor_2g'],
  [/\b(?:3rd|third)[- ]generation ALK[- ]?(?:tyrosine kinase inhibitors?|TKIs?|inhibitors?)\b/i, 'alk_inhibitor_3g'],
  [/\bEGFR[- ]?(?:tyrosine kinase inhibitors?|TKIs?|inhibitors?)\b/i, 'egfr_tki'],
  [/\bALK[- ]?(?:tyrosine kinase inhibitors?|TKIs?|inhibitors?)\b/i, 'alk_inhibitor'],
  [/\bROS1[- ]?(?:inhibitors?|TKIs?)\b/i, 'ros1_inhibitor'],
  [/\bBRAF[- ]?(?:V600[EK]?[- ])?(?:inhibitors?|targeted therapy)\b/i, 'braf_inhibitor'],
  [/\bMEK[- ]?inhibitors?\b/i, 'mek_inhibitor'],
  [/\bKRAS G12C inhibitors?\b/i, 'kras_g12c_inhibitor'],
  [/\bMET[- ]?inhibitors?\b/, 'met_inhibitor'],
  [/\bRET[- ]?inhibitors?\b/, 'ret_inhibitor'],
  [/\b(?:TRK|NTRK)[- ]?inhibitors?\b/i, 'trk_inhibitor'],
  [/\b(?:HER2|ERBB2)[- ]?(?:targeted|directed)(?: therapy| therapies| agents?)?\b|\banti-HER2\b/i, 'her2_targeted'],
  [/\banti-EGFR (?:antibod(?:y|ies)|monoclonal antibod(?:y|ies)|therapy)\b|\bEGFR[- ](?:monoclonal )?antibod(?:y|ies)\b/i, 'anti_egfr_antibody'],
  [
    /\banti-(?:PD-?1|PD-?L1)(?:\/PD-?L1)?\b|\bPD-?(?:L)?1 (?:inhibitors?|blockade|antibod(?:y|ies))\b|\b(?:immune )?checkpoint inhibitors?\b|\bimmunotherapy\b/i,
    'anti_pd1_pdl1',
  ],
  [/\banti-CTLA-?4\b|\bCTLA-?4 (?:inhibitors?|antibod(?:y|ies))\b/i, 'anti_ctla4'],
  [/\bplatinum(?:-based)?(?: doublet)?(?: chemotherapy)?\b/i, 'platinum'],
  [/\btaxanes?\b/i, 'taxane'],
  [/\banthracyclines?\b/i, 'anthracycline'],
  [/\bfluoropyrimidines?\b/i, 'fluoropyrimidine'],
  [/\bPARP[- ]?inhibitors?\b/i, 'parp_inhibitor'],
  [/\bCDK ?4\/6[- ]?inhibitors?\b/i, 'cdk46_inhibitor'],
  [/\bPI3K[- ]?inhibitors?\b/i, 'pi3k_inhibitor'],
  [/\bmTOR[- ]?inhibitors?\b/i, 'mtor_inhibitor'],
  [/\b(?:anti-?angiogenic|anti-VEGF|VEGFR?[- ](?:inhibitors?|TKIs?))\b/i, 'vegf_inhibitor'],
  [/\baromatase inhibitors?\b/i, 'aromatase_inhibitor'],
  [/\b(?:endocrine|hormonal) therap(?:y|ies)\b/i, 'endocrine'],
  [/\bandrogen deprivation therapy\b|\bADT\b|\b(?:LHRH|GnRH) (?:agonists?|analogues?|analogs?|antagonists?)\b/i, 'adt'],
  [/\banti-?androgens?\b|\bandrogen receptor (?:inhibitors?|antagonists?)\b/i, 'antiandrogen'],
  [/\bFGFR[- ]?inhibitors?\b/i, 'fgfr_inhibitor'],
  [/\bIDH[12]?[- ]?inhibitors?\b/i, 'idh_inhibitor'],
  [/\bFLT3[- ]?inhibitors?\b/i, 'flt3_inhibitor'],
  [/\bAKT[- ]?inhibitors?\b/i, 'akt_inhibitor'],
  [/\bMDM2[- ]?inhibitors?\b/i, 'mdm2_inhibitor'],
  [/\b(?:tyrosine kinase inhibitors?|TKIs?)\b/, 'tki'],
  [/\bchemotherap(?:y|ies)\b/i, 'chemotherapy'],
];

let aliasIndex: Map<string, string> | null = null;
let aliasGeneration = -1;
function aliases(): Map<string, string> {
  if (aliasIndex && aliasGeneration === vocabularyGeneration()) return aliasIndex;
  const m = new Map<string, string>();
  for (const [name, e] of Object.entries(DRUGS)) {
    m.set(name, name);
    for (const a of e.aliases ?? []) m.set(a, name);
  }
  // the imported MITRE / CIViC names join after the owned ones (importedDrugs.ts)
  for (const [n, generic] of importedDrugNames((x) => m.get(x))) if (!m.has(n)) m.set(n, generic);
  aliasIndex = m;
  aliasGeneration = vocabularyGeneration();
  drugRe = null;
  return m;
}

/** Generic drug name for a name, brand or code; undefined when unknown. */
export function normalizeDrug(name: string): string | undefined {
  const key = name.trim().toLowerCase();
  const known = aliases();
  const direct = known.get(key);
  if (direct || !/\d/.test(key)) return direct;
  // investigational code names are written "GDC-0941", "GDC -0941", "GDC 0941" and "GDC0941"
  const m = /^([a-z]{1,6})[\s-]*(\d[\w]*)$/.exec(key);
  return m ? (known.get(`${m[1]}-${m[2]}`) ?? known.get(`${m[1]}${m[2]}`)) : undefined;
}

/** Molecular targets of a generic drug, parsed: { gene, proteinChange?, wildcard?, category? }. */
export function drugTargets(drug: string): Array<{ gene: string; proteinChange?: string; wildcard?: boolean; category?: string }> {
  return (DRUGS[drug]?.targets ?? []).map((t) => {
    const [gene, v] = t.split(':');
    if (!v) return { gene };
    if (/^(amplification|fusion|mutation|deletion|expression)$/.test(v)) return { gene, category: v };
    return { gene, proteinChange: v.replace(/\*$/, ''), wildcard: v.endsWith('*') || undefined, category: 'mutation' };
  });
}

export function drugClasses(drug: string): string[] {
  return DRUGS[drug]?.classes ?? importedDrugClasses(drug);
}

export interface DrugMention {
  drug?: string;
  drugClass?: string;
  start: number;
  end: number;
  text: string;
}

let drugRe: RegExp | null = null;
let classRes: Array<[RegExp, string]> | null = null;
/** Finds drug names, brands, regimen acronyms and class phrases in text. */
export function findDrugs(text: string): DrugMention[] {
  if (!drugRe || aliasGeneration !== vocabularyGeneration()) {
    const names = [...aliases().keys(), ...Object.keys(REGIMENS)].sort((a, b) => b.length - a.length).map((n) => n.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
    drugRe = new RegExp(`(?<![A-Za-z0-9])(${names.join('|')})(?![A-Za-z0-9])`, 'gi');
  }
  const out: DrugMention[] = [];
  drugRe.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = drugRe.exec(text))) {
    const key = m[1].toLowerCase();
    if (REGIMENS[key]) {
      for (const d of REGIMENS[key]) out.push({ drug: d, start: m.index, end: m.index + m[0].length, text: m[0] });
    } else {
      // regimen acronyms in upper case only (avoid "ac" in words); drugs any case
      out.push({ drug: aliases().get(key), start: m.index, end: m.index + m[0].length, text: m[0] });
    }
  }
  if (!classRes) classRes = CLASS_PHRASES.map(([re, cls]) => [new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g'), cls]);
  for (const [g, cls] of classRes) {
    g.lastIndex = 0;
    let c: RegExpExecArray | null;
    while ((c = g.exec(text))) {
      const start = c.index;
      const end = start + c[0].length;
      if (out.some((o) => o.drugClass && o.start <= start && o.end >= end)) continue;
      out.push({ drugClass: cls, start, end, text: c[0] });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

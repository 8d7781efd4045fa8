/**
 * Vocabularies the survey owns, written for OncoDesk (not copied from any source): anticancer drug
 * classes with their member drugs (INN; Spanish/Italian spellings where they differ) and the
 * comorbidities that commonly decide trial eligibility, in en/es/it.
 */
import type { CriterionSpec, SurveyLang } from '@oncodesk/shared/contracts';
import type { DrugClassKey } from '../vocab/drugKnowledge';
import type { REGIMENS } from '../vocab/drugKnowledge';

export type Text = Record<SurveyLang, string>;
export const t = (en: string, es: string, it: string): Text => ({ en, es, it });

export interface DrugClass {
  key: string;
  label: Text;
  /** Extra search terms (abbreviations). */
  synonyms?: string[];
  /** Member drugs by English INN. */
  drugs: string[];
  /**
   * The answer's meaning for the matcher: the trial engine's class keys that every member of this class
   * belongs to (a patient given "anti-CTLA-4" certainly had anti_ctla4 and a checkpoint inhibitor, and
   * certainly not anti-PD-1 on this answer alone). Classes only some members belong to (vinca among the
   * microtubule inhibitors, EGFR-TKI generations) stay "possible", derived from the members.
   */
  matcher: DrugClassKey[];
  /** Not anticancer systemic therapy (bone-targeted agents): never counts as a prior systemic line. */
  supportive?: boolean;
}

export const drugClasses: DrugClass[] = [
  { key: 'platinum', label: t('Platinum chemotherapy', 'Quimioterapia con platino', 'Chemioterapia a base di platino'), synonyms: ['platinum'], drugs: ['cisplatin', 'carboplatin', 'oxaliplatin'], matcher: ['platinum', 'chemotherapy'] },
  { key: 'taxane', label: t('Taxane chemotherapy', 'Quimioterapia con taxanos', 'Chemioterapia con taxani'), drugs: ['paclitaxel', 'nab-paclitaxel', 'docetaxel', 'cabazitaxel'], matcher: ['taxane', 'chemotherapy'] },
  { key: 'anthracycline', label: t('Anthracycline chemotherapy', 'Quimioterapia con antraciclinas', 'Chemioterapia con antracicline'), drugs: ['doxorubicin', 'pegylated liposomal doxorubicin', 'epirubicin'], matcher: ['anthracycline', 'chemotherapy'] },
  { key: 'fluoropyrimidine', label: t('Fluoropyrimidine chemotherapy', 'Quimioterapia con fluoropirimidinas', 'Chemioterapia con fluoropirimidine'), synonyms: ['5-FU'], drugs: ['fluorouracil', 'capecitabine', 'tegafur/gimeracil/oteracil', 'trifluridine/tipiracil'], matcher: ['fluoropyrimidine', 'antimetabolite', 'chemotherapy'] },
  { key: 'antimetabolite', label: t('Other antimetabolite chemotherapy', 'Otra quimioterapia antimetabolito', 'Altra chemioterapia antimetabolita'), drugs: ['gemcitabine', 'pemetrexed', 'methotrexate'], matcher: ['antimetabolite', 'chemotherapy'] },
  { key: 'topoisomerase_inhibitor', label: t('Topoisomerase inhibitor chemotherapy', 'Quimioterapia con inhibidores de la topoisomerasa', 'Chemioterapia con inibitori della topoisomerasi'), drugs: ['irinotecan', 'liposomal irinotecan', 'topotecan', 'etoposide'], matcher: ['topoisomerase_inhibitor', 'chemotherapy'] },
  { key: 'alkylating_agent', label: t('Alkylating chemotherapy', 'Quimioterapia alquilante', 'Chemioterapia alchilante'), drugs: ['cyclophosphamide', 'ifosfamide', 'temozolomide', 'mitomycin', 'bendamustine', 'lurbinectedin'], matcher: ['alkylating', 'chemotherapy'] },
  { key: 'microtubule_inhibitor', label: t('Vinca alkaloid / microtubule inhibitor', 'Alcaloide de la vinca / inhibidor de microtúbulos', 'Alcaloide della vinca / inibitore dei microtubuli'), drugs: ['vinorelbine', 'vinblastine', 'vincristine', 'eribulin', 'ixabepilone'], matcher: ['chemotherapy'] },
  { key: 'anti_pd1_pdl1', label: t('Immunotherapy: anti-PD-1/PD-L1', 'Inmunoterapia: anti-PD-1/PD-L1', 'Immunoterapia: anti-PD-1/PD-L1'), synonyms: ['checkpoint inhibitor', 'immune checkpoint', 'PD-1', 'PD-L1', 'ICI'], drugs: ['pembrolizumab', 'nivolumab', 'atezolizumab', 'durvalumab', 'avelumab', 'cemiplimab', 'dostarlimab', 'tislelizumab', 'toripalimab', 'sintilimab', 'camrelizumab', 'retifanlimab'], matcher: ['anti_pd1_pdl1', 'immunotherapy'] },
  { key: 'anti_ctla4', label: t('Immunotherapy: anti-CTLA-4', 'Inmunoterapia: anti-CTLA-4', 'Immunoterapia: anti-CTLA-4'), synonyms: ['CTLA-4', 'checkpoint inhibitor'], drugs: ['ipilimumab', 'tremelimumab'], matcher: ['anti_ctla4', 'immunotherapy'] },
  { key: 'egfr_tki', label: t('EGFR tyrosine kinase inhibitor', 'Inhibidor de la tirosina cinasa de EGFR', 'Inibitore tirosin-chinasico di EGFR'), synonyms: ['EGFR TKI'], drugs: ['erlotinib', 'gefitinib', 'afatinib', 'dacomitinib', 'osimertinib', 'lazertinib', 'mobocertinib'], matcher: ['egfr_tki', 'tki'] },
  { key: 'egfr_tki_1g', label: t('EGFR TKI, 1st generation (erlotinib, gefitinib)', 'ITC de EGFR de 1.ª generación (erlotinib, gefitinib)', 'TKI di EGFR di 1ª generazione (erlotinib, gefitinib)'), synonyms: ['first-generation EGFR TKI'], drugs: ['erlotinib', 'gefitinib', 'icotinib'], matcher: ['egfr_tki', 'egfr_tki_1g', 'tki'] },
  { key: 'egfr_tki_2g', label: t('EGFR TKI, 2nd generation (afatinib, dacomitinib)', 'ITC de EGFR de 2.ª generación (afatinib, dacomitinib)', 'TKI di EGFR di 2ª generazione (afatinib, dacomitinib)'), synonyms: ['second-generation EGFR TKI'], drugs: ['afatinib', 'dacomitinib'], matcher: ['egfr_tki', 'egfr_tki_2g', 'tki'] },
  { key: 'egfr_tki_3g', label: t('EGFR TKI, 3rd generation (osimertinib, lazertinib)', 'ITC de EGFR de 3.ª generación (osimertinib, lazertinib)', 'TKI di EGFR di 3ª generazione (osimertinib, lazertinib)'), synonyms: ['third-generation EGFR TKI'], drugs: ['osimertinib', 'lazertinib'], matcher: ['egfr_tki', 'egfr_tki_3g', 'tki'] },
  { key: 'anti_egfr_antibody', label: t('Anti-EGFR antibody', 'Anticuerpo anti-EGFR', 'Anticorpo anti-EGFR'), drugs: ['cetuximab', 'panitumumab', 'necitumumab', 'amivantamab'], matcher: ['anti_egfr_antibody'] },
  { key: 'alk_inhibitor', label: t('ALK inhibitor', 'Inhibidor de ALK', 'Inibitore di ALK'), drugs: ['crizotinib', 'ceritinib', 'alectinib', 'brigatinib', 'lorlatinib', 'ensartinib'], matcher: ['alk_inhibitor', 'tki'] },
  { key: 'alk_inhibitor_1g', label: t('ALK inhibitor, 1st generation (crizotinib)', 'Inhibidor de ALK de 1.ª generación (crizotinib)', 'Inibitore di ALK di 1ª generazione (crizotinib)'), drugs: ['crizotinib'], matcher: ['alk_inhibitor', 'alk_inhibitor_1g', 'tki'] },
  { key: 'alk_inhibitor_2g', label: t('ALK inhibitor, 2nd generation (alectinib, brigatinib, ceritinib)', 'Inhibidor de ALK de 2.ª generación (alectinib, brigatinib, ceritinib)', 'Inibitore di ALK di 2ª generazione (alectinib, brigatinib, ceritinib)'), drugs: ['alectinib', 'brigatinib', 'ceritinib'], matcher: ['alk_inhibitor', 'alk_inhibitor_2g', 'tki'] },
  { key: 'alk_inhibitor_3g', label: t('ALK inhibitor, 3rd generation (lorlatinib)', 'Inhibidor de ALK de 3.ª generación (lorlatinib)', 'Inibitore di ALK di 3ª generazione (lorlatinib)'), drugs: ['lorlatinib'], matcher: ['alk_inhibitor', 'alk_inhibitor_3g', 'tki'] },
  { key: 'ros1_ntrk_inhibitor', label: t('ROS1/NTRK inhibitor', 'Inhibidor de ROS1/NTRK', 'Inibitore di ROS1/NTRK'), drugs: ['entrectinib', 'larotrectinib', 'repotrectinib', 'crizotinib'], matcher: ['tki'] },
  { key: 'kras_g12c_inhibitor', label: t('KRAS G12C inhibitor', 'Inhibidor de KRAS G12C', 'Inibitore di KRAS G12C'), drugs: ['sotorasib', 'adagrasib'], matcher: ['kras_g12c_inhibitor'] },
  { key: 'braf_inhibitor', label: t('BRAF inhibitor', 'Inhibidor de BRAF', 'Inibitore di BRAF'), drugs: ['dabrafenib', 'vemurafenib', 'encorafenib'], matcher: ['braf_inhibitor'] },
  { key: 'mek_inhibitor', label: t('MEK inhibitor', 'Inhibidor de MEK', 'Inibitore di MEK'), drugs: ['trametinib', 'binimetinib', 'cobimetinib'], matcher: ['mek_inhibitor'] },
  { key: 'met_inhibitor', label: t('MET inhibitor', 'Inhibidor de MET', 'Inibitore di MET'), drugs: ['capmatinib', 'tepotinib', 'savolitinib', 'crizotinib'], matcher: ['met_inhibitor', 'tki'] },
  { key: 'ret_inhibitor', label: t('RET inhibitor', 'Inhibidor de RET', 'Inibitore di RET'), drugs: ['selpercatinib', 'pralsetinib'], matcher: ['ret_inhibitor', 'tki'] },
  { key: 'her2_targeted', label: t('HER2-targeted therapy', 'Terapia dirigida contra HER2', 'Terapia anti-HER2'), synonyms: ['anti-HER2'], drugs: ['trastuzumab', 'pertuzumab', 'trastuzumab emtansine', 'trastuzumab deruxtecan', 'lapatinib', 'neratinib', 'tucatinib', 'margetuximab', 'zanidatamab'], matcher: ['her2_targeted'] },
  { key: 'cdk46_inhibitor', label: t('CDK4/6 inhibitor', 'Inhibidor de CDK4/6', 'Inibitore di CDK4/6'), drugs: ['palbociclib', 'ribociclib', 'abemaciclib'], matcher: ['cdk46_inhibitor'] },
  { key: 'aromatase_inhibitor', label: t('Aromatase inhibitor', 'Inhibidor de la aromatasa', "Inibitore dell'aromatasi"), synonyms: ['AI'], drugs: ['anastrozole', 'letrozole', 'exemestane'], matcher: ['aromatase_inhibitor', 'endocrine'] },
  { key: 'serm_serd', label: t('Anti-estrogen (SERM/SERD)', 'Antiestrógeno (SERM/SERD)', 'Antiestrogeno (SERM/SERD)'), synonyms: ['SERD', 'SERM'], drugs: ['tamoxifen', 'toremifene', 'fulvestrant', 'elacestrant'], matcher: ['endocrine'] },
  { key: 'pi3k_akt_mtor_inhibitor', label: t('PI3K/AKT/mTOR inhibitor', 'Inhibidor de PI3K/AKT/mTOR', 'Inibitore di PI3K/AKT/mTOR'), drugs: ['alpelisib', 'inavolisib', 'capivasertib', 'everolimus', 'temsirolimus'], matcher: [] },
  { key: 'parp_inhibitor', label: t('PARP inhibitor', 'Inhibidor de PARP', 'Inibitore di PARP'), drugs: ['olaparib', 'niraparib', 'rucaparib', 'talazoparib'], matcher: ['parp_inhibitor'] },
  { key: 'antibody_drug_conjugate', label: t('Antibody-drug conjugate', 'Anticuerpo conjugado con fármaco', 'Anticorpo farmaco-coniugato'), synonyms: ['ADC'], drugs: ['trastuzumab deruxtecan', 'trastuzumab emtansine', 'sacituzumab govitecan', 'datopotamab deruxtecan', 'enfortumab vedotin', 'tisotumab vedotin', 'disitamab vedotin'], matcher: ['adc'] },
  { key: 'androgen_receptor_inhibitor', label: t('Androgen receptor pathway inhibitor', 'Inhibidor de la vía del receptor de andrógenos', 'Inibitore della via del recettore degli androgeni'), synonyms: ['ARPI', 'ARSI'], drugs: ['abiraterone', 'enzalutamide', 'apalutamide', 'darolutamide', 'bicalutamide', 'flutamide', 'nilutamide'], matcher: ['antiandrogen'] },
  { key: 'androgen_deprivation', label: t('Androgen deprivation therapy (ADT)', 'Terapia de privación androgénica (TPA)', 'Terapia di deprivazione androgenica (ADT)'), synonyms: ['ADT', 'LHRH', 'GnRH'], drugs: ['leuprorelin', 'goserelin', 'triptorelin', 'degarelix', 'relugolix', 'histrelin'], matcher: ['adt'] },
  { key: 'radioligand', label: t('Radioligand / radiopharmaceutical therapy', 'Terapia con radioligandos / radiofármacos', 'Terapia con radioligandi / radiofarmaci'), synonyms: ['PSMA', 'Lu-177'], drugs: ['lutetium (177Lu) vipivotide tetraxetan', 'radium-223 dichloride', 'radioactive iodine (131I)'], matcher: [] },
  { key: 'anti_angiogenic_antibody', label: t('Anti-angiogenic antibody', 'Anticuerpo antiangiogénico', 'Anticorpo antiangiogenico'), synonyms: ['anti-VEGF'], drugs: ['bevacizumab', 'ramucirumab', 'aflibercept'], matcher: ['vegf_inhibitor'] },
  { key: 'vegfr_multikinase_inhibitor', label: t('VEGFR / multikinase inhibitor', 'Inhibidor de VEGFR / multicinasa', 'Inibitore di VEGFR / multichinasico'), synonyms: ['TKI'], drugs: ['sorafenib', 'lenvatinib', 'regorafenib', 'cabozantinib', 'sunitinib', 'pazopanib', 'axitinib', 'tivozanib', 'vandetanib', 'fruquintinib', 'rivoceranib', 'nintedanib'], matcher: ['vegf_inhibitor', 'tki'] },
  { key: 'hif2a_inhibitor', label: t('HIF-2α inhibitor', 'Inhibidor de HIF-2α', 'Inibitore di HIF-2α'), drugs: ['belzutifan'], matcher: [] },
  { key: 'fgfr_inhibitor', label: t('FGFR inhibitor', 'Inhibidor de FGFR', 'Inibitore di FGFR'), drugs: ['erdafitinib', 'pemigatinib', 'futibatinib'], matcher: ['fgfr_inhibitor', 'tki'] },
  { key: 'claudin_targeted', label: t('Claudin 18.2-targeted therapy', 'Terapia dirigida contra claudina 18.2', 'Terapia anti-claudina 18.2'), drugs: ['zolbetuximab'], matcher: [] },
  { key: 'intravesical_therapy', label: t('Intravesical therapy', 'Terapia intravesical', 'Terapia endovescicale'), synonyms: ['BCG'], drugs: ['BCG (intravesical)', 'nadofaragene firadenovec', 'mitomycin'], matcher: [] },
  { key: 'cytokine', label: t('Cytokine therapy', 'Terapia con citocinas', 'Terapia con citochine'), drugs: ['aldesleukin (interleukin-2)', 'interferon alfa'], matcher: [] },
  { key: 'bispecific_t_cell_engager', label: t('Bispecific T-cell engager', 'Activador biespecífico de linfocitos T', 'Attivatore bispecifico dei linfociti T'), synonyms: ['BiTE'], drugs: ['tarlatamab', 'tebentafusp'], matcher: [] },
  { key: 'bone_targeted', label: t('Bone-targeted agent', 'Fármaco dirigido al hueso', "Farmaco per l'osso"), drugs: ['denosumab', 'zoledronic acid'], matcher: [], supportive: true },
];

/** Spanish and Italian INN spellings that differ from the English (mostly the classic chemotherapies). */
export const drugSpellings: Record<string, { es?: string; it?: string }> = {
  cisplatin: { es: 'cisplatino', it: 'cisplatino' },
  carboplatin: { es: 'carboplatino', it: 'carboplatino' },
  oxaliplatin: { es: 'oxaliplatino', it: 'oxaliplatino' },
  doxorubicin: { es: 'doxorrubicina', it: 'doxorubicina' },
  'pegylated liposomal doxorubicin': { es: 'doxorrubicina liposomal pegilada', it: 'doxorubicina liposomiale pegilata' },
  epirubicin: { es: 'epirrubicina', it: 'epirubicina' },
  fluorouracil: { es: 'fluorouracilo', it: 'fluorouracile' },
  capecitabine: { es: 'capecitabina', it: 'capecitabina' },
  'trifluridine/tipiracil': { es: 'trifluridina/tipiracilo', it: 'trifluridina/tipiracil' },
  gemcitabine: { es: 'gemcitabina', it: 'gemcitabina' },
  methotrexate: { es: 'metotrexato', it: 'metotrexato' },
  irinotecan: { es: 'irinotecán', it: 'irinotecan' },
  'liposomal irinotecan': { es: 'irinotecán liposomal', it: 'irinotecan liposomiale' },
  topotecan: { es: 'topotecán', it: 'topotecan' },
  etoposide: { es: 'etopósido', it: 'etoposide' },
  cyclophosphamide: { es: 'ciclofosfamida', it: 'ciclofosfamide' },
  ifosfamide: { es: 'ifosfamida', it: 'ifosfamide' },
  temozolomide: { es: 'temozolomida', it: 'temozolomide' },
  mitomycin: { es: 'mitomicina', it: 'mitomicina' },
  bendamustine: { es: 'bendamustina', it: 'bendamustina' },
  vinorelbine: { es: 'vinorelbina', it: 'vinorelbina' },
  vinblastine: { es: 'vinblastina', it: 'vinblastina' },
  vincristine: { es: 'vincristina', it: 'vincristina' },
  eribulin: { es: 'eribulina', it: 'eribulina' },
  ixabepilone: { es: 'ixabepilona', it: 'ixabepilone' },
  tamoxifen: { es: 'tamoxifeno', it: 'tamoxifene' },
  toremifene: { es: 'toremifeno', it: 'toremifene' },
  anastrozole: { es: 'anastrozol', it: 'anastrozolo' },
  letrozole: { es: 'letrozol', it: 'letrozolo' },
  exemestane: { es: 'exemestano', it: 'exemestane' },
  fulvestrant: { es: 'fulvestrant', it: 'fulvestrant' },
  abiraterone: { es: 'abiraterona', it: 'abiraterone' },
  enzalutamide: { es: 'enzalutamida', it: 'enzalutamide' },
  apalutamide: { es: 'apalutamida', it: 'apalutamide' },
  darolutamide: { es: 'darolutamida', it: 'darolutamide' },
  bicalutamide: { es: 'bicalutamida', it: 'bicalutamide' },
  flutamide: { es: 'flutamida', it: 'flutamide' },
  leuprorelin: { es: 'leuprorelina', it: 'leuprorelina' },
  goserelin: { es: 'goserelina', it: 'goserelin' },
  triptorelin: { es: 'triptorelina', it: 'triptorelina' },
  degarelix: { es: 'degarelix', it: 'degarelix' },
  'zoledronic acid': { es: 'ácido zoledrónico', it: 'acido zoledronico' },
  'interferon alfa': { es: 'interferón alfa', it: 'interferone alfa' },
  'radioactive iodine (131I)': { es: 'yodo radiactivo (131I)', it: 'iodio radioattivo (131I)' },
  'radium-223 dichloride': { es: 'dicloruro de radio-223', it: 'radio-223 dicloruro' },
  'BCG (intravesical)': { es: 'BCG (intravesical)', it: 'BCG (endovescicale)' },
};

/** Brand names that patients often know better than the INN (search only; the answer stays the INN). */
export const drugBrands: Record<string, string[]> = {
  osimertinib: ['Tagrisso'], pembrolizumab: ['Keytruda'], nivolumab: ['Opdivo'], atezolizumab: ['Tecentriq'], durvalumab: ['Imfinzi'],
  trastuzumab: ['Herceptin'], pertuzumab: ['Perjeta'], 'trastuzumab deruxtecan': ['Enhertu', 'T-DXd'], 'trastuzumab emtansine': ['Kadcyla', 'T-DM1'],
  palbociclib: ['Ibrance'], ribociclib: ['Kisqali'], abemaciclib: ['Verzenio', 'Verzenios'], olaparib: ['Lynparza'], bevacizumab: ['Avastin'],
  abiraterone: ['Zytiga'], enzalutamide: ['Xtandi'], sorafenib: ['Nexavar'], lenvatinib: ['Lenvima'], cabozantinib: ['Cabometyx', 'Cometriq'],
  sunitinib: ['Sutent'], capecitabine: ['Xeloda'], 'trifluridine/tipiracil': ['Lonsurf'], 'tegafur/gimeracil/oteracil': ['S-1', 'Teysuno'],
  alectinib: ['Alecensa'], lorlatinib: ['Lorbrena', 'Lorviqua'], ipilimumab: ['Yervoy'], 'sacituzumab govitecan': ['Trodelvy'],
  'enfortumab vedotin': ['Padcev'], 'lutetium (177Lu) vipivotide tetraxetan': ['Pluvicto', 'Lu-177-PSMA-617'], 'radium-223 dichloride': ['Xofigo'],
  leuprorelin: ['leuprolide', 'Lupron', 'Eligard'], 'nab-paclitaxel': ['Abraxane'], regorafenib: ['Stivarga'], irinotecan: ['Camptosar'],
};

/**
 * Regimens a clinician names instead of their drugs; the drugs come from the trial engine's REGIMENS
 * (one definition, also read in trial text). An answer becomes one prior treatment per drug.
 */
export const regimens: Array<{ key: keyof typeof REGIMENS; label: Text; /** Other names clinicians use ("ipi-nivo"). */ synonyms?: string[] }> = [
  { key: 'folfox', label: t('FOLFOX (fluorouracil, leucovorin, oxaliplatin)', 'FOLFOX (fluorouracilo, leucovorina, oxaliplatino)', 'FOLFOX (fluorouracile, leucovorina, oxaliplatino)') },
  { key: 'folfiri', label: t('FOLFIRI (fluorouracil, leucovorin, irinotecan)', 'FOLFIRI (fluorouracilo, leucovorina, irinotecán)', 'FOLFIRI (fluorouracile, leucovorina, irinotecan)') },
  { key: 'folfirinox', label: t('FOLFIRINOX', 'FOLFIRINOX', 'FOLFIRINOX') },
  { key: 'folfoxiri', label: t('FOLFOXIRI', 'FOLFOXIRI', 'FOLFOXIRI') },
  { key: 'capox', label: t('CAPOX / XELOX (capecitabine, oxaliplatin)', 'CAPOX / XELOX (capecitabina, oxaliplatino)', 'CAPOX / XELOX (capecitabina, oxaliplatino)') },
  { key: 'flot', label: t('FLOT (fluorouracil, leucovorin, oxaliplatin, docetaxel)', 'FLOT (fluorouracilo, leucovorina, oxaliplatino, docetaxel)', 'FLOT (fluorouracile, leucovorina, oxaliplatino, docetaxel)') },
  { key: 'ac-t', label: t('AC-T (doxorubicin, cyclophosphamide, then paclitaxel)', 'AC-T (doxorrubicina, ciclofosfamida y después paclitaxel)', 'AC-T (doxorubicina, ciclofosfamide, poi paclitaxel)') },
  { key: 'tchp', label: t('TCHP (docetaxel, carboplatin, trastuzumab, pertuzumab)', 'TCHP (docetaxel, carboplatino, trastuzumab, pertuzumab)', 'TCHP (docetaxel, carboplatino, trastuzumab, pertuzumab)') },
  { key: 'carboplatin-pemetrexed-pembrolizumab', label: t('Carboplatin, pemetrexed and pembrolizumab', 'Carboplatino, pemetrexed y pembrolizumab', 'Carboplatino, pemetrexed e pembrolizumab') },
  { key: 'carboplatin/paclitaxel', label: t('Carboplatin and paclitaxel', 'Carboplatino y paclitaxel', 'Carboplatino e paclitaxel') },
  { key: 'gemcitabine-cisplatin', label: t('Gemcitabine and cisplatin', 'Gemcitabina y cisplatino', 'Gemcitabina e cisplatino') },
  { key: 'nivolumab-ipilimumab', label: t('Nivolumab + ipilimumab', 'Nivolumab + ipilimumab', 'Nivolumab + ipilimumab'), synonyms: ['ipilimumab + nivolumab', 'ipi-nivo', 'nivo-ipi', 'nivo ipi', 'ipi nivo'] },
  { key: 'durvalumab-tremelimumab', label: t('Durvalumab + tremelimumab', 'Durvalumab + tremelimumab', 'Durvalumab + tremelimumab'), synonyms: ['tremelimumab + durvalumab', 'STRIDE', 'durva-treme', 'treme-durva'] },
  { key: 'atezolizumab-bevacizumab', label: t('Atezolizumab + bevacizumab', 'Atezolizumab + bevacizumab', 'Atezolizumab + bevacizumab'), synonyms: ['bevacizumab + atezolizumab', 'atezo-bev', 'atezo-beva', 'atezo/bev'] },
  { key: 'pembrolizumab-lenvatinib', label: t('Pembrolizumab + lenvatinib', 'Pembrolizumab + lenvatinib', 'Pembrolizumab + lenvatinib'), synonyms: ['lenvatinib + pembrolizumab', 'pembro-lenva', 'lenva-pembro'] },
  { key: 'pembrolizumab-axitinib', label: t('Pembrolizumab + axitinib', 'Pembrolizumab + axitinib', 'Pembrolizumab + axitinib'), synonyms: ['axitinib + pembrolizumab', 'pembro-axi', 'axi-pembro'] },
  { key: 'nivolumab-cabozantinib', label: t('Nivolumab + cabozantinib', 'Nivolumab + cabozantinib', 'Nivolumab + cabozantinib'), synonyms: ['cabozantinib + nivolumab', 'nivo-cabo', 'cabo-nivo'] },
  { key: 'enfortumab vedotin-pembrolizumab', label: t('Enfortumab vedotin + pembrolizumab', 'Enfortumab vedotina + pembrolizumab', 'Enfortumab vedotin + pembrolizumab'), synonyms: ['pembrolizumab + enfortumab vedotin', 'EV-pembro', 'EV + pembrolizumab', 'EVP'] },
  { key: 'dabrafenib-trametinib', label: t('Dabrafenib + trametinib', 'Dabrafenib + trametinib', 'Dabrafenib + trametinib'), synonyms: ['trametinib + dabrafenib', 'dabra-trame', 'dab-tram'] },
  { key: 'encorafenib-cetuximab', label: t('Encorafenib + cetuximab', 'Encorafenib + cetuximab', 'Encorafenib + cetuximab'), synonyms: ['cetuximab + encorafenib', 'enco-cetux'] },
  { key: 'trastuzumab-pertuzumab', label: t('Trastuzumab + pertuzumab', 'Trastuzumab + pertuzumab', 'Trastuzumab + pertuzumab'), synonyms: ['pertuzumab + trastuzumab', 'dual HER2 blockade', 'Phesgo'] },
  { key: 'carboplatin-etoposide', label: t('Carboplatin + etoposide', 'Carboplatino + etopósido', 'Carboplatino + etoposide'), synonyms: ['etoposide + carboplatin', 'carbo-etoposide', 'carbo-VP16'] },
  { key: 'gemcitabine-nab-paclitaxel', label: t('Gemcitabine + nab-paclitaxel', 'Gemcitabina + nab-paclitaxel', 'Gemcitabina + nab-paclitaxel'), synonyms: ['nab-paclitaxel + gemcitabine', 'gem-nab', 'gem/nab-P'] },
];

/** A comorbidity condition as compiled trial criteria name it. */
export type { ComorbidityCondition } from '@oncodesk/shared/contracts';
import type { ComorbidityCondition } from '@oncodesk/shared/contracts';

export interface Comorbidity {
  key: string;
  label: Text;
  synonyms?: string[];
  /** What the answer means for the matcher: the criterion conditions it meets (heart failure is "cardiac"). */
  matcher: ComorbidityCondition[];
}

export const comorbidities: Comorbidity[] = [
  { key: 'hiv', label: t('HIV infection', 'Infección por VIH', 'Infezione da HIV'), synonyms: ['AIDS', 'SIDA'], matcher: ['hiv'] },
  { key: 'hepatitis_b', label: t('Hepatitis B (chronic or past)', 'Hepatitis B (crónica o pasada)', 'Epatite B (cronica o pregressa)'), synonyms: ['HBV'], matcher: ['hepatitis_b'] },
  { key: 'hepatitis_c', label: t('Hepatitis C', 'Hepatitis C', 'Epatite C'), synonyms: ['HCV'], matcher: ['hepatitis_c'] },
  { key: 'liver_cirrhosis', label: t('Liver cirrhosis', 'Cirrosis hepática', 'Cirrosi epatica'), matcher: ['liver_disease', 'cirrhosis'] },
  { key: 'autoimmune', label: t('Autoimmune disease (e.g. lupus, rheumatoid arthritis, psoriasis)', 'Enfermedad autoinmune (p. ej., lupus, artritis reumatoide, psoriasis)', 'Malattia autoimmune (ad es. lupus, artrite reumatoide, psoriasi)'), synonyms: ['lupus', 'rheumatoid', 'psoriasis'], matcher: ['autoimmune'] },
  { key: 'inflammatory_bowel_disease', label: t("Inflammatory bowel disease (Crohn's, ulcerative colitis)", 'Enfermedad inflamatoria intestinal (Crohn, colitis ulcerosa)', 'Malattia infiammatoria intestinale (Crohn, colite ulcerosa)'), synonyms: ['Crohn', 'colitis', 'IBD'], matcher: ['autoimmune', 'gastrointestinal'] },
  { key: 'interstitial_lung_disease', label: t('Interstitial lung disease or pneumonitis', 'Enfermedad pulmonar intersticial o neumonitis', 'Interstiziopatia polmonare o polmonite'), synonyms: ['ILD', 'pulmonary fibrosis'], matcher: ['interstitial_lung_disease'] },
  { key: 'copd', label: t('COPD / chronic lung disease', 'EPOC / enfermedad pulmonar crónica', 'BPCO / malattia polmonare cronica'), synonyms: ['emphysema', 'EPOC', 'BPCO'], matcher: ['pulmonary'] },
  { key: 'heart_failure', label: t('Heart failure', 'Insuficiencia cardíaca', 'Scompenso cardiaco'), synonyms: ['cardiac', 'heart', 'corazón', 'cuore'], matcher: ['cardiac'] },
  { key: 'coronary_artery_disease', label: t('Heart attack or coronary artery disease', 'Infarto o enfermedad coronaria', 'Infarto o cardiopatia ischemica'), synonyms: ['myocardial infarction', 'angina', 'cardiac', 'heart', 'corazón', 'cuore'], matcher: ['cardiac'] },
  { key: 'arrhythmia', label: t('Heart rhythm disorder (e.g. atrial fibrillation, long QT)', 'Trastorno del ritmo cardíaco (p. ej., fibrilación auricular, QT largo)', 'Disturbo del ritmo cardiaco (ad es. fibrillazione atriale, QT lungo)'), synonyms: ['QT', 'atrial fibrillation', 'cardiac'], matcher: ['cardiac'] },
  { key: 'uncontrolled_hypertension', label: t('High blood pressure that is hard to control', 'Hipertensión arterial difícil de controlar', 'Ipertensione arteriosa difficile da controllare'), synonyms: ['hypertension'], matcher: ['hypertension'] },
  { key: 'stroke', label: t('Stroke or transient ischaemic attack', 'Ictus o accidente isquémico transitorio', 'Ictus o attacco ischemico transitorio'), synonyms: ['TIA'], matcher: ['cerebrovascular'] },
  { key: 'thromboembolism', label: t('Blood clots (deep vein thrombosis, pulmonary embolism)', 'Coágulos de sangre (trombosis venosa profunda, embolia pulmonar)', 'Coaguli di sangue (trombosi venosa profonda, embolia polmonare)'), synonyms: ['DVT', 'TVP', 'thrombosis'], matcher: ['thromboembolism'] },
  { key: 'bleeding_disorder', label: t('Bleeding disorder or anticoagulant treatment', 'Trastorno hemorrágico o tratamiento anticoagulante', 'Disturbo emorragico o terapia anticoagulante'), synonyms: ['anticoagulant'], matcher: ['bleeding'] },
  { key: 'diabetes', label: t('Diabetes', 'Diabetes', 'Diabete'), matcher: ['diabetes'] },
  { key: 'chronic_kidney_disease', label: t('Chronic kidney disease', 'Enfermedad renal crónica', 'Malattia renale cronica'), synonyms: ['renal insufficiency', 'dialysis'], matcher: ['renal'] },
  { key: 'organ_transplant', label: t('Organ or bone marrow transplant', 'Trasplante de órgano o de médula ósea', "Trapianto d'organo o di midollo osseo"), matcher: ['organ_transplant'] },
  { key: 'other_malignancy', label: t('Another cancer in the last 5 years', 'Otro cáncer en los últimos 5 años', 'Un altro tumore negli ultimi 5 anni'), synonyms: ['second cancer'], matcher: ['other_malignancy'] },
  { key: 'active_infection', label: t('Active infection needing treatment (e.g. tuberculosis)', 'Infección activa que requiere tratamiento (p. ej., tuberculosis)', 'Infezione attiva che richiede trattamento (ad es. tubercolosi)'), synonyms: ['tuberculosis', 'TB'], matcher: ['infection'] },
  { key: 'peripheral_neuropathy', label: t('Nerve damage (peripheral neuropathy)', 'Daño de los nervios (neuropatía periférica)', 'Danno ai nervi (neuropatia periferica)'), matcher: ['peripheral_neuropathy'] },
  { key: 'seizures', label: t('Epilepsy or seizures', 'Epilepsia o convulsiones', 'Epilessia o convulsioni'), matcher: ['seizure'] },
  { key: 'psychiatric_disorder', label: t('Serious psychiatric illness', 'Enfermedad psiquiátrica grave', 'Malattia psichiatrica grave'), matcher: ['psychiatric'] },
  { key: 'steroid_treatment', label: t('Long-term steroid or immunosuppressive treatment', 'Tratamiento prolongado con corticoides o inmunosupresores', 'Terapia prolungata con cortisonici o immunosoppressori'), synonyms: ['corticosteroids', 'immunosuppression'], matcher: ['immunosuppression'] },
  { key: 'hearing_loss', label: t('Hearing loss', 'Pérdida de audición', "Perdita dell'udito"), matcher: ['hearing_loss'] },
];

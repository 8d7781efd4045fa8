import type { MessageLanguage } from './criterionMessages';

/**
 * The drug classes of the trial matcher's vocabulary (server/src/trials/vocab/drugs.ts takes its keys and
 * English labels from here), each named once in en, es and it: the one definition a criterion's "prior
 * EGFR tyrosine kinase inhibitor" and a guideline option's "received erlotinib (EGFR tyrosine kinase
 * inhibitor)" are shown from, in the reader's language. Drug names themselves stay as INN. The Spanish and
 * Italian names are the usual terms of each language's oncology labels (AEMPS / AIFA summaries of product
 * characteristics).
 */
export const DRUG_CLASS_NAMES = {
  egfr_tki: { en: 'EGFR tyrosine kinase inhibitor', es: 'inhibidor de la tirosina cinasa de EGFR', it: 'inibitore tirosin-chinasico di EGFR' },
  // generations where trials tell them apart ("Previous treatment with osimertinib, or a 3rd generation EGFR TKI")
  egfr_tki_1g: { en: 'first-generation EGFR TKI', es: 'ITC de EGFR de primera generación', it: 'TKI di EGFR di prima generazione' },
  egfr_tki_2g: { en: 'second-generation EGFR TKI', es: 'ITC de EGFR de segunda generación', it: 'TKI di EGFR di seconda generazione' },
  egfr_tki_3g: { en: 'third-generation EGFR TKI', es: 'ITC de EGFR de tercera generación', it: 'TKI di EGFR di terza generazione' },
  alk_inhibitor: { en: 'ALK inhibitor', es: 'inhibidor de ALK', it: 'inibitore di ALK' },
  alk_inhibitor_1g: { en: 'first-generation ALK inhibitor', es: 'inhibidor de ALK de primera generación', it: 'inibitore di ALK di prima generazione' },
  alk_inhibitor_2g: { en: 'second-generation ALK inhibitor', es: 'inhibidor de ALK de segunda generación', it: 'inibitore di ALK di seconda generazione' },
  alk_inhibitor_3g: { en: 'third-generation ALK inhibitor', es: 'inhibidor de ALK de tercera generación', it: 'inibitore di ALK di terza generazione' },
  ros1_inhibitor: { en: 'ROS1 inhibitor', es: 'inhibidor de ROS1', it: 'inibitore di ROS1' },
  braf_inhibitor: { en: 'BRAF inhibitor', es: 'inhibidor de BRAF', it: 'inibitore di BRAF' },
  mek_inhibitor: { en: 'MEK inhibitor', es: 'inhibidor de MEK', it: 'inibitore di MEK' },
  kras_g12c_inhibitor: { en: 'KRAS G12C inhibitor', es: 'inhibidor de KRAS G12C', it: 'inibitore di KRAS G12C' },
  met_inhibitor: { en: 'MET inhibitor', es: 'inhibidor de MET', it: 'inibitore di MET' },
  ret_inhibitor: { en: 'RET inhibitor', es: 'inhibidor de RET', it: 'inibitore di RET' },
  trk_inhibitor: { en: 'TRK inhibitor', es: 'inhibidor de TRK', it: 'inibitore di TRK' },
  her2_targeted: { en: 'HER2-targeted therapy', es: 'tratamiento dirigido contra HER2', it: 'terapia anti-HER2' },
  anti_egfr_antibody: { en: 'anti-EGFR antibody', es: 'anticuerpo anti-EGFR', it: 'anticorpo anti-EGFR' },
  anti_pd1_pdl1: { en: 'anti-PD-1/PD-L1 antibody', es: 'anticuerpo anti-PD-1/PD-L1', it: 'anticorpo anti-PD-1/PD-L1' },
  anti_ctla4: { en: 'anti-CTLA-4 antibody', es: 'anticuerpo anti-CTLA-4', it: 'anticorpo anti-CTLA-4' },
  immunotherapy: { en: 'immune checkpoint inhibitor', es: 'inhibidor de puntos de control inmunitario', it: 'inibitore del checkpoint immunitario' },
  platinum: { en: 'platinum chemotherapy', es: 'quimioterapia con platino', it: 'chemioterapia a base di platino' },
  taxane: { en: 'taxane', es: 'taxano', it: 'taxano' },
  anthracycline: { en: 'anthracycline', es: 'antraciclina', it: 'antraciclina' },
  fluoropyrimidine: { en: 'fluoropyrimidine', es: 'fluoropirimidina', it: 'fluoropirimidina' },
  antimetabolite: { en: 'antimetabolite', es: 'antimetabolito', it: 'antimetabolita' },
  alkylating: { en: 'alkylating agent', es: 'agente alquilante', it: 'agente alchilante' },
  topoisomerase_inhibitor: { en: 'topoisomerase inhibitor', es: 'inhibidor de la topoisomerasa', it: 'inibitore della topoisomerasi' },
  vinca: { en: 'vinca alkaloid', es: 'alcaloide de la vinca', it: 'alcaloide della vinca' },
  chemotherapy: { en: 'chemotherapy', es: 'quimioterapia', it: 'chemioterapia' },
  parp_inhibitor: { en: 'PARP inhibitor', es: 'inhibidor de PARP', it: 'inibitore di PARP' },
  cdk46_inhibitor: { en: 'CDK4/6 inhibitor', es: 'inhibidor de CDK4/6', it: 'inibitore di CDK4/6' },
  pi3k_inhibitor: { en: 'PI3K inhibitor', es: 'inhibidor de PI3K', it: 'inibitore di PI3K' },
  mtor_inhibitor: { en: 'mTOR inhibitor', es: 'inhibidor de mTOR', it: 'inibitore di mTOR' },
  vegf_inhibitor: { en: 'anti-angiogenic (VEGF/VEGFR) therapy', es: 'tratamiento antiangiogénico (VEGF/VEGFR)', it: 'terapia antiangiogenica (VEGF/VEGFR)' },
  multikinase_inhibitor: { en: 'multi-kinase inhibitor', es: 'inhibidor multicinasa', it: 'inibitore multichinasico' },
  aromatase_inhibitor: { en: 'aromatase inhibitor', es: 'inhibidor de la aromatasa', it: "inibitore dell'aromatasi" },
  endocrine: { en: 'endocrine therapy', es: 'hormonoterapia', it: 'terapia endocrina' },
  antiandrogen: { en: 'androgen receptor inhibitor', es: 'inhibidor del receptor androgénico', it: 'inibitore del recettore degli androgeni' },
  adt: { en: 'androgen deprivation therapy', es: 'terapia de privación androgénica', it: 'terapia di deprivazione androgenica' },
  bcr_abl_tki: { en: 'BCR-ABL tyrosine kinase inhibitor', es: 'inhibidor de la tirosina cinasa BCR-ABL', it: 'inibitore tirosin-chinasico di BCR-ABL' },
  kit_inhibitor: { en: 'KIT inhibitor', es: 'inhibidor de KIT', it: 'inibitore di KIT' },
  flt3_inhibitor: { en: 'FLT3 inhibitor', es: 'inhibidor de FLT3', it: 'inibitore di FLT3' },
  idh_inhibitor: { en: 'IDH inhibitor', es: 'inhibidor de IDH', it: 'inibitore di IDH' },
  akt_inhibitor: { en: 'AKT inhibitor', es: 'inhibidor de AKT', it: 'inibitore di AKT' },
  mdm2_inhibitor: { en: 'MDM2 inhibitor', es: 'inhibidor de MDM2', it: 'inibitore di MDM2' },
  erbb3_targeted: { en: 'HER3-targeted therapy', es: 'tratamiento dirigido contra HER3', it: 'terapia anti-HER3' },
  fgfr_inhibitor: { en: 'FGFR inhibitor', es: 'inhibidor de FGFR', it: 'inibitore di FGFR' },
  hypomethylating: { en: 'hypomethylating agent', es: 'agente hipometilante', it: 'agente ipometilante' },
  proteasome_inhibitor: { en: 'proteasome inhibitor', es: 'inhibidor del proteasoma', it: 'inibitore del proteasoma' },
  imid: { en: 'immunomodulatory drug', es: 'fármaco inmunomodulador', it: 'farmaco immunomodulante' },
  anti_cd38: { en: 'anti-CD38 antibody', es: 'anticuerpo anti-CD38', it: 'anticorpo anti-CD38' },
  bcl2_inhibitor: { en: 'BCL-2 inhibitor', es: 'inhibidor de BCL-2', it: 'inibitore di BCL-2' },
  adc: { en: 'antibody-drug conjugate', es: 'conjugado anticuerpo-fármaco', it: 'anticorpo farmaco-coniugato' },
  tki: { en: 'tyrosine kinase inhibitor', es: 'inhibidor de la tirosina cinasa', it: 'inibitore tirosin-chinasico' },
} satisfies Record<string, Record<MessageLanguage, string>>;

/** A drug-class key of the vocabulary. */
export type DrugClassName = keyof typeof DRUG_CLASS_NAMES;

/** A class's name in a language, or undefined for a key the vocabulary does not have. */
export function drugClassName(key: string, lang: MessageLanguage): string | undefined {
  return (DRUG_CLASS_NAMES as Record<string, Record<MessageLanguage, string>>)[key]?.[lang];
}

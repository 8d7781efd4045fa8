import type { MessageLanguage } from './criterionMessages';

/**
 * Spanish and Italian names of the OncoTree diagnoses a folder's focus areas most often hold, as the
 * interface shows them (a criterion's "patient: diagnosis LUAD (…)", the match graph). OncoTree publishes
 * English names only; these are the standard oncology terms of each language. A code not listed here
 * keeps its English OncoTree name: better an English name than an invented one.
 */
const NAMES: Record<string, { es: string; it: string }> = {
  // the focus areas' tissue nodes, named as the cancer of the organ (OncoTree names the organ: "Prostate")
  BREAST: { es: 'Cáncer de mama', it: 'Tumore della mammella' },
  LUNG: { es: 'Cáncer de pulmón', it: 'Tumore del polmone' },
  PROSTATE: { es: 'Cáncer de próstata', it: 'Tumore della prostata' },
  STOMACH: { es: 'Cáncer de esófago y estómago', it: "Tumore dell'esofago e dello stomaco" },
  LIVER: { es: 'Cáncer de hígado', it: 'Tumore del fegato' },
  THYROID: { es: 'Cáncer de tiroides', it: 'Tumore della tiroide' },
  CERVIX: { es: 'Cáncer de cuello uterino', it: 'Tumore della cervice uterina' },
  BLADDER: { es: 'Cáncer de vejiga y vías urinarias', it: 'Tumore della vescica e delle vie urinarie' },
  KIDNEY: { es: 'Cáncer de riñón', it: 'Tumore del rene' },
  BOWEL: { es: 'Cáncer de intestino', it: "Tumore dell'intestino" },
  MDLC: { es: 'Carcinoma mixto ductal y lobulillar de mama', it: 'Carcinoma misto duttale e lobulare della mammella' },
  MBC: { es: 'Carcinoma metaplásico de mama', it: 'Carcinoma metaplastico della mammella' },
  DCIS: { es: 'Carcinoma ductal in situ de mama', it: 'Carcinoma duttale in situ della mammella' },
  LUNE: { es: 'Carcinoma neuroendocrino de células grandes de pulmón', it: 'Carcinoma neuroendocrino a grandi cellule del polmone' },
  LCLC: { es: 'Carcinoma de células grandes de pulmón', it: 'Carcinoma polmonare a grandi cellule' },
  LUAS: { es: 'Carcinoma adenoescamoso de pulmón', it: 'Carcinoma adenosquamoso del polmone' },
  LUCA: { es: 'Tumor carcinoide de pulmón', it: 'Carcinoide polmonare' },
  LNET: { es: 'Tumor neuroendocrino de pulmón', it: 'Tumore neuroendocrino del polmone' },
  SARCL: { es: 'Carcinoma sarcomatoide de pulmón', it: 'Carcinoma sarcomatoide del polmone' },
  PRSCC: { es: 'Carcinoma de células pequeñas de próstata', it: 'Carcinoma a piccole cellule della prostata' },
  PRNE: { es: 'Carcinoma neuroendocrino de próstata', it: 'Carcinoma neuroendocrino della prostata' },
  GEJ: { es: 'Adenocarcinoma de la unión gastroesofágica', it: 'Adenocarcinoma della giunzione gastroesofagea' },
  DSTAD: { es: 'Adenocarcinoma gástrico de tipo difuso', it: 'Adenocarcinoma gastrico di tipo diffuso' },
  ISTAD: { es: 'Adenocarcinoma gástrico de tipo intestinal', it: 'Adenocarcinoma gastrico di tipo intestinale' },
  SSRCC: { es: 'Carcinoma gástrico de células en anillo de sello', it: 'Carcinoma gastrico a cellule ad anello con castone' },
  ESCA: { es: 'Adenocarcinoma de esófago', it: 'Adenocarcinoma esofageo' },
  ESCC: { es: 'Carcinoma escamoso de esófago', it: "Carcinoma squamoso dell'esofago" },
  FLC: { es: 'Carcinoma hepatocelular fibrolamelar', it: 'Carcinoma epatocellulare fibrolamellare' },
  HCCIHCH: { es: 'Hepatocolangiocarcinoma combinado', it: 'Epatocolangiocarcinoma combinato' },
  LIHB: { es: 'Hepatoblastoma', it: 'Epatoblastoma' },
  CHOL: { es: 'Colangiocarcinoma', it: 'Colangiocarcinoma' },
  WDTC: { es: 'Carcinoma diferenciado de tiroides', it: 'Carcinoma differenziato della tiroide' },
  THHC: { es: 'Carcinoma de células de Hürthle de tiroides', it: 'Carcinoma a cellule di Hürthle della tiroide' },
  THPD: { es: 'Carcinoma de tiroides poco diferenciado', it: 'Carcinoma scarsamente differenziato della tiroide' },
  CEAD: { es: 'Adenocarcinoma de cuello uterino', it: 'Adenocarcinoma della cervice uterina' },
  CEAS: { es: 'Carcinoma adenoescamoso de cuello uterino', it: 'Carcinoma adenosquamoso della cervice uterina' },
  SCCE: { es: 'Carcinoma de células pequeñas de cuello uterino', it: 'Carcinoma a piccole cellule della cervice uterina' },
  UTUC: { es: 'Carcinoma urotelial del tracto urinario superior', it: 'Carcinoma uroteliale delle alte vie urinarie' },
  BLSC: { es: 'Carcinoma escamoso de vejiga', it: 'Carcinoma squamoso della vescica' },
  BLAD: { es: 'Adenocarcinoma de vejiga', it: 'Adenocarcinoma della vescica' },
  SCBC: { es: 'Carcinoma de células pequeñas de vejiga', it: 'Carcinoma a piccole cellule della vescica' },
  NCCRCC: { es: 'Carcinoma renal de células no claras', it: 'Carcinoma renale non a cellule chiare' },
  CHRCC: { es: 'Carcinoma renal cromófobo', it: 'Carcinoma renale cromofobo' },
  WT: { es: 'Tumor de Wilms', it: 'Tumore di Wilms' },
  MACR: { es: 'Adenocarcinoma mucinoso colorrectal', it: 'Adenocarcinoma mucinoso del colon-retto' },
  SRCCR: { es: 'Adenocarcinoma colorrectal de células en anillo de sello', it: 'Adenocarcinoma del colon-retto a cellule ad anello con castone' },
  BRCA: { es: 'Carcinoma de mama invasivo', it: 'Carcinoma mammario invasivo' },
  IDC: { es: 'Carcinoma ductal infiltrante de mama', it: 'Carcinoma duttale infiltrante della mammella' },
  ILC: { es: 'Carcinoma lobulillar infiltrante de mama', it: 'Carcinoma lobulare infiltrante della mammella' },
  NSCLC: { es: 'Cáncer de pulmón no microcítico', it: 'Carcinoma polmonare non a piccole cellule' },
  LUAD: { es: 'Adenocarcinoma de pulmón', it: 'Adenocarcinoma polmonare' },
  LUSC: { es: 'Carcinoma escamoso de pulmón', it: 'Carcinoma squamoso polmonare' },
  SCLC: { es: 'Cáncer de pulmón microcítico', it: 'Carcinoma polmonare a piccole cellule' },
  PRAD: { es: 'Adenocarcinoma de próstata', it: 'Adenocarcinoma prostatico' },
  STAD: { es: 'Adenocarcinoma gástrico', it: 'Adenocarcinoma gastrico' },
  EGC: { es: 'Adenocarcinoma esofagogástrico', it: 'Adenocarcinoma esofagogastrico' },
  HCC: { es: 'Carcinoma hepatocelular', it: 'Carcinoma epatocellulare' },
  IHCH: { es: 'Colangiocarcinoma intrahepático', it: 'Colangiocarcinoma intraepatico' },
  THPA: { es: 'Carcinoma papilar de tiroides', it: 'Carcinoma papillare della tiroide' },
  THFO: { es: 'Carcinoma folicular de tiroides', it: 'Carcinoma follicolare della tiroide' },
  THME: { es: 'Carcinoma medular de tiroides', it: 'Carcinoma midollare della tiroide' },
  THAP: { es: 'Carcinoma anaplásico de tiroides', it: 'Carcinoma anaplastico della tiroide' },
  CESC: { es: 'Carcinoma escamoso de cuello uterino', it: 'Carcinoma squamoso della cervice uterina' },
  ECAD: { es: 'Adenocarcinoma endocervical', it: 'Adenocarcinoma endocervicale' },
  BLCA: { es: 'Carcinoma urotelial de vejiga', it: 'Carcinoma uroteliale della vescica' },
  RCC: { es: 'Carcinoma de células renales', it: 'Carcinoma a cellule renali' },
  CCRCC: { es: 'Carcinoma renal de células claras', it: 'Carcinoma renale a cellule chiare' },
  PRCC: { es: 'Carcinoma papilar de células renales', it: 'Carcinoma renale papillare' },
  COADREAD: { es: 'Adenocarcinoma colorrectal', it: 'Adenocarcinoma del colon-retto' },
  COAD: { es: 'Adenocarcinoma de colon', it: 'Adenocarcinoma del colon' },
  READ: { es: 'Adenocarcinoma de recto', it: 'Adenocarcinoma del retto' },
};

/**
 * Each focus area's tissue node and its common subtypes: the diagnoses the interface must name in every language
 * (a test fails when one of these lacks its Spanish or Italian name).
 */
export const FOCUS_AREA_DIAGNOSES = {
  breast: ['BREAST', 'BRCA', 'IDC', 'ILC', 'MDLC', 'MBC', 'DCIS'],
  lung: ['LUNG', 'NSCLC', 'LUAD', 'LUSC', 'SCLC', 'LUNE', 'LCLC', 'LUAS', 'LUCA', 'LNET', 'SARCL'],
  prostate: ['PROSTATE', 'PRAD', 'PRSCC', 'PRNE'],
  stomach: ['STOMACH', 'EGC', 'STAD', 'GEJ', 'DSTAD', 'ISTAD', 'SSRCC', 'ESCA', 'ESCC'],
  liver: ['LIVER', 'HCC', 'FLC', 'HCCIHCH', 'LIHB', 'IHCH', 'CHOL'],
  thyroid: ['THYROID', 'WDTC', 'THPA', 'THFO', 'THHC', 'THME', 'THAP', 'THPD'],
  cervix_uteri: ['CERVIX', 'CESC', 'CEAD', 'ECAD', 'CEAS', 'SCCE'],
  bladder: ['BLADDER', 'BLCA', 'UTUC', 'BLSC', 'BLAD', 'SCBC'],
  kidney: ['KIDNEY', 'RCC', 'CCRCC', 'PRCC', 'NCCRCC', 'CHRCC', 'WT'],
  colon: ['BOWEL', 'COADREAD', 'COAD', 'READ', 'MACR', 'SRCCR'],
} as const;

/** Whether a diagnosis has its own Spanish and Italian names (not the English fallback). */
export const hasTranslatedDiseaseName = (code: string) => Boolean(NAMES[code.toUpperCase()]?.es && NAMES[code.toUpperCase()]?.it);

/** The diagnosis's name in the interface language when known; else the English name given (or undefined). */
export function diseaseName(code: string, lang: MessageLanguage, english?: string): string | undefined {
  return lang === 'en' ? english : (NAMES[code.toUpperCase()]?.[lang] ?? english);
}

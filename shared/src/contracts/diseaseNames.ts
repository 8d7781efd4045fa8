import type { MessageLanguage } from './criterionMessages';

/**
 * Spanish and Italian names of the OncoTree diagnoses a folder's focus areas most often hold, as the
 * interface shows them (a criterion's "patient: diagnosis LUAD (…)", the match graph). OncoTree publishes
 * English names only; these are the standard oncology terms of each language. A code not listed here
 * keeps its English OncoTree name: better an English name than an invented one.
 */
const NAMES: Record<string, { es: string; it: string }> = {
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

/** The diagnosis's name in the interface language when known; else the English name given (or undefined). */
export function diseaseName(code: string, lang: MessageLanguage, english?: string): string | undefined {
  return lang === 'en' ? english : (NAMES[code.toUpperCase()]?.[lang] ?? english);
}

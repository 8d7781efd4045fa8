/**
 * The clinical language reader's lexicon: oncology shorthand and its Spanish and Italian equivalents, as data.
 * Each table maps written forms (regular-expression sources, matched case-insensitively on word boundaries
 * unless said otherwise) to the concept they stand for; the grammar (patientReader.ts) decides where a term
 * applies. Gene, drug and disease names themselves come from the project's vocabularies (src/vocab); this
 * file holds what those do not: abbreviations, the three languages' words around them, and drug-name
 * morphology of es/it.
 */
import type { FocusArea } from '@oncodesk/shared/contracts';

/** A disease written the short way, or in es/it: OncoTree code, plus what the abbreviation itself says. */
export interface DiseaseTerm {
  re: string;
  code: string;
  /** The abbreviation states the setting ("mBC": metastatic) or the castration status ("CRPC"). */
  metastatic?: boolean;
  castration?: 'sensitive' | 'resistant';
  /** "TNBC", "triple negative": ER, PR and HER2 negative. */
  tripleNegative?: boolean;
  /** Case-sensitive (short upper-case abbreviations that are also words). */
  exact?: boolean;
  /** Read only in a line about the kidney ("CCRm" is colorectal elsewhere). */
  kidneyContext?: boolean;
}

const DE = String.raw`(?:de(?:l|\s+la)?|della|del|dello|di)`;
/** Most specific first: the first term that covers a span wins it. */
export const DISEASE_TERMS: DiseaseTerm[] = [
  // subtypes named whole, before the shorter terms inside them ("FH-deficient RCC" is not any RCC)
  {
    re: String.raw`\bmixed\s+ductal(?:\s+and\s+|\s*[-/]\s*)lobular\s+carcinoma|carcinoma\s+(?:mixto\s+)?ductal(?:\s+y\s+|\s*[-/]\s*)lobulillar|carcinoma\s+(?:misto\s+)?duttale(?:\s+e\s+|\s*[-/]\s*)lobulare`,
    code: 'MDLC',
  },
  {
    re: String.raw`\bFH[- ](?:deficient|deficiente|carente)\s+(?:RCC|renal\s+cell\s+(?:carcinoma|cancer)|carcinoma\s+renal[e]?)|\bHLRCC\b|hereditary\s+leiomyomatosis\s+and\s+renal\s+cell\s+(?:cancer|carcinoma)`,
    code: 'FHRCC',
  },
  {
    re: String.raw`\bPDTC\b|\bpoorly\s+differentiated\s+thyroid\s+(?:ca|cancer|carcinoma)\b|carcinoma\s+(?:tiroideo\s+)?(?:poco|pobremente|scarsamente)\s+differen[cz]iad?t?o\s+(?:${DE}\s+)?(?:la\s+)?tiroides?|(?:carcinoma|\bca\.?|cancro)\s+(?:(?:${DE}\s+)?(?:la\s+)?tiroides?|tiroideo)\s+(?:poco|pobremente|scarsamente)\s+differen[cz]iad?t?o`,
    code: 'THPD',
  },
  // FH-deficient renal carcinoma spelled out ("carcinoma renal con déficit de fumarato hidratasa")
  {
    re: String.raw`carcinoma\s+renal[e]?\s+(?:con\s+)?(?:d[eé]ficit|deficit|carenza)\s+(?:de\s+|di\s+)?(?:fumarato[- ]hidratasa|fumarato[- ]idratasi|FH)\b|fumarate[- ]hydratase[- ]deficient\s+(?:RCC|renal\s+cell\s+(?:carcinoma|cancer))`,
    code: 'FHRCC',
  },
  // the clear-cell papillary tumour of the kidney is its own non-clear-cell type (not a clear-cell carcinoma)
  {
    re: String.raw`(?:tumou?r[e]?|carcinoma|neoplasia)\s+(?:renal[e]?\s+)?papil(?:ar|lare|lary)\s+(?:de\s+c[eé]lulas\s+claras|a\s+cellule\s+chiare)|\bclear[- ]cell\s+papillary\s+(?:renal\s+(?:cell\s+)?)?(?:carcinoma|tumou?r|neoplasm|RCC)`,
    code: 'CCPRC',
  },
  // a neuroendocrine carcinoma is high grade by definition: of the stomach, of the colon or rectum
  {
    re: String.raw`(?:(?:high[- ]grade\s+)?neuroendocrine\s+carcinoma|\bNEC\b|carcinoma\s+neuroendocrino)\s+(?:[\wÀ-ú()-]+\s+){0,6}?(?:della|dello|del|de(?:l)?|of\s+the|of)\s+(?:stomaco|est[oó]mago|stomach)\b|\bgastric\s+(?:high[- ]grade\s+)?(?:neuroendocrine\s+carcinoma|NEC)\b`,
    code: 'HGNES',
  },
  {
    re: String.raw`(?:(?:high[- ]grade\s+)?neuroendocrine\s+carcinoma|\bNEC\b|carcinoma\s+neuroendocrino)\s+(?:[\wÀ-ú()-]+\s+){0,6}?(?:della|dello|del|de(?:l)?|of\s+the|of)\s+(?:(?:sigmoid|ascending|descending|transverse|right|left)\s+)?(?:colon|cieco|ciego|caecum|cecum|sigma|recto|retto|rectum)\b`,
    code: 'HGNEC',
  },
  // a carcinoma of the stump left by an earlier gastrectomy
  {
    re: String.raw`(?:adeno)?carcinoma\s+(?:${DE}\s+)?(?:moncone\s+gastrico|mu[nñ][oó]n\s+g[aá]strico)|\b(?:gastric\s+(?:remnant|stump)|remnant\s+stomach)\s+(?:adeno)?carcinoma|(?:adeno)?carcinoma\s+(?:of|in)\s+the\s+(?:gastric\s+(?:remnant|stump)|remnant\s+stomach)`,
    code: 'GRC',
  },
  // medullary carcinoma of the colon
  {
    re: String.raw`(?:medullary\s+carcinoma|carcinoma\s+(?:medular|midollare))\s+(?:${DE}|of\s+the)\s+(?:(?:sigmoid|ascending|descending|transverse|right|left)\s+)?(?:colon|caecum|cecum|ciego|cieco)\b`,
    code: 'CMC',
  },
  // adenosquamous carcinoma of the lung (its lobe)
  {
    re: String.raw`adeno-?squamous\s+(?:cell\s+)?carcinoma\s+(?:of\s+the\s+)?(?:(?:(?:right|left)\s+)?(?:upper|middle|lower)\s+lobe|[RL][UML]L\b|lung)|carcinoma\s+(?:adeno-?escamoso|adeno-?squamoso)\s+(?:${DE}\s+)?(?:(?:l\s+)?pulm[oó]n|polmone|pulmonar|polmonare)`,
    code: 'LUAS',
  },
  // adenocarcinoma of the bladder (not the urachus: that is its own entry)
  {
    re: String.raw`(?:adenocarcinoma|\badenoca\.?)\s+(?:vesical[e]?|${DE}\s+(?:vejiga|vescica)|of\s+the\s+(?:urinary\s+)?bladder)(?!\s+(?:de\s+origen\s+)?uracal)|\bbladder\s+adenocarcinoma`,
    code: 'BLAD',
  },
  // an oncocytic neoplasm of the kidney (oncocytoma or chromophobe carcinoma not yet told apart) is a non-clear-cell one
  {
    re: String.raw`\boncocytic\s+(?:renal\s+)?(?:neoplasm|tumou?r|neoplasia)\b|\b(?:neoplasia|tumor|tumore)\s+(?:renal[e]?\s+)?oncoc[ií]tic[oa]\b`,
    code: 'NCCRCC',
    kidneyContext: true,
  },
  // the hybrid oncocytic/chromophobe tumour of the kidney is classed with the chromophobe carcinoma
  {
    re: String.raw`(?:tumou?r[e]?|carcinoma|neoplasia)\s+(?:renal[e]?\s+)?(?:ibrido|h[ií]brido|hybrid)\s+(?:oncoc[ií]tic[oa]|oncocytic)\s*[/-]\s*(?:crom[oó]fob[oa]|chromophobe)|\bhybrid\s+oncocytic\s*[/-]\s*chromophobe\s+(?:tumou?r|carcinoma)`,
    code: 'CHRCC',
  },
  // lung: pleomorphic carcinoma, an adenocarcinoma named by its growth pattern, a carcinoid, a primary "of pulmonary origin"
  {
    re: String.raw`\bpleomorphic\s+carcinoma\s+(?:of\s+the\s+)?(?:(?:(?:right|left)\s+)?(?:upper|middle|lower)\s+lobe|[RL][UML]L|lung)\b|carcinoma\s+(?:pleom[oó]rfico|pleomorfo)\s+(?:(?:de(?:l)?\s+)?pulm[oó]n|del\s+polmone|polmonare|pulmonar)`,
    code: 'LUPC',
  },
  {
    re: String.raw`adenocarcinoma\s+(?:invasiv[oe]\s+)?(?:(?:de\s+|con\s+)?patr[oó]n\s+predominante|(?:a|con)\s+(?:pattern\s+)?predominan(?:za|te)|with\s+(?:a\s+)?predominant(?:ly)?)\s+(?:acinar[e]?|lep[ií]dic[oa]?|lepidic|s[oó]lid[oa]|solid|micropapil\w*|papil\w*)|\b(?:acinar|lepidic|solid|micropapillary)[- ]predominant\s+(?:invasive\s+)?adenocarcinoma`,
    code: 'LUAD',
  },
  {
    re: String.raw`carcinoide\s+at[ií]pico\s+(?:(?:${DE}\s+)?(?:pulm[oó]n|polmone)|pulmonar|polmonare|bronchiale|bronquial)|\batypical\s+(?:lung\s+|pulmonary\s+|bronchial\s+)carcinoid|\batypical\s+carcinoid\s+(?:tumou?r\s+)?of\s+the\s+lung`,
    code: 'ALUCA',
  },
  {
    re: String.raw`carcinoide\s+t[ií]pico\s+(?:(?:${DE}\s+)?(?:pulm[oó]n|polmone)|pulmonar|polmonare|bronchiale|bronquial)|\btypical\s+(?:lung\s+|pulmonary\s+|bronchial\s+)carcinoid|\btypical\s+carcinoid\s+(?:tumou?r\s+)?of\s+the\s+lung`,
    code: 'LUCA',
  },
  { re: String.raw`adeno(?:carcinoma)?\s+(?:de\s+|di\s+|of\s+)?(?:origen|origine|origin)\s+(?:pulmonar|polmonare|pulmonary|lung)`, code: 'LUAD' },
  {
    re: String.raw`carcinoma\s+(?:no\s+microc[ií]tico\s+)?(?:de\s+|di\s+|of\s+)?(?:origen|origine|origin)\s+(?:pulmonar|polmonare|pulmonary|lung)`,
    code: 'NSCLC',
  },
  { re: String.raw`\badeno(?:ca|carcinoma)?\.?\s+polm\b\.?`, code: 'LUAD' },
  // oesophagus
  {
    re: String.raw`(?:adenocarcinoma|\badenoca\.?|\bAD[CK])\s+(?:${DE}\s+|dell['’]\s*|of\s+the\s+)?(?:(?:distal|lower|distale)\s+)?(?:es[oó]fago|o?esophagus)\b|\bo?esophageal\s+adenocarcinoma|adenocarcinoma\s+esof[aá]gico`,
    code: 'ESCA',
  },
  {
    re: String.raw`(?:squamous\s+cell\s+carcinoma|\bSCC|(?:carcinoma|\bca\.?)\s+(?:squamoso|escamoso|epidermoide))\s+(?:${DE}\s+|dell['’]\s*|of\s+the\s+)?(?:(?:distal|mid|middle|thoracic|cervical|distale)\s+)?(?:es[oó]fago|o?esophagus)\b|\bo?esophageal\s+(?:squamous\s+cell\s+carcinoma|SCC)\b|\bESCC\b`,
    code: 'ESCC',
  },
  // urachus, endocervix, small-cell carcinoma of the prostate
  { re: String.raw`adenocarcinoma\s+(?:${DE}\s+|dell['’]\s*|of\s+the\s+)?(?:uraco|urachus)\b|\burachal\s+adenocarcinoma`, code: 'UA' },
  { re: String.raw`carcinoma\s+(?:${DE}\s+|dell['’]\s*|of\s+the\s+)?(?:uraco|urachus)\b|\burachal\s+carcinoma`, code: 'URCA' },
  { re: String.raw`adenocarcinoma\s+endocervical[e]?|\bendocervical\s+adenocarcinoma`, code: 'ECAD' },
  {
    re: String.raw`carcinoma\s+(?:de\s+c[eé]lulas\s+peque[nñ]as|a\s+piccole\s+cellule)\s+(?:${DE}\s+)?(?:la\s+)?pr[oó]stata|\bsmall[- ]cell\s+(?:carcinoma|cancer)\s+of\s+the\s+prostate|\bprostatic\s+small[- ]cell\s+carcinoma`,
    code: 'PRSCC',
  },
  // bladder cancer named by its invasion of the muscle is urothelial carcinoma; not invading it, it is local disease
  {
    re: String.raw`\b(?:non|no)[- ]muscle[- ]invasive\s+(?:urothelial\s+)?(?:bladder\s+)?(?:cancer|carcinoma|tumou?r)|carcinoma\s+urotelial[e]?\s+vescicale\s+non\s+muscolo[- ]?(?:invasiv[oa]|infiltrante)`,
    code: 'BLCA',
    metastatic: false,
  },
  { re: String.raw`\bmuscle[- ]invasive\s+(?:urothelial\s+)?bladder\s+(?:cancer|carcinoma)`, code: 'BLCA' },
  // a colon segment written before its adenocarcinoma ("metastatic sigmoid adenocarcinoma")
  { re: String.raw`\b(?:sigmoid|ascending|descending|transverse|ca?ecal)\s+(?:colon\s+)?adenocarcinoma`, code: 'COAD' },
  // non-small-cell carcinoma is the lung's name for it
  {
    re: String.raw`carcinoma\s+non\s+a\s+piccole\s+cellule|carcinoma\s+no\s+microc[ií]tico|carcinoma\s+de\s+c[eé]lulas\s+no\s+peque[nñ]as|\bnon-?small[- ]cell\s+(?:lung\s+)?carcinoma`,
    code: 'NSCLC',
  },
  // shorthand written in lower case, as quick notes are ("mcrpc 76m", "recurrent nmibc")
  { re: String.raw`\bnmcrpc\b`, code: 'PROSTATE', metastatic: false, castration: 'resistant', exact: true },
  { re: String.raw`\bmcrpc\b`, code: 'PROSTATE', metastatic: true, castration: 'resistant', exact: true },
  { re: String.raw`\bcrpc\b`, code: 'PROSTATE', castration: 'resistant', exact: true },
  { re: String.raw`\bm(?:hspc|cspc)\b`, code: 'PROSTATE', metastatic: true, castration: 'sensitive', exact: true },
  { re: String.raw`\bnmibc\b`, code: 'BLCA', metastatic: false, exact: true },
  { re: String.raw`\bmibc\b`, code: 'BLCA', exact: true },
  { re: String.raw`\bmbc\b`, code: 'BREAST', metastatic: true, exact: true },
  { re: String.raw`\bmcrc\b`, code: 'COADREAD', metastatic: true, exact: true },
  { re: String.raw`\bmrcc\b`, code: 'RCC', metastatic: true, exact: true },
  { re: String.raw`\bccr\s+papil(?:ar|lare)\b`, code: 'PRCC' },
  { re: String.raw`\bccrm?\s+(?:de\s+)?c[eé]lulas\s+claras\b`, code: 'CCRCC' },
  // breast
  { re: String.raw`\bmTNBC\b`, code: 'BREAST', tripleNegative: true, metastatic: true, exact: true },
  { re: String.raw`\bTNBC\b`, code: 'BREAST', tripleNegative: true, exact: true },
  { re: String.raw`\b[mM]BC\b`, code: 'BREAST', metastatic: true, exact: true },
  { re: String.raw`\bCMM\b`, code: 'BREAST', metastatic: true, exact: true },
  // "CDI" / "CLI": carcinoma ductal (duttale) / lobulillar (lobulare) infiltrante; "CM": cáncer de mama
  { re: String.raw`\bCDI\b`, code: 'IDC', exact: true },
  { re: String.raw`\bCLI\b`, code: 'ILC', exact: true },
  { re: String.raw`\bCM\b`, code: 'BREAST', exact: true },
  { re: String.raw`carcinoma\s+(?:ductal|duttale)\s+infiltrante(?:\s+(?:de\s+(?:la\s+)?mama|della\s+mammella))?`, code: 'IDC' },
  // "no special type" (NST) is the ductal carcinoma's name since WHO 2012
  {
    re: String.raw`(?:carcinoma\s+(?:infiltrante|invasiv[oe])|invasive\s+(?:breast\s+)?carcinoma)\s+(?:\(?NST\)?(?![\w])|(?:of\s+)?no\s+special\s+type|(?:di\s+)?tipo\s+non\s+speciale|(?:de\s+)?tipo\s+no\s+especial)|\bIBC[- ]NST\b`,
    code: 'IDC',
  },
  { re: String.raw`carcinoma\s+(?:lobulillar|lobulare)\s+infiltrante(?:\s+(?:de\s+(?:la\s+)?mama|della\s+mammella))?`, code: 'ILC' },
  {
    re: String.raw`c[aá]ncer\s+${DE}\s+mama|carcinoma\s+${DE}\s+mama|carcinoma\s+mammario|ca\.?\s+mammella|\bca\.?\s+(?:de\s+)?mama\b|\bca\.?\s+mammari[oa]\b|carcinoma\s+della\s+mammella|\bmammella\b`,
    code: 'BREAST',
  },
  // lung
  { re: String.raw`\bES-SCLC\b|\bLS-SCLC\b|\bCPCP\b|\bSCLC\b`, code: 'SCLC', exact: true },
  {
    re: String.raw`carcinoma\s+polmonare\s+a\s+piccole\s+cellule|\bca\.?\s+(?:polmonare|(?:del\s+)?polmone)\s+a\s+piccole\s+cellule|(?:c[aá]ncer|carcinoma|\bca\.?)\s+${DE}\s+pulm[oó]n\s+(?:de\s+)?c[eé]lulas?\s+peque[nñ]as?|(?:carcinoma|c[aá]ncer)\s+(?:de\s+)?c[eé]lulas?\s+peque[nñ]as?\s+${DE}\s+pulm[oó]n|carcinoma\s+microc[ií]tico|microcitoma(?:\s+polmonare)?`,
    code: 'SCLC',
  },
  {
    re: String.raw`(?<!\bnon[-\s]?)squamous\s+NSCLC|NSCLC\s+squamos[oa]|carcinoma\s+(?:escamoso|epidermoide)\s+${DE}\s+pulm[oó]n|(?:carcinoma|\bca\.?)\s+squamoso\s+(?:del\s+)?polmon(?:e|are)`,
    code: 'LUSC',
  },
  {
    re: String.raw`(?:squamous\s+cell\s+carcinoma|\bSCC)\s+(?:of\s+the\s+)?(?:(?:(?:right|left)\s+)?(?:upper|middle|lower)\s+lobe|[RL][UML]L\b)|(?:NSCLC|\bCPNM)\s*,?\s*(?:squamous|escamoso|epidermoide|squamoso)`,
    code: 'LUSC',
  },
  {
    re: String.raw`adenocarcinoma\s+(?:of\s+the\s+)?(?:(?:(?:right|left)\s+)?(?:upper|middle|lower)\s+lobe|[RL][UML]L\b)|(?:NSCLC|\bCPNM)\s*,?\s*(?:adeno(?:carcinoma)?|ADC)\b|(?:adenocarcinoma|\badenoca|\bAD[CK])\s+(?:${DE}\s+)?(?:pulm[oó]n|pulmonar|polmonare|polmone)`,
    code: 'LUAD',
  },
  { re: String.raw`\bmNSCLC\b`, code: 'NSCLC', metastatic: true, exact: true },
  { re: String.raw`\blung\s+adeno\b|\badeno\s+(?:del\s+)?polmone\b`, code: 'LUAD' },
  {
    re: String.raw`\bCPNM\b|c[aá]ncer\s+${DE}\s+pulm[oó]n\s+no\s+microc[ií]tico|\bca\.?\s+(?:del\s+)?polmone|\bca\.?\s+(?:de\s+)?pulm[oó]n|carcinoma\s+polmonare\s+non\s+a\s+piccole\s+cellule`,
    code: 'NSCLC',
  },
  // prostate
  { re: String.raw`\bnmCRPC\b`, code: 'PROSTATE', metastatic: false, castration: 'resistant', exact: true },
  { re: String.raw`\bmCRPC\b|\bCPRCm\b|\bmCPRC\b`, code: 'PROSTATE', metastatic: true, castration: 'resistant', exact: true },
  { re: String.raw`\bCRPC\b|\bCPRC\b`, code: 'PROSTATE', castration: 'resistant', exact: true },
  { re: String.raw`\bmHSPC\b|\bmCSPC\b|\bmHSPC\b`, code: 'PROSTATE', metastatic: true, castration: 'sensitive', exact: true },
  { re: String.raw`\bHSPC\b|\bCSPC\b`, code: 'PROSTATE', castration: 'sensitive', exact: true },
  // Spanish "CPHS" / "CPSC": cáncer de próstata hormonosensible / sensible a la castración
  { re: String.raw`\bmCPHS\b|\bCPHSm\b|\bmCPSC\b`, code: 'PROSTATE', metastatic: true, castration: 'sensitive', exact: true },
  { re: String.raw`\bCPHS\b|\bCPSC\b`, code: 'PROSTATE', castration: 'sensitive', exact: true },
  { re: String.raw`\bprostatic\s+(?:acinar\s+|ductal\s+)?adenocarcinoma|\badeno-?K\.?\s+(?:della\s+)?prostat(?:a|ico)\b`, code: 'PRAD' },
  // neuroendocrine (small cell) carcinoma of the prostate, de novo or treatment-emergent
  {
    re: String.raw`\bNEPC\b|\bneuroendocrine\s+(?:prostate\s+(?:cancer|carcinoma)|(?:small[- ]cell\s+)?carcinoma\s+of\s+the\s+prostate)|carcinoma\s+neuroendocrino\s+(?:a\s+piccole\s+cellule\s+|de\s+c[eé]lulas\s+peque[nñ]as\s+)?(?:${DE}\s+)?(?:la\s+)?pr[oó]stat(?:a|ico)`,
    code: 'PRNE',
  },
  // "CaP": carcinoma of the prostate (en/es shorthand, capitals as written)
  { re: String.raw`\bm?CaP\b`, code: 'PROSTATE', exact: true },
  // Italian shorthand "K" for cancro
  { re: String.raw`\bK\.?\s+(?:della\s+)?prostat(?:a|ico)\b`, code: 'PROSTATE', exact: true },
  { re: String.raw`\bK\.?\s+(?:del\s+)?polmon(?:e|are)\b`, code: 'LUNG', exact: true },
  { re: String.raw`\bK\.?\s+(?:della\s+)?mammell?a\b|\bK\.?\s+mammario\b`, code: 'BREAST', exact: true },
  { re: String.raw`adenocarcinoma\s+(?:acinar[e]?\s+|ductal\s+|duttale\s+)?(?:${DE}\s+)?(?:pr[oó]stata|prost[aá]tico|prostatico)`, code: 'PRAD' },
  {
    re: String.raw`c[aá]ncer\s+${DE}\s+pr[oó]stata|carcinoma\s+(?:prostatico|prost[aá]tico)|\bca\.?\s+prost[aá]tico\b|carcinoma\s+della\s+prostata|^\s*pr[oó]stata\b|\bca\.?\s+(?:della\s+|de\s+(?:la\s+)?)?pr[oó]stata`,
    code: 'PROSTATE',
  },
  // stomach / gastro-oesophageal junction
  {
    re: String.raw`\bm?GEJ\b|\bUGE\b|\bgiunzione\s+GE\b|\buni[oó]n\s+GE\b|uni[oó]n\s+(?:gastroesof[aá]gica|esofagog[aá]strica)|giunzione\s+gastro-?esofagea|gastro-?o?esophageal\s+junction`,
    code: 'GEJ',
  },
  {
    re: String.raw`\bAD[CK]\s+g[aá]stric[oa]|adenocarcinoma\s+of\s+the\s+(?:stomach|gastric\s+(?:body|antrum|fundus|cardia))|(?:adeno)?carcinoma\s+g[aá]strico|c[aá]ncer\s+g[aá]strico|ca\.?\s+g[aá]strico|gastric\s+ca\b|adenocarcinoma\s+gastrico`,
    code: 'STAD',
  },
  { re: String.raw`\bCG\b`, code: 'STAD', exact: true },
  { re: String.raw`\bmGC\b`, code: 'STAD', metastatic: true, exact: true },
  // liver and bile ducts
  // combined hepatocellular-cholangiocarcinoma, before either of its parts
  {
    re: String.raw`(?:combined|mixed)\s+hepatocellular(?:\s*[-/]\s*|\s+and\s+)cholangiocarcinoma|\b(?:combined|mixed)\s+HCC\s*[-/]\s*(?:CCA|ICC)\b|\bcHCC\s*[-/]?\s*(?:CCA|ICC)\b|\b(?:hepato|epato)colangiocarcinoma|colangio-?(?:hepato|epato)carcinoma|carcinoma\s+(?:hepatocelular|epatocellulare)(?:\s*[-/]\s*|\s+(?:y|e)\s+)colangiocarcinoma|colangiocarcinoma\s+(?:hepatocelular|epatocellulare)\s+(?:combinado|mixto|combinato|misto)`,
    code: 'HCCIHCH',
  },
  { re: String.raw`\bCHC\b`, code: 'HCC', exact: true },
  { re: String.raw`hepatocarcinoma|epatocarcinoma|carcinoma\s+hepatocelular|carcinoma\s+epatocellulare`, code: 'HCC' },
  { re: String.raw`colangiocarcinoma\s+intra-?(?:hep[aá]tico|epatico)|intrahepatic\s+cholangiocarcinoma`, code: 'IHCH' },
  { re: String.raw`colangiocarcinoma`, code: 'CHOL' },
  { re: String.raw`\bfibrolamellar\s+(?:hepatocellular\s+)?carcinoma|carcinoma\s+fibrolamel+ar[e]?`, code: 'FLC' },
  // thyroid
  { re: String.raw`\bMTC\b|\bCMT\b`, code: 'THME', exact: true },
  // the quick note's lower case ("50m sporadic mtc")
  { re: String.raw`\bmtc\b`, code: 'THME', exact: true },
  { re: String.raw`(?:carcinoma|\bca\.?|c[aá]ncer|cancro)\s+(?:medular|midollare)\s+(?:${DE}\s+)?(?:la\s+)?tiroides?`, code: 'THME' },
  { re: String.raw`\bPTC\b|\bCPT\b`, code: 'THPA', exact: true },
  { re: String.raw`carcinoma\s+papil(?:ar|lare)\s+(?:${DE}\s+)?(?:la\s+)?tiroides?|carcinoma\s+papil(?:ar|lare)(?!\s+(?:renal|del\s+rene))`, code: 'THPA' },
  { re: String.raw`\bATC\b`, code: 'THAP', exact: true },
  { re: String.raw`(?:carcinoma|\bca\.?|c[aá]ncer|cancro)\s+anapl(?:[aá]sico|astico)\s+(?:${DE}\s+)?(?:la\s+)?tiroides?`, code: 'THAP' },
  { re: String.raw`(?:carcinoma|\bca\.?|c[aá]ncer|cancro)\s+(?:folicular|follicolare)\s+(?:${DE}\s+)?(?:la\s+)?tiroides?`, code: 'THFO' },
  // differentiated thyroid carcinoma (CDT / DTC) with its kind
  { re: String.raw`\b(?:CDT|DTC)\s*,?\s*(?:folicular|follicolare|follicular)\b`, code: 'THFO' },
  { re: String.raw`\b(?:CDT|DTC)\s*,?\s*(?:papilar|papillare|papillary)\b`, code: 'THPA' },
  { re: String.raw`\bCAT\s*\(?\s*anapl(?:[aá]sico|astico)\s*\)?\s+(?:${DE}\s+)?tiroides?`, code: 'THAP' },
  // "<kind> thyroid ca", "Ca tiroide <kind>": the kind names the subtype
  {
    re: String.raw`\bfollicular\s+thyroid\s+(?:ca|cancer|carcinoma)\b|\b(?:ca\.?|c[aá]ncer|carcinoma)\s+(?:della\s+)?tiroide[oa]?\s+follicolare|\b(?:ca\.?|c[aá]ncer|carcinoma)\s+(?:de\s+)?(?:la\s+)?tiroides\s+folicular`,
    code: 'THFO',
  },
  {
    re: String.raw`\bpapillary\s+thyroid\s+(?:ca|cancer|carcinoma)\b|\b(?:ca\.?|c[aá]ncer|carcinoma)\s+(?:della\s+)?tiroide[oa]?\s+papillare|\bca\.?\s+papil(?:lare|ar)\s+(?:(?:della|de\s+la|de|di)\s+)?(?:la\s+)?tiroides?|\b(?:ca\.?|c[aá]ncer|carcinoma)\s+(?:de\s+)?(?:la\s+)?tiroides\s+papilar`,
    code: 'THPA',
  },
  {
    re: String.raw`\bmedullary\s+thyroid\s+(?:ca|cancer|carcinoma)\b|\b(?:ca\.?|c[aá]ncer|carcinoma)\s+(?:della\s+)?tiroide[oa]?\s+midollare|\b(?:ca\.?|c[aá]ncer|carcinoma)\s+(?:de\s+)?(?:la\s+)?tiroides\s+medular`,
    code: 'THME',
  },
  { re: String.raw`\banaplastic\s+thyroid\s+(?:ca|cancer|carcinoma)\b`, code: 'THAP' },
  { re: String.raw`\bpapillary\s+(?:thyroid\s+)?micro-?carcinoma|\bmicrocarcinoma\s+papil(?:ar|lare)`, code: 'THPA' },
  // cervix
  {
    re: String.raw`carcinoma\s+(?:de|del|della)\s+(?:la\s+)?(?:c[eé]rvix|cuello\s+uterino|cervice(?:\s+uterina)?)\s+(?:escamoso|epidermoide|squamoso)|cervical\s+SCC|\bSCC\s+(?:of\s+the\s+)?(?:uterine\s+)?cervix|\bCx\s+SCC\b|carcinoma\s+(?:escamoso|epidermoide|squamoso)\s+(?:${DE}\s+)?(?:la\s+)?(?:c[eé]rvix|cervice(?:\s+uterina)?|cuello\s+uterino)|carcinoma\s+cervicale\s+squamoso|\bCCU\s+escamoso`,
    code: 'CESC',
  },
  // gastric-type (HPV-independent) mucinous adenocarcinoma of the cervix
  {
    re: String.raw`(?:adeno(?:carcinoma|ca)\.?|carcinoma\s+mucinos[oa]|\bADC)\s+(?:${DE}\s+)?(?:la\s+)?(?:cervice|c[eé]rvix|cuello\s+uterino)(?:\s+uterin[oa])?\s*,?\s*(?:(?:di|de)\s+)?tipo\s+g[aá]stric[oa]|gastric[- ]type\s+(?:mucinous\s+)?(?:adeno)?carcinoma\s+of\s+the\s+(?:uterine\s+)?cervix|(?:adeno)?carcinoma\s+(?:mucinos[oa]\s+)?(?:(?:di|de)\s+)?tipo\s+g[aá]stric[oa]\s+(?:${DE}\s+)?(?:la\s+)?(?:cervice|c[eé]rvix|cuello\s+uterino)`,
    code: 'GCEMU',
  },
  {
    re: String.raw`(?:adenocarcinoma|\badenoca\.?)\s+(?:${DE}\s+)?(?:la\s+)?(?:cervice|c[eé]rvix|cuello\s+uterino)|cervical\s+adeno(?:carcinoma|ca)\b|\bCx\s+adeno(?:carcinoma|ca)\b`,
    code: 'CEAD',
  },
  {
    re: String.raw`c[aá]ncer\s+${DE}\s+(?:cuello\s+uterino|c[eé]rvix)|carcinoma\s+(?:${DE}\s+)?(?:la\s+)?(?:c[eé]rvix|cervice)|\bca\.?\s+cervice|\bca\.?\s+(?:de\s+(?:la\s+)?)?c[eé]rvix|\bCCU\b`,
    code: 'CERVIX',
  },
  // bladder and urinary tract
  {
    re: String.raw`urotelial\s+${DE}\s+tracto\s+urinario\s+superior|\bCU\s+de\s+tracto\s+urinario\s+superior|uroteliale\s+della\s+pelvi\s+renale|\bUTUC\b|carcinoma\s+uroteliale\s+(?:(?:di|ad)\s+(?:alto|basso)\s+grado\s+)?(?:dell['’]\s*|della\s+)(?:uretere|pelvi\s+renale)|urotelial\s+(?:de\s+(?:alto|bajo)\s+grado\s+)?(?:${DE}\s+)?(?:la\s+)?(?:pelvis\s+renal|ur[eé]ter)\b|urothelial\s+(?:carcinoma|cancer)\s+of\s+the\s+(?:(?:left|right|distal|proximal|upper|lower|mid)\s+)*(?:ureter|renal\s+pelvis)|\b(?:ureteral|ureteric|renal\s+pelvi(?:c|s))\s+urothelial|\bupper[- ]tract\s+(?:UC|urothelial\s+(?:carcinoma|cancer))`,
    code: 'UTUC',
  },
  { re: String.raw`\bla\/mUC\b|\bmUC\b|\bCUm\b|\bMIBC\b|\bCU\s+(?:vesical|de\s+vejiga)\b`, code: 'BLCA', exact: true },
  // non-muscle-invasive bladder cancer is local disease by definition
  { re: String.raw`\bNMIBC\b`, code: 'BLCA', metastatic: false, exact: true },
  {
    re: String.raw`carcinoma\s+urotelial[e]?\s+(?:(?:de\s+(?:la\s+)?vejiga|della\s+vescica)\s+)?(?:no\s+m[uú]sculo|non\s+muscolo)[- ]?(?:invasiv[oa]|infiltrante)`,
    code: 'BLCA',
    metastatic: false,
  },
  {
    re: String.raw`carcinoma\s+urotelial[e]?(?:\s+(?:de\s+(?:la\s+)?vejiga|della\s+vescica))?|tumor\s+vesical|neoplasia\s+vescicale|carcinoma\s+vescicale|\bca\.?\s+vescicale\b|\bca\.?\s+urotelial[e]?(?:\s+vescicale)?`,
    code: 'BLCA',
  },
  // kidney
  {
    re: String.raw`carcinomas?\s+renal(?:es)?\s+de\s+c[eé]lulas\s+claras|carcinoma\s+(?:de\s+c[eé]lulas\s+renales\s+)?de\s+c[eé]lulas\s+claras(?!\s+(?:del?|de\s+la)\s+(?:cuello|c[eé]rvix|ovario|endometrio|[uú]tero|vagina))|carcinomi?\s+renal[ei]\s+a\s+cellule\s+chiare|\bca\.?\s+renal[e]?\s+(?:de\s+c[eé]lulas\s+claras|a\s+cellule\s+chiare)`,
    code: 'CCRCC',
  },
  {
    re: String.raw`\bclear[- ]cell\s+(?:RCC|renal\s+cell\s+carcinoma)\b|\bm?RCC\s*,?\s*\(?\s*clear[- ]cell\b|\bccRCC\b|\bCCRm?\s+de\s+c[eé]lulas\s+claras|\bm?RCC\s+a\s+cellule\s+chiare|\b(?:m?RCC|CRm?)\s+(?:de\s+)?c[eé]lulas\s+claras|\bm?RCC\s+cc\b`,
    code: 'CCRCC',
  },
  { re: String.raw`\bmccRCC\b`, code: 'CCRCC', metastatic: true, exact: true },
  { re: String.raw`carcinoma\s+renal(?:e)?\s+crom[oó]fob[oa]|\bchromophobe\s+(?:RCC|renal\s+cell\s+carcinoma)`, code: 'CHRCC' },
  {
    re: String.raw`\bpapillary\s+RCC\b|\bpapillary\s+renal\s+cell\s+carcinoma|carcinoma\s+papil(?:ar|lare)\s+(?:renal|del\s+rene)|carcinoma\s+renal(?:e)?\s+papil(?:ar|lare)|\b(?:m?RCC|CRm?)\s+papil(?:ar|lare|lary)\b|\bca\.?\s+renal[e]?\s+papil(?:ar|lare)\b`,
    code: 'PRCC',
  },
  {
    re: String.raw`\bcollecting[- ]duct\s+(?:renal\s+cell\s+)?carcinoma|\bcarcinoma\s+of\s+the\s+collecting\s+ducts|carcinoma\s+(?:de\s+(?:los\s+)?|dei\s+)?(?:conductos|dotti)\s+(?:colectores|collettori)|carcinoma\s+(?:a\s+cellule\s+)?(?:dei\s+)?dotti\s+collettori`,
    code: 'CDRCC',
  },
  { re: String.raw`\bCCRm\b(?!\s+RAS)`, code: 'RCC', exact: true, kidneyContext: true },
  {
    re: String.raw`\bm?RCC\b|carcinoma\s+renal(?:e)?|\bca\.?\s+renal[e]?\b|carcinoma\s+a\s+cellule\s+renali|carcinoma\s+de\s+c[eé]lulas\s+renales`,
    code: 'RCC',
  },
  // "<organ> ca" shorthand: the organ's tissue node, nothing more specific
  { re: String.raw`\bbreast\s+ca\b`, code: 'BREAST' },
  { re: String.raw`\blung\s+ca\b|\bca\.?\s+polmonare\b`, code: 'LUNG' },
  { re: String.raw`\bprostate\s+ca\b`, code: 'PROSTATE' },
  { re: String.raw`\bbladder\s+ca\b|\bca\.?\s+(?:della\s+)?vescica\b|\bca\.?\s+(?:de\s+)?vejiga\b`, code: 'BLADDER' },
  // urothelial, organ unsaid (bladder or upper tract): the urinary tract's node
  { re: String.raw`\burothelial\s+(?:ca|cancer|carcinoma)\s+(?:of\s+(?:the\s+)?)?bladder\b`, code: 'BLCA' },
  {
    re: String.raw`carcinoma\s+in\s+situ\s+(?:of\s+the\s+|de\s+(?:la\s+)?|della\s+)?(?:urinary\s+)?(?:bladder|vejiga|vescica)|\bCIS\s+(?:of\s+the\s+)?bladder\b|carcinoma\s+in\s+situ\s+vescicale`,
    code: 'BLCA',
  },
  { re: String.raw`\burothelial\s+(?:ca|cancer|carcinoma)\b(?!\s+(?:of\s+(?:the\s+)?)?(?:upper|renal|ureter|pelvis))`, code: 'BLADDER' },
  { re: String.raw`\b(?:kidney|renal)\s+ca\b`, code: 'KIDNEY' },
  { re: String.raw`\bthyroid\s+ca\b|\bca\.?\s+(?:(?:della|de\s+la|de|di)\s+)?(?:la\s+)?tiroides?\b|\bca\.?\s+tiroide[oa]\b`, code: 'THYROID' },
  { re: String.raw`\bcervical\s+ca\b`, code: 'CERVIX' },
  { re: String.raw`\bliver\s+ca\b`, code: 'LIVER' },
  { re: String.raw`\b(?:colon|colorectal)\s+ca\b`, code: 'COADREAD' },
  // colon and rectum
  // mucinous adenocarcinoma of the colon (of the rectum: the rectal entry below)
  {
    re: String.raw`(?:adenocarcinoma\s+mucinos[oa]|mucinous\s+adenocarcinoma)\s+(?:${DE}|of\s+the)\s+(?:(?:sigmoid|ascending|descending|transverse|right|left)\s+)?(?:colon|cieco|ciego|caecum|cecum|sigma)\b`,
    code: 'MACR',
  },
  {
    re: String.raw`adenocarcinoma\s+of\s+the\s+(?:(?:sigmoid|ascending|descending|transverse|right|left)\s+)?(?:colon|caecum|cecum)\b|(?:adenocarcinoma|\bAD[CK])\s+(?:${DE}\s+)?(?:cieco|ciego)\b|(?:adenocarcinoma|\bAD[CK])\s+(?:${DE}\s+)?(?:colon|sigma)|\bca\.?\s+(?:del\s+|de(?:l)?\s+)?colon\b(?![-\s]?(?:rett|rect))`,
    code: 'COAD',
  },
  {
    re: String.raw`c[aá]ncer\s+${DE}\s+recto|\bAD[CK]\s+(?:de(?:l)?\s+)?(?:recto|retto)\b|adenocarcinoma\s+(?:mucinos[oa]\s+|mucinous\s+)?(?:de(?:l)?\s+)?(?:recto|retto)\b|carcinoma\s+del\s+retto|\bca\.?\s+(?:del\s+)?retto\b|\bca\.?\s+(?:de(?:l)?\s+)?recto\b|\brectal\s+(?:adeno)?carcinoma|\brectal\s+adeno(?:ca)?\b|\brectal\s+cancer|(?:adenocarcinoma|cancer|carcinoma)\s+of\s+the\s+(?:(?:upper|mid|middle|lower|low|distal|proximal)\s+(?:third\s+of\s+the\s+)?)?rectum\b`,
    code: 'READ',
  },
  { re: String.raw`\bm?CRC\b|\bCCRm?\b`, code: 'COADREAD', exact: true },
  {
    re: String.raw`\bca\.?\s+(?:del\s+)?colon[-\s]?rett[oa]\b|\bca\.?\s+colo-?rettale\b|\bca\.?\s+colo-?rrectal\b|(?:carcinoma|cancro)\s+(?:del\s+)?colon[-\s]?rett[oa]\b`,
    code: 'COADREAD',
  },
  // Italian "carcinoma del colon" ("cáncer de colon" and "colon cancer" the disease vocabulary reads)
  { re: String.raw`(?:carcinoma|cancro|tumore|neoplasia)\s+del\s+colon(?![-\w])`, code: 'COADREAD' },
  // an organ named after its carcinoma a few words on ("carcinoma a piccole cellule della vescica", "carcinoma oncocítico
  // (de células de Hürthle) de tiroides"): the organ's node, refined by the histology the line names
  {
    re: String.raw`(?:carcinoma|c[aá]ncer|cancro|tumou?r[e]?|neoplasia)\s+(?:[\wÀ-ú()-]+\s+){0,5}?(?:della|de\s+la|del|de|of\s+the|of)\s+(?:vescica|vejiga|(?:urinary\s+)?bladder)\b`,
    code: 'BLADDER',
  },
  {
    re: String.raw`(?:carcinoma|c[aá]ncer|cancro|tumou?r[e]?|neoplasia)\s+(?:[\wÀ-ú()-]+\s+){0,5}?(?:della|de\s+la|del|de|of\s+the|of)\s+(?:cervice(?:\s+uterina)?|c[eé]rvix|cuello\s+uterino|(?:uterine\s+)?cervix)\b`,
    code: 'CERVIX',
  },
  {
    re: String.raw`(?:carcinoma|c[aá]ncer|cancro|tumou?r[e]?|neoplasia)\s+(?:[\wÀ-ú()-]+\s+){0,5}?(?:della|de\s+la|del|de|of\s+the|of)\s+(?:tiroides?|thyroid)\b`,
    code: 'THYROID',
  },
];
/** "CCRm" is the Spanish and Italian colorectal abbreviation; in a kidney line ("CCRm riesgo pobre IMDC") it is renal. */
/** A prostate line, where "BCR" is a biochemical recurrence (never the BCR gene of BCR-ABL1). */
export const BIOCHEMICAL_CONTEXT = /prostat|\bPSA\b|biochemical|bioqu[ií]mic|biochimic|\b(?:ADT|TDA)\b/i;
/** A biochemical recurrence named: a rising PSA is that recurrence, not progression under treatment. */
export const BIOCHEMICAL_RECURRENCE =
  /\bBCR\b(?![-:\/\s]*ABL)|biochemical\s+(?:recurrence|relapse|failure)|recidiva\s+biochimica|reca[ií]da\s+bioqu[ií]mica|recidiva\s+bioqu[ií]mica|recurrencia\s+bioqu[ií]mica|ricaduta\s+biochimica/i;
export const KIDNEY_CONTEXT = /\bIMDC\b|\bMSKCC\b|renal|rene\b|nefrectom/i;

/** Histology words, written apart from the organ ("…, adenocarcinoma", "squamous carcinoma of the cervix"). */
export const HISTOLOGY = {
  adeno: String.raw`\badeno(?:carcinoma|ca)?\b|\bADC\b`,
  clearCell: String.raw`\bclear[- ]cell\b|\bc[eé]lulas\s+claras\b|\bcellule\s+chiare\b`,
  papillary: String.raw`\bpapillary\b|\bpapilar\b|\bpapillare\b`,
  chromophobe: String.raw`\bchromophobe\b|\bcrom[oó]fob[oa]\b`,
  follicular: String.raw`\bfollicular\b|\bfolicular\b|\bfollicolare\b`,
  medullary: String.raw`\bmedullary\b|\bmedular\b|\bmidollare\b`,
  anaplastic: String.raw`\banaplastic\b|\banapl[aá]sico\b|\banaplastico\b`,
  adenosquamous: String.raw`\badeno-?squamous\b|\badeno-?escamos[oa]\b|\badeno-?squamos[oa]\b`,
  smallCell: String.raw`\bsmall[- ]cell\b|\bc[eé]lulas\s+peque[nñ]as\b|\bpiccole\s+cellule\b`,
  poorlyDifferentiated: String.raw`\bpoorly[- ]differentiated\b|\bpoco\s+differenziato\b|\bscarsamente\s+differenziato\b|\bpobremente\s+diferenciado\b`,
  urothelial: String.raw`\burothelial\b|\burotelial[e]?\b`,
  oncocytic: String.raw`\boncoc[ií]tic[oa]\b|\boncocytic\b|\bH[üu]rthle\b`,
  // not the denied one ("non-squamous", "CPNM no escamoso")
  squamous: String.raw`(?<!\b(?:non|no|not)[-\s]?)(?:\bsquamous\b|\bescamos[oa]\b|\bepidermoide\b|\bsquamos[oa]\b|\bSCC\b|\bcarcinoma\s+(?:a\s+)?cellule\s+squamose\b)`,
};
/** A histology written as a tumour's differentiation: a feature of the kind named, not a kind of its own. */
export const DIFFERENTIATION = String.raw`(?:(?:extensive|focal|partial|prominent|marked|with)\s+)*(?:\(\s*\d+\s*%\s*\)\s*)?(?:squamous|glandular|adeno|small[- ]cell|neuroendocrine|sarcomatoid|micropapillary|plasmacytoid)\s+(?:cell\s+)?(?:differentiation|features)|(?:differenziazione|diferenciaci[oó]n|differentiation)\s+(?:\(\s*\d+\s*%\s*\)\s*)?(?:squamosa|escamosa|ghiandolare|glandular|sarcomatoide|neuroendocrina)`;
/** The bladder named as the organ of a specimen or a tumour ("bladder dome", "TURBT", "RTU vesical", "vescica"). */
export const BLADDER_NAMED = /\bbladder\b|\bvejiga\b|\bvescica\b|\bvesical[e]?\b|\bTURBT?\b|\bcystectomy\b|\bcistectom[ií]a\b/i;
/** Proteins read by immunohistochemistry only (a panel's markers): their result is a stain's, never an alteration. */
export const STAIN_MARKERS =
  /^(?:AMACR|CAIX|CA-?IX|CK-?\d{1,2}|CDX-?2|TTF-?1|GATA-?3|SOX-?10|PAX-?8|WT-?1|napsin|CD10|CD117|S-?100|synaptophysin|chromogranin)$/i;
/** A germline test said to have found the variant named next ("germline testing confirmed a pathogenic MLH1 variant"). */
export const GERMLINE_TEST_FOUND =
  /\b(?:(?:germline|germinal[e]?)\s+(?:genetic\s+|gen[eé]tic[oa]\s+)?(?:testing|test|analysis|estudio|prueba|analisi|an[aá]lisis)|(?:estudio|prueba|an[aá]lisis|test|analisi)\s+(?:gen[eé]tic[oa]\s+)?(?:germinal[e]?|germline))\s+(?:(?:has|have|ha)\s+)?(?:confirmed|showed|shown|revealed|identified|found|detected|confirm[oó]|mostr[oó]|identific[oó]|detect[oó]|confermato|mostrato|identificato|rilevato|evidenziato)\s+(?:(?:a|an|una?|la|el|il)\s+)?(?:[\wÀ-ú-]+\s+){0,3}?(?:(?:variant|variante|mutation|mutaci[oó]n|mutazione)\s+(?:of|in|de|en|di|del|della)\s+)?$/i;
/** An organ-level diagnosis and the subtype each histology makes of it. */
export const HISTOLOGY_SUBTYPE: Record<string, Partial<Record<keyof typeof HISTOLOGY, string>>> = {
  CERVIX: { adeno: 'CEAD', squamous: 'CESC', adenosquamous: 'CEAS', smallCell: 'SCCE', clearCell: 'CECC' },
  LUNG: { adeno: 'LUAD', squamous: 'LUSC', adenosquamous: 'LUAS' },
  NSCLC: { adeno: 'LUAD', squamous: 'LUSC', adenosquamous: 'LUAS' },
  BLADDER: { squamous: 'BLSC', smallCell: 'SCBC', urothelial: 'BLCA', adeno: 'BLAD' },
  KIDNEY: { clearCell: 'CCRCC', papillary: 'PRCC', chromophobe: 'CHRCC' },
  RCC: { clearCell: 'CCRCC', papillary: 'PRCC', chromophobe: 'CHRCC' },
  THYROID: { papillary: 'THPA', follicular: 'THFO', medullary: 'THME', anaplastic: 'THAP', poorlyDifferentiated: 'THPD', oncocytic: 'THHC' },
};

/**
 * A histology written with no organ ("Sigmoid colectomy: adenocarcinoma", "Cervix, LEEP cone: adenocarcinoma",
 * "lobectomía superior derecha): adenocarcinoma invasivo", "Gleason 4+3 after radical prostatectomy"): the organ the line
 * names by its resection or as the specimen, when it names one only. Per organ: its words, the node for an
 * adenocarcinoma, for a squamous carcinoma, and for a carcinoma of no stated kind.
 */
export const SPECIMEN_ORGANS: Array<{ re: string; adeno?: string; squamous?: string; other: string; organ: string }> = [
  {
    re: String.raw`\b(?:hemi-?)?colectom\w*|\bemicolectom\w*|\bhemicolectom\w*|\bsigmoid(?:ectom\w*)?\b|\bsigmoidectom\w*`,
    adeno: 'COAD',
    other: 'COADREAD',
    organ: String.raw`\bcolon\b|colorect|\brect(?:o|um|al)\b|\bretto\b|\bsigm`,
  },
  {
    re: String.raw`\bgastrectom\w*|\bstomach\b|\best[oó]mago\b|\bstomaco\b|\b(?:corpo|antro|fondo)\s+gastrico\b|\b(?:cuerpo|antro|fundus)\s+g[aá]strico\b|\bgastric\s+(?:body|antrum|fundus)\b`,
    adeno: 'STAD',
    other: 'STOMACH',
    organ: String.raw`stomach|gastric|g[aá]stric|est[oó]mago|stomaco`,
  },
  {
    re: String.raw`\blobectom\w*|\bpneumonectom\w*|\bneumonectom\w*|\bsegmentectom\w*|\b[RL][UML]L\b`,
    adeno: 'LUAD',
    squamous: 'LUSC',
    other: 'LUNG',
    organ: String.raw`\blungs?\b|pulm|polmon`,
  },
  {
    re: String.raw`\bprostatectom\w*|\bbiopsia\s+prost[aá]tica|\bprostate\s+biops\w*|\bbiopsia\s+prostatica|\bGleason\b|\bGS\s*\d\s*\+\s*\d`,
    adeno: 'PRAD',
    other: 'PRAD',
    organ: String.raw`prostat|pr[oó]stat`,
  },
  { re: String.raw`\bnephrectom\w*|\bnefrectom\w*`, other: 'RCC', organ: String.raw`kidney|renal|\brene\b|ri[nñ][oó]n` },
  { re: String.raw`\bcystectom\w*|\bcistectom\w*`, other: 'BLADDER', organ: String.raw`bladder|vejiga|vescica|vesical` },
  { re: String.raw`\bthyroidectom\w*|\btiroidectom\w*`, other: 'THYROID', organ: String.raw`thyroid|tiroid` },
  {
    re: String.raw`\bcervix\b|\bc[eé]rvix\b|\bcervice\b|\bconi[zs]aci[oó]n\b|\bconizzazione\b|\bLEEP\b|\btrachelectom\w*|\btraquelectom\w*`,
    adeno: 'CEAD',
    squamous: 'CESC',
    other: 'CERVIX',
    organ: String.raw`\bcervix\b|c[eé]rvix|\bcervice\b|cuello\s+uterino`,
  },
  {
    re: String.raw`\bmastectom\w*|\blumpectom\w*|\bquadrantectom\w*|\btumorectom\w*|\bbreast\s+(?:core\s+)?biops\w*`,
    other: 'BREAST',
    organ: String.raw`breast|\bmama\b|mammell|mammari`,
  },
];
/** The histology words a specimen's organ may complete (a carcinoma of no organ; "tumour" alone names no cancer). */
export const BARE_HISTOLOGY = String.raw`\b(?:adeno)?carcinoma\b|\badenoca\b|\bSCC\b`;

const LOWER_GENE = String.raw`(?:kras|nras|hras|ras|braf|egfr|alk|ros1|ret|met|erbb2|her2|pik3ca|brca1|brca2|idh1|idh2|fgfr[1-4]|ntrk[1-3]|kit|pdgfra|esr1|tp53|atm|palb2|stk11|keap1|akt1|pten|cdh1|cdkn2a|rb1|nf1|ar)`;
const LOWER_GENE_LIST = new RegExp(
  String.raw`\b${LOWER_GENE}(?:\/${LOWER_GENE})*(?=\s*[:-]?\s*(?:[acdefghiklmnpqrstvwy]\d{1,4}(?:[acdefghiklmnpqrstvwy*]|fs)(?![\w])|wt\b|wild|mut|neg\b|negativ|pos\b|positiv|ampl?\b|amplif|fus|ex(?:on|[oó]n|one)?\s*\d|rearr|riarr|reord|no\s+mut|non\s+mut))`,
  'g',
);
/**
 * A quick note's genes written in lower case ("kras g12d", "braf wt", "ras/braf wt"), written as the gene vocabulary
 * and the variant grammar read them (same length): only a known gene followed by a variant or a result word, so
 * "met criteria" or "egfr 41" (a filtration rate) stay as written.
 */
export function upperGeneShorthand(text: string): string {
  return text
    .replace(LOWER_GENE_LIST, (g, at: number) => g.toUpperCase())
    .replace(
      /\b((?:KRAS|NRAS|HRAS|BRAF|EGFR|ALK|ROS1|RET|MET|ERBB2|HER2|PIK3CA|IDH1|IDH2|FGFR[1-4]|KIT|PDGFRA|ESR1|TP53|AKT1)\s*[:-]?\s*)([acdefghiklmnpqrstvwy]\d{1,4}[acdefghiklmnpqrstvwy*])(?![\w])/g,
      (_, gene: string, change: string) => gene + change.toUpperCase(),
    );
}

/** Before a disease: the one it arose in ("anaplastic carcinoma arising in a papillary carcinoma", "insorto su"), not the diagnosis. */
export const PRECURSOR_CUE = String.raw`\b(?:arising\s+(?:in|from|on)|developed\s+(?:in|from|on)|derived\s+from|transformed\s+from|evolved\s+from|insort[oa]\s+su|sort[oa]\s+su|originad[oa]\s+(?:en|de|sobre)|desarrollad[oa]\s+sobre|surgid[oa]\s+sobre)\s+(?:(?:a|an|un|una|uno|pre-?existing|preesistente|preexistente|previous|previo|precedente)\s+)?$`;

/** Before a disease: it is a past cancer ("Hx of breast ca", "antecedentes de cáncer de mama", "pregresso carcinoma"). */
export const HISTORY_CUE = String.raw`\b(?:hx|h\/o|history|historia|antecedentes?|anamnesi|storia|pregress[oa]|previous|prior|remote)\s*(?:of|de|di|del|della)?\s*(?:a\s+|un\s+|una\s+)?(?:treated\s+|early[- ]stage\s+)?`;

/** A primary tumour's own organ, by OncoTree node (or an ancestor): disease there is the primary, not a metastasis site. */
export const OWN_ORGAN_SITE: Record<string, string> = { LIVER: 'liver', IHCH: 'liver', HCCIHCH: 'liver' };

/** Focus areas' OncoTree codes that the m- prefix ("mCRC", "mUC") makes metastatic. */
export const M_PREFIXED = /(?<!\bla\/)\bm(?:CRC|UC|RCC|GEJ|BC|CRPC|HSPC|CSPC|NSCLC)\b/;

/** Setting words. */
export const SETTING = {
  locallyAdvanced: String.raw`\blocally\s+advanced\b|\blocalmente\s+avanzad[oa]\b|\blocalmente\s+avanzat[oa]\b`,
  // "la/mUC": locally advanced or metastatic — advanced disease, and neither of the two as a fact
  advanced: String.raw`\badvanced\b|\bavanzad[oa]s?\b|\bavanzat[oa]\b|\bla\/m(?=[A-Z])`,
  metastatic: String.raw`(?:\bmetastatic\b|\bmetast[aá]sic[oa]s?\b|\bmetastatic[oa]\b|\bM1[abc]?\b|\bmetastasi(?:s|zzat[oa])?\b|\bmet[aá]stasis\b|\bmetastases\b|\bmets\b|\blocalizzazioni\b|\bmts\b(?=\s*(?:[,;.)]|$)))(?![- ]free)`,
  /** Inoperable for the patient's health ("non operabile per BPCO", "medically inoperable"): fitness, not the tumour's resectability. */
  medicallyInoperable: String.raw`\bmedically\s+(?:inoperable|unfit\s+for\s+surgery)\b|(?:\binoperable|\bnon\s+operabile|\bno\s+operable|\bnot\s+operable)\s+(?:per|por|due\s+to|because\s+of|owing\s+to|for)\s+(?:(?:severe|grave|poor|scars[oa]|mala)\s+)?(?:COPD|BPCO|EPOC|comorbidit\w*|comorbilidad\w*|frailty|fragilit[aà]|fragilidad|et[aà]|edad|age|cardi\w*|respirat\w*|pulmonary\s+function|lung\s+function|funzione\s+(?:respiratoria|polmonare)|funci[oó]n\s+(?:respiratoria|pulmonar)|PS|ECOG|performance|insufficienza|insuficiencia|anestesi\w*|anesthe\w*|ana?esthe\w*)`,
  unresectable: String.raw`\bunresectable\b|\binoperable\b|\birresecables?\b|\bno\s+resecables?\b|\bnon\s+resecabil[ei]\b|\bnon\s+operabil[ei]\b|\bnon-?resectable\b`,
  resectable: String.raw`\bresectable\b|\bresecables?\b|\bresecabil[ei]\b`,
  /**
   * Disease named local by its extent: "early breast cancer", "early-stage NSCLC", "adenocarcinoma gastrico early",
   * "cáncer de mama precoz", "in stadio precoce", "localised prostate cancer", "localizado", "localizzato", and a bladder
   * cancer not invading the muscle (NMIBC). Not an early event ("early progression", "early relapse"), not disease
   * "localised to" an organ (that may be its metastases), not "localizzazioni" (Italian for metastases).
   */
  localized: String.raw`\bearly[- ]stage\b|\bearly\s+(?:(?:HER2[-+\w]*|hormone[- ]receptor[- ]positive|HR\+|triple[- ]negative|TNBC|invasive|operable|resectable|breast|lung|gastric|stomach|prostate|colon|rectal|colorectal|cervical|bladder|kidney|renal|thyroid|liver|hepatocellular|o?esophageal|NSCLC|HCC)\s+){1,3}(?:cancer|carcinoma|ca|disease|tumou?r)\b|\bearly\s+(?:breast|lung|gastric)\s+cancer\b|(?<=\b(?:adeno)?carcinoma\s+[A-Za-zÀ-ú]+\s+)early\b(?!\s+(?:progression|relapse|recurrence|onset))|\b(?:c[aá]ncer|carcinoma|adenocarcinoma|tumor)\s+(?:(?:de|del)\s+)?(?:[A-Za-zÀ-ú]+\s+){0,2}(?:precoz|temprano)\b|\b(?:estadio|fase)\s+(?:precoz|temprano|inicial)\b|\b(?:stadio|fase)\s+(?:precoce|iniziale)\b|\b(?:carcinoma|adenocarcinoma|tumore|neoplasia)\s+(?:[A-Za-zÀ-ú]+\s+){0,2}precoce\b|\blocali[sz]ed\b(?!\s+(?:to|in|at|within)\b)|\blocalizad[oa]s?\b(?!\s+(?:en|a)\b)|\blocalizzat[oa]\b(?!\s+(?:a|al|alla|in|nel|nella)\b)|\b(?:non|no)[- ]m[uú]sc(?:ulo|olo|le)[- ]?(?:invasiv[oea]|infiltrante)\b|\bNMIBC\b`,

  // a genomic assay's "Recurrence Score" (Oncotype DX) or a recurrence-free time is no recurrence
  recurrent: String.raw`(?:\brecurrent\b|\brecurrence\b|\brecurred\b|\brecidiv(?:[oó]|aron)(?![\wÀ-ú])|\brelaps(?:e|ed)\b|\brecurrente\b|\brecidiv(?:a|ante|at[oaie]|ad[oa]s?)\b|\breca[ií]d[oa]s?\b|\bricadut[oa]\b|\bricaduta\b|\bBCR\b(?![-:\/\s]*ABL))(?!\s+(?:score|scores|risk|rate)\b|[- ]free\b)`,
  nonMetastatic: String.raw`\bnon-?metastatic\b|(?<=\b(?:recidiva|recurrence)\s+(?:vescicale\s+|vesical\s+|intravesical\s+)?)(?:non[- ]muscolo[- ]?invasiva|no\s+m[uú]sculo[- ]?invasiva|non[- ]muscle[- ]invasive)\b|\bno\s+metast[aá]sic[oa]\b|\bnon\s+metastatic[oa]\b|\bno\s+extrahepatic\s+(?:spread|disease)\b|\b(?:sin|ni)\s+enfermedad\s+extrahep[aá]tica\b|\b(?:non|nessuna)\s+(?:metastasi|malattia)\s+extra-?epatic[ah]e?\b|\bsin\s+enfermedad\s+a\s+distancia\b|\b(?:non|nessuna)\s+malattia\s+a\s+distanza\b|\bno\s+distant\s+(?:disease|mets|spread)\b|\bsin\s+met[aá]stasis\s+a\s+distancia\b|\bnon\s+metastasi\s+a\s+distanza\b|\bsenza\s+(?:metastasi|malattia)\s+a\s+distanza\b|\bwithout\s+distant\s+(?:disease|mets|metastases|spread)\b|\bnessuna\s+metastasi\s+a\s+distanza\b|\bno\s+distant\s+metastas[ie]s\b|\bno\s+evidence\s+of\s+(?:metastatic\s+disease|metastas[ie]s)\b|\bsin\s+evidencia\s+de\s+(?:enfermedad\s+metast[aá]sica|met[aá]stasis)\b|\bnessuna\s+evidenza\s+di\s+(?:malattia\s+metastatica|metastasi)\b|\b(?:n[eé]|ni)\s+(?:metastasi|met[aá]stasis|malattia|enfermedad)\s+a\s+distan(?:za|cia)\b|\bnor\s+(?:any\s+)?distant\s+(?:disease|mets|metastases|spread)\b|\b(?:no|non)\s+(?:mts|mets)\s+a\s+distanza\b|\b(?:sin|no)\s+(?:mts|mets)\s+a\s+distancia\b|\bno\s+distant\s+(?:lesions|dz)\b|\bsenza\s+lesioni\s+a\s+distanza\b|\bsin\s+lesiones\s+a\s+distancia\b|\bno\s+extrahepatic\s+dz\b`,
};

/** Disease outside the liver: its denial is non-metastatic disease only for a liver primary. */
export const EXTRAHEPATIC = String.raw`extra-?hep[aá]tic|extra-?epatic`;
/** After a gene in a list: its own finding ("Nessuna mutazione di EGFR, ALK riarrangiato"), not the list's denial. */
export const OWN_FINDING =
  /\b(?:riarrangiat|reordenad|rearranged|positiv|detected|detectad|rilevat|amplifi|mutated|mutad[oa]|mutat[oa]|fusion\s+(?:detected|positive))|\+/i;

/** Metastatic sites and the adjectives and nouns of the three languages. */
export const SITES: Array<[string, string]> = [
  ['brain', String.raw`brain|CNS|SNC|cerebral(?:es|[ei])?|cerebrali|encef[aá]lic[ahe]e?s?|encefaliche|enc[eé]falo`],
  ['liver', String.raw`liver|hepatic|hep[aá]tic[oa]s?|epatic[ahe]e?|epatiche|fegato|h[ií]gado|intrahep[aá]tic[ao]`],
  ['bone', String.raw`bones?|osseous|[oó]se[oa]s?|osse[oaie]|ossa|osso|huesos?|skeletal|vertebral(?:es)?|vertebral[ei]`],
  // "mts polm", "mts pulm": the quick note's short forms
  ['lung', String.raw`lungs?|pulmonary|pulmonar(?:es)?|pulm[oó]n|polmonar[ei]|polmone|polm|pulm`],
  ['peritoneum', String.raw`peritoneal[ei]?|peritoneales|peritoneo|peritoneum`],
  [
    'lymph_node',
    String.raw`(?:mediastinal\s+|para-?aortic\s+|retroperitoneal\s+)?(?:lymph\s+)?nodes?|nodal|ganglionar(?:es)?|linfonodal[ei]|linfonod[oi](?:\s+mediastinici|\s+paraortici)?|adenopat[ií]as?|adenopatie|lymphadenopath(?:y|ies)|para-?a[oó]rtic(?:[oa]s?|[io])?|paraortic[io]|para-?aortich[ei]|paraortich[ei]|ganglios(?:\s+para-?a[oó]rticos|\s+linf[aá]ticos)?|LNs?(?=\s*(?:\+|,|and|mets|metastases|$))`,
  ],
  ['adrenal', String.raw`adrenal|suprarr?enal(?:es)?|surrenalic(?:[aoi]|he)|surrenal[ei]|surrene|gl[aá]ndulas?\s+suprarrenal(?:es)?`],
  ['pleura', String.raw`pleural|pleuric(?:[aoi]|he)|pleura`],
  ['pancreas', String.raw`pancreas|p[aá]ncreas|pancreatic(?:[aoi]|he)?|pancre[aá]tic[ao]s?`],
  ['ovary', String.raw`ovar(?:y|ies|io|ios)|ovai[oa]|ovaric[ao]|ovarich[ei]|ov[aá]ric[oa]s?|ovarian`],
];
/** Words saying a site holds disease: the site word is spread, not the primary. */
export const SPREAD_CUE = String.raw`deposits?|dep[oó]sitos?|depositi|mets|mts|M1[abc]?|afectaci[oó]n|compromiso|coinvolgimento|interessamento|involvement|metastases|metastasis|met[aá]stasis|metastasi|metastatic\s+to|metast[aá]sic[oa]|metastatic[oa]|localizzazioni|lesions?|lesiones|lesi[oó]n|lesioni|lesione|disease|carcinomatosis|carcinosi|PD|progression|progresi[oó]n|progressione|recurrence|recidiva|recidivat[oa]|recidivad[oa]|reca[ií]da|relapse|spread|n[oó]dul(?:os?|i)|implantes?|impiant[oi]`;

/** Hedges before a finding in its clause: a possible finding is not a fact (ConText's "possible"). */
export const HEDGE = String.raw`\b(?:possible|possibly|probable|probably|likely|suspected|suspicious\s+(?:for|of)|suspicion\s+of|concerning\s+for|concern\s+for|cannot\s+exclude|posibles?|probables?|sospech\w*|sospett[oaie]|sospetto\s+di|possibil[ei]|probabil[ei]|dubbi[oa]|verosimil\w*|probablemente|probabilmente|suggestive\s+of|sugestiv[oa]s?\s+de|suggestiv[oa]\s+di|compatibles?\s+con|compatibil[ei]\s+con|indeterminate|indeterminad[oa]s?|indeterminat[oa]|equivocal|equ[ií]voc[oa]s?|(?:at\s+)?(?:(?:high|higher|increased|low)\s+)?risk\s+(?:of|for)|(?:a[dl]?\s+)?(?:(?:alto|elevato|basso)\s+)?rischio\s+di|(?:(?:alto|elevado|bajo)\s+)?riesgo\s+de)\b`;

/** The disease's current response, when no progression is written ("stable disease on pembrolizumab", "risposta parziale"). */
export const DISEASE_STATUS: Array<[string, 'stable' | 'responding']> = [
  [
    String.raw`\bstable\s+disease\b|\benfermedad\s+estable\b|\bmalattia\s+stabile\b|\bstabilit[aà]\s+di\s+malattia\b|\bestabilidad\s+de\s+(?:la\s+)?enfermedad\b|\b(?:disease|enfermedad|malattia)\s+(?:is\s+|remains\s+|permanece\s+|rimane\s+)?(?:stable|estable|stabile)\b|(?<=(?:[,;]|→|->)\s*)SD\b(?=\s*(?:[,;.)]|$))|(?<=\b(?:attualmente|actualmente|currently|now|ora|ahora)\s+)(?:stabile|stable|estable)\b|(?<=(?:→|->)\s*)(?:SD|EE|MS)\b(?=\s*(?:[,;.)]|→|->|$))|(?<=\b(?:con|with)\s+)(?:SD|EE)\b(?=\s*(?:[,;.)]|$))|\b(?:SD|EE|MS)\s+(?:en|in|on|at|alla|a\s+la)\s+(?:la\s+)?(?:TC|CT|TAC|PET(?:-TC|\/CT)?|RM|MRI)\b`,
    'stable',
  ],
  [
    String.raw`(?<!\bpatholog\w*\s+)\b(?:partial|complete)\s+(?:response|remission)\b|\brespuesta\s+(?:parcial|completa)\b(?!\s+pat[oó]l[oó]gica)|\brisposta\s+(?:parziale|completa)\b(?!\s+patologica)|\bresponding\b|\ben\s+respuesta\b|\bin\s+risposta\b|\b(?:ongoing|sustained|continued)\s+response\b|\brespuesta\s+(?:mantenida|sostenida)\b|\brisposta\s+(?:mantenuta|persistente|in\s+corso)\b|\bRP\s+(?:mantenida|mantenuta|sostenida|persistente|confirmada|confermata|duradera|duratura)\b|\b(?:con|with|in)\s+(?:(?:a|an|una)\s+)?(?:(?:buena|good|buona|ottima|marked|major|excellent|deep|significant|marcada|notable|importante|maggiore|clinical|cl[ií]nica|clinica|radiological|radiol[oó]gica|radiologica|endoscopic|endosc[oó]pica|endoscopica)\s+){0,2}(?:respuesta|response|risposta)\b(?<!\bin\s+response)(?!\s+(?:assessment|evaluation|evaluaci[oó]n|valoraci[oó]n|valutazione|pending|pendiente|in\s+attesa|not\s+yet|pat[oó]l[oó]gic|patologic|patholog))|(?<=(?:→|->)\s*)(?:RP|PR)\b|(?<=\d{2}\s*,\s*)(?:CR|PR)(?=\s*(?:[.;]|$))|\bRP\s+(?:tras|dopo)\b|\b(?:PR|CR|RP|RC)\s+(?:at|after|a|tras|dopo|al)\s+(?:los\s+)?\d+\s*(?:mo|months?|meses|mesi|cycles?|ciclos|cicli)\b|\b(?:tras|after|dopo)\s+\d+\s+(?:ciclos|cycles|cicli)\s*,?\s*(?:RP|PR|RC|CR)\b|\briduzione\s+(?:delle\s+)?(?:lesioni|dimensioni)\b|\breducci[oó]n\s+(?:de\s+(?:las\s+)?)?(?:lesiones|tama[nñ]o)\b|\bshrink(?:age|ing)\b|\b(?:PR|CR|RP|RC)\s+(?:on|at|in|en|alla|a\s+la|nella|sulla|all['’])\s*(?:the\s+|la\s+)?(?:CT|TC|TAC|MRI|RM|RMN|PET(?:-TC|\/CT|-CT)?)\b`,
    'responding',
  ],
];

/**
 * Whether a shorthand pattern is read in any case: one written with capitals ("AI", "EV", "ADT") is read
 * only in capitals ("ai" is an Italian word), one in lower case in any case; "cis" only in lower case
 * ("CIS" is carcinoma in situ). The one rule the patient reader and the assistant share.
 */
export function shorthandIgnoresCase(src: string): boolean {
  return src !== 'cis' && /[a-z]/.test(src.replace(/\\[a-zA-Z]|\[[^\]]*\]|\(\?[:<!=]+/g, ''));
}

/** The payload word of an antibody-drug conjugate, right after its antibody ("sacituzumab tirumotecan"). */
export const ADC_PAYLOAD_AFTER =
  /^\s+(deruxtecan|govitecan|tirumotecan|vedotin[ae]?|emtansin[ae]|mafodotin[ae]?|tesirin[ae]|ozogamicin[ae]?|soravtansin[ae]|duocarmazin[ae]|ravtansin[ae]|pelidotin[ae]?|rezetecan)\b/i;

/**
 * No disease left after treatment: a pathological, metabolic or clinical complete response ("risposta patologica
 * completa", "complete metabolic response", "respuesta clínica completa", "pCR"), or a check of the bladder found clear
 * ("cystoscopy and cytology negative", "cysto clear", "re-TURBT senza residuo").
 */
export const CLEARED = String.raw`\b(?:pathologic(?:al)?|metabolic|clinical)\s+complete\s+response\b|\bcomplete\s+(?:pathologic(?:al)?|metabolic|clinical)\s+response\b|\brespuesta\s+(?:patol[oó]gica|metab[oó]lica|cl[ií]nica)\s+completa\b|\brisposta\s+(?:patologica|metabolica|clinica)\s+completa\b|\bpCR\b|\b(?:cystoscopy|cysto|cistoscop[ií]a)(?:\s+(?:and|y|e|\+)\s+(?:urine\s+)?(?:cytology|citolog[ií]a))?\s+(?:(?:are|were|is|was|son|sono)\s+)?(?:clear|negative|negativ[ea]s?|normal[ei]?)\b|\b(?:cystoscopy|cistoscop[ií]a)\s+(?:and|y|e|\+)\s+(?:urine\s+)?(?:cytology|citolog[ií]a)\s+(?:(?:are|were|son|sono)\s+)?(?:clear|negative|negativ[ea]s?)\b|\bre-?TURB?T?\s+(?:senza|sin|without)\s+(?:residuo|residual|tumor\s+residual|residual\s+tumou?r)\b`;

/** Regimen and drug shorthand the drug vocabulary does not hold -> generic names or class keys. */
export const DRUG_SHORTHAND: Array<[string, string[]]> = [
  // somatostatin analogues (es/it spellings), and S-1 (tegafur/gimeracil/oteracil)
  [String.raw`lanreotid[ea]|lanreotide`, ['lanreotide']],
  [String.raw`octreotid[ea]|octreotide`, ['octreotide']],
  [String.raw`S-1`, ['tegafur/gimeracil/oteracil']],
  [String.raw`mitomicin[ae]\s+C|mitomycin\s+C|MMC`, ['mitomycin']],
  [String.raw`aflib`, ['aflibercept']],
  [String.raw`radium[- ]?223|Ra-?223|radio[- ]?223`, ['radium-223']],
  // "abiraterone/pred", "pacli-ram": the short forms written joined to their partner
  [String.raw`(?<=abirater\w*\s*[/+]\s*)pred`, ['prednisone']],
  [String.raw`(?<=pacli(?:taxel)?\s*[-+/]\s*)ram|ram(?=\s*[-+/]\s*pacli)`, ['ramucirumab']],
  [String.raw`vinflunin[ae]`, ['vinflunine']],
  [String.raw`lirafugratinib`, ['lirafugratinib']],
  [String.raw`ensartinib`, ['ensartinib']],
  [String.raw`nogapendekin\s+alfa\s+inbakicept|N-803`, ['nogapendekin alfa inbakicept']],
  [String.raw`carbo`, ['carboplatin']],
  [String.raw`cis`, ['cisplatin']],
  [String.raw`pem`, ['pemetrexed']],
  [String.raw`pembro`, ['pembrolizumab']],
  [String.raw`atezo`, ['atezolizumab']],
  [String.raw`bev|beva`, ['bevacizumab']],
  [String.raw`ipi`, ['ipilimumab']],
  [String.raw`nivo`, ['nivolumab']],
  [String.raw`durva`, ['durvalumab']],
  [String.raw`treme`, ['tremelimumab']],
  [String.raw`EV`, ['enfortumab vedotin']],
  [String.raw`palbo`, ['palbociclib']],
  [String.raw`ribo`, ['ribociclib']],
  [String.raw`abema`, ['abemaciclib']],
  [String.raw`osi`, ['osimertinib']],
  [String.raw`cabo`, ['cabozantinib']],
  [String.raw`lenva`, ['lenvatinib']],
  [String.raw`axi`, ['axitinib']],
  [String.raw`enza`, ['enzalutamide']],
  [String.raw`abi`, ['abiraterone']],
  [String.raw`gem`, ['gemcitabine']],
  [String.raw`pacli|pacl|taxol`, ['paclitaxel']],
  [String.raw`sora`, ['sorafenib']],
  [String.raw`ramu`, ['ramucirumab']],
  [String.raw`etop`, ['etoposide']],
  [String.raw`doce|doxe`, ['docetaxel']],
  [String.raw`5-?FU`, ['fluorouracil']],
  [String.raw`THP`, ['docetaxel', 'trastuzumab', 'pertuzumab']],
  // anthracycline pairs: doxorubicin (Adriamycin) or epirubicin with cyclophosphamide
  [String.raw`AC|dd\s?AC|dose-dense\s+AC`, ['doxorubicin', 'cyclophosphamide']],
  [String.raw`EC`, ['epirubicin', 'cyclophosphamide']],
  [String.raw`ddMVAC|MVAC`, ['methotrexate', 'vinblastine', 'doxorubicin', 'cisplatin']],
  [String.raw`BCG`, ['BCG']],
  [String.raw`pani|panit`, ['panitumumab']],
  [String.raw`cetux`, ['cetuximab']],
  // FOLFOX by its schedule ("mFOLFOX6", "FOLFOX-4")
  [String.raw`m?FOLFOX-?[467]|mFOLFOX`, ['fluorouracil', 'oxaliplatin']],
  // drugs newer than the drug vocabulary
  [String.raw`tarlatamab`, ['tarlatamab']],
  [String.raw`relugolix`, ['relugolix']],
  // known to the reference vocabularies only (not to the owned one the tests read with): GnRH analogues
  [String.raw`triptorelin[ae]?`, ['triptorelin']],
  [String.raw`zanidatamab`, ['zanidatamab']],
  // STRIDE: single tremelimumab, regular interval durvalumab (capitals as written)
  [String.raw`STRIDE`, ['durvalumab', 'tremelimumab']],
  [String.raw`datopotamab[\s-]+deruxtec[aá]n|Dato-?DXd`, ['datopotamab deruxtecan']],
  [String.raw`sacituzumab[\s-]+tirumotec[aá]n|sac-TMT`, ['sacituzumab tirumotecan']],
  [String.raw`telisotuzumab[\s-]+vedotin[ae]?|Teliso-V`, ['telisotuzumab vedotin']],
  [String.raw`mirvetuximab(?:[\s-]+soravtansin[ae]?)?`, ['mirvetuximab soravtansine']],
  [String.raw`disitamab[\s-]+vedotin[ae]?`, ['disitamab vedotin']],
  [String.raw`nadofaragene(?:[\s-]+firadenovec)?`, ['nadofaragene firadenovec']],
  [String.raw`cretostimogene(?:[\s-]+grenadenorepvec)?`, ['cretostimogene grenadenorepvec']],
  [String.raw`nogapendekin[\s-]+alfa(?:[\s-]+inbakicept)?|N-803`, ['nogapendekin alfa inbakicept']],
  [String.raw`ivonescimab`, ['ivonescimab']],
  [String.raw`zongertinib`, ['zongertinib']],
  [String.raw`sunvozertinib`, ['sunvozertinib']],
  [String.raw`taletrectinib`, ['taletrectinib']],
  [String.raw`zenocutuzumab`, ['zenocutuzumab']],
  [String.raw`divarasib`, ['divarasib']],
  [String.raw`inavolisib`, ['inavolisib']],
  [String.raw`camizestrant`, ['camizestrant']],
  [String.raw`imlunestrant`, ['imlunestrant']],
  [String.raw`vepdegestrant`, ['vepdegestrant']],
  [String.raw`toripalimab`, ['toripalimab']],
  [String.raw`serplulimab`, ['serplulimab']],
  [String.raw`retifanlimab`, ['retifanlimab']],
  [String.raw`cadonilimab`, ['cadonilimab']],
  [String.raw`tebentafusp`, ['tebentafusp']],
  [String.raw`glofitamab`, ['glofitamab']],
  [String.raw`talquetamab`, ['talquetamab']],
];
/** Medicines the vocabularies know that treat another illness, not the cancer ("DM2 in metformina", "on aspirin"). */
export const NON_CANCER_DRUGS = new Set(['metformin', 'aspirin']);
/** Corticosteroids: a course of the cancer only beside a cancer drug (prednisone with abiraterone). */
export const CORTICOSTEROIDS = new Set(['prednisone', 'prednisolone', 'methylprednisolone', 'dexamethasone', 'hydrocortisone']);
/**
 * GnRH agonists and antagonists: given for prostate cancer, each is androgen deprivation too ("leuprorelina",
 * "goserelin", "degarelix", "relugolix"); in breast cancer the same drug is ovarian suppression, not ADT.
 */
export const GNRH_DRUGS = new Set(['leuprolide', 'goserelin', 'triptorelin', 'degarelix', 'relugolix', 'histrelin', 'buserelin']);
/** Class shorthand (key of DRUG_CLASSES). */
export const CLASS_SHORTHAND: Array<[string, string]> = [
  [
    String.raw`CDK\s?4\/6\s?i|CDK\s?4\/6\s?inhibitors?|inibitor[ei]\s+(?:di\s+)?CDK\s?4\/6|inhibidor(?:es)?\s+(?:de\s+)?CDK\s?4\/6|anti-?CDK\s?4\/6`,
    'cdk46_inhibitor',
  ],
  [String.raw`ARPI|ARSI|ARTA|AR\s+pathway\s+inhibitors?|androgen\s+receptor\s+pathway\s+inhibitors?`, 'antiandrogen'],
  [
    String.raw`ADT|TDA|(?:analog[oa]|agonista|an[aá]logo)\s+(?:del\s+)?LHRH|LHRH\s+(?:agonists?|analogues?)|androgen\s+deprivation(?:\s+therapy)?|deprivaci[oó]n\s+androg[eé]nica|deprivazione\s+androgenica|bloqueo\s+(?:androg[eé]nico|hormonal)|blocco\s+androgenico`,
    'adt',
  ],
  [String.raw`AI|aromatase\s+inhibitors?|inibitor[ei]\s+(?:dell'|delle\s+)?aromatasi|inhibidor(?:es)?\s+de\s+(?:la\s+)?aromatasa`, 'aromatase_inhibitor'],
  [String.raw`antraciclin[ae]s?|antracicline`, 'anthracycline'],
  [String.raw`taxan[oi]s?|taxani`, 'taxane'],
  [String.raw`platin[oa]|platinum(?:-based)?(?:\s+doublet)?|doppietta\s+(?:a\s+base\s+di\s+)?platino|doblete\s+(?:de\s+)?platino`, 'platinum'],
  [String.raw`fluoropirimidin[ae]s?|fluoropirimidine`, 'fluoropyrimidine'],
  [
    String.raw`(?:chemo-?)?immunotherapy|chemio-?immunoterapia|quimio-?inmunoterapia|immunoterapia|inmunoterapia|ICI|IO|checkpoint\s+inhibitors?`,
    'immunotherapy',
  ],
  [String.raw`chemo(?:therapy)?|quimioterapia|chemioterapia|quimio|chemio|QT`, 'chemotherapy'],
];
/** Non-drug treatments. */
export const PROCEDURES: Array<[string, { name: string; kind: 'surgery' | 'radiation' | 'other' }]> = [
  [
    String.raw`SRS|SBRT|SCRT|short[- ]course\s+(?:RT|radiotherapy)|EBRT|IMRT|VMAT|external[- ]beam\s+(?:radiotherapy|radiation)|radiosurgery|radiocirug[ií]a|radiochirurgia|radiotherapy|radiation|radioterapia|RT|chemo-?radiation|chemoradiotherapy|chemoRT|CRT|quimiorradioterapia|QT-RT|RT-QT|CT-RT|RT-CT|chemioradioterapia|radiochemotherapy|chemio-?radioterapia|radio-?chemioterapia|radioquimioterapia|brachy(?:therapy)?|braquiterapia|brachiterapia`,
    { name: 'radiotherapy', kind: 'radiation' },
  ],
  [
    // "RAI-avid", "iodio-captante": the tumour takes up iodine, which says nothing of a dose given
    String.raw`(?:RAI(?:\s+\d+\s*mCi)?|I-?131|radioiodine|radioyodo|radioiodio|(?:yodo|iodio)\s+radi(?:oactivo|activo|oattivo)(?:\s+\d+\s*mCi)?|radioactive\s+iodine)(?![-\s]?(?:avid|[aá]vid[oa]|captante|uptake|refractory|refrattari[oae]|refractari[oa]s?|R(?![\w-])))`,
    { name: 'radioiodine', kind: 'radiation' },
  ],
  // "TT": total thyroidectomy (capitals only)
  [String.raw`TT`, { name: 'surgery', kind: 'surgery' }],
  // "DEB-TACE", "cTACE": the kinds of chemoembolisation
  [String.raw`(?:DEB-?|DEB\s+|c)?TACE|chemoembolization|quimioembolizaci[oó]n|chemioembolizzazione`, { name: 'TACE', kind: 'other' }],
  [
    String.raw`(?:liver\s+transplant(?:ation)?|trasplante\s+hep[aá]tico|trapianto\s+(?:ortotopico\s+)?(?:di\s+)?fegato|trapianto\s+epatico)|(?:total\s+|subtotal\s+|radical\s+)?(?:nephrectomy|gastrectomy|hemicolectomy|colectomy|thyroidectomy|prostatectomy|cystectomy|lobectomy|hysterectomy|mastectomy|lumpectomy|hepatectomy|Whipple|resection|resected|surgery|re-?TURBT|TURBT|TURB|RTUV?|RTU-?V|resecci[oó]n\s+transuretral|resezione\s+transuretrale)|(?:nefrectom[ií]a|gastrectom[ií]a|hemicolectom[ií]a|emicolectomia|tiroidectom[ií]a|prostatectom[ií]a|cistectom[ií]a|lobectom[ií]a|histerectom[ií]a|isterectomia|mastectom[ií]a|hepatectom[ií]a|epatectomia)(?:\s+(?:total|totale|subtotal[e]?|radical[e]?|derecha|destra|izquierda|sinistra))?|resecad[oa]|operat[oa]|intervenid[oa]|(?:nephroureterectomy|nefroureterectom[ií]a)|chirurgia|cirug[ií]a|intervento\s+chirurgico|intervenci[oó]n\s+quir[uú]rgica|resezione\s+anteriore(?:\s+del\s+retto)?|resecci[oó]n\s+anterior|amputaci[oó]n\s+abdominoperineal|amputazione\s+addomino-?perineale|abdominoperineal\s+resection|linfadenectomia|linfadenectom[ií]a|(?:hemi|emi)-?tiroidectom[ií]a|hemithyroidectomy|totalizzazione|completion\s+thyroidectomy|escisi[oó]n\s+total\s+del\s+mesorrecto|total\s+mesorectal\s+excision|escissione\s+totale\s+del\s+mesoretto|\bRP(?=\s+(?:19|20)\d{2}\b|\s*:)|\b[a-zà-ú]{3,}ectom(?:y|ies|[ií]as?|ie)\b|trasplante\s+hep[aá]tico|trasplantad[oa]\s+hep[aá]tic[oa]|trapianto\s+(?:di\s+fegato|epatico)|trapiantat[oa]\s+(?:di\s+fegato|epatic[oa])|(?:orthotopic\s+)?liver\s+transplant(?:ation)?|\bESD\b|endoscopic\s+submucosal\s+dissection|disecci[oó]n\s+submucosa\s+endosc[oó]pica|dissezione\s+(?:endoscopica\s+)?sottomucosa(?:\s+endoscopica)?|\bresecat[oa]\b|conizaci[oó]n|conizzazione|coni[sz]ation|cone\s+biopsy|\bLEEP\b|\bresezione(?:\s+(?:epatica|polmonare|gastrica|intestinale|colica|laparoscopica|chirurgica|atipica|segmentaria|radicale))?\b|\bresecci[oó]n(?:\s+(?:hep[aá]tica|pulmonar|g[aá]strica|intestinal|c[oó]lica|laparosc[oó]pica|quir[uú]rgica|at[ií]pica|segmentaria|radical))?(?![\wÀ-ú])`,
    { name: 'surgery', kind: 'surgery' },
  ],
];

/** What may stand between the drugs of one course ("carbo/pem/pembro", "FOLFOX + bev", "capecitabina e oxaliplatino"). */
/** "enzalutamide 160 mg plus leuprorelin": the first drug's dose written before the joiner is part of the course. */
export const COURSE_JOINER =
  /^(?:\s*\d+(?:[.,]\d+)?\s*(?:mg(?:\/m[²2]|\/kg|\/d[ií]a|\/day|\/die)?|mcg|µg|g)(?![\wÀ-ú]))?(?:\s*(?:weekly|semanal|settimanale|x\s*\d{1,2}|(?:neo)?adyuvante|(?:neo)?adiuvante|(?:neo)?adjuvant|trimestral[e]?|mensual|mensile|monthly|(?:3|three)-?monthly|a\s+dose\s+ridotta|a\s+dosis\s+reducidas?|at\s+(?:a\s+)?reduced\s+dose|dose-?reduced)(?![\wÀ-ú]))*[\s+/\-–]*(?:\+|\/|-|–|plus|and|y|e|ed|&|con|with)?[\s+/\-–]*$/i;

/**
 * Between a drug and its own name again: the brand and its generic ("Kisqali (ribociclib)"), a biosimilar by its brand
 * ("trastuzumab biosimilar Ogivri", "bevacizumab biosimilare (Aybintio)"): one mention.
 */
export const SAME_DRUG_BETWEEN = /^\s*(?:\(|biosimilar[e]?s?|biosimilar[e]?s?\s*\(|\(\s*biosimilar[e]?s?\s*,?)\s*$/i;
/** Between a class word and the drugs that spell it out: "immunotherapy (nivolumab)", "quimioterapia con gemcitabina". */
export const CLASS_SPELLED_OUT =
  /^\s*(?:neo-?adj(?:uvant)?|neoadyuvante|neoadiuvante|adj(?:uvant)?|adyuvante|adiuvante)?\s*(?:\(|:|con|with|a\s+base\s+d[ei]|based\s+on)\s*$/i;
/**
 * A generic class word followed straight by drugs, at most a setting word between ("chemioterapia adiuvante EC →
 * paclitaxel", "chemotherapy docetaxel"): the drugs spell the class out. Only the words that name no drug of their
 * own ("ADT abiraterone" is two courses).
 */
export const GENERIC_CLASSES: ReadonlySet<string> = new Set(['chemotherapy', 'immunotherapy']);
export const CLASS_NAMED_BEFORE =
  /^\s*(?:neo-?adj(?:uvant)?|neoadyuvante|neoadiuvante|adj(?:uvant)?|adyuvante|adiuvante|palliative|paliativa|palliativa)?\s*$/i;
/** Between a given course and drugs given with it ("chemoradiation with", "quimiorradioterapia concomitante con", "chemoRT (weekly"). */
export const GIVEN_WITH =
  /^\s*(?:(?:esclusiv[ao]|exclusiv[ao]|exclusive|definitiv[ao]|definitive|radical[e]?)\s+)?\(?\s*(?:\d+(?:[.,]\d+)?\s*Gy(?:\s*\/\s*\d+\s*(?:fx|fr|fractions|fracciones|frazioni))?\s*)?(?:(?:boost|sovradosaggio|sobreimpresi[oó]n)\s+)?(?:concurrent|concomitant[e]?)?\s*(?:with|con|w\/|\()\s*(?:weekly|semanal|settimanale|\d+\s*(?:months?|meses|mesi|cycles?|ciclos|cicli)\s+(?:of|de|di))?\s*$/i;

/**
 * After a finding in its clause: no result was given ("ALK and ROS1 not tested", "PIK3CA status unknown", "NGS
 * richiesto", "RET en curso"): the finding is asked, never stored.
 */
export const NO_RESULT_AFTER = String.raw`^[^,;]*?\b(?:not\s+(?:yet\s+)?(?:tested|done|performed|assessed|available|known|evaluated)|(?:status\s+)?unknown|(?:testing\s+)?(?:ordered|requested|awaited|sent\s+off)|no\s+(?:realizad|analizad|evaluad|disponible|conocid)\w*|desconocid[oa]s?|solicitad[oa]s?|en\s+curso|non\s+(?:eseguit|effettuat|valutat|disponibil|not)\w*|sconosciut[oa]|ignot[oa]|richiest[oa]|in\s+corso|under\s+(?:evaluation|investigation|study)|being\s+(?:evaluated|investigated)|to\s+be\s+(?:evaluated|characteri[sz]ed)|(?:en|in)\s+(?:estudio|studio|valutazione|evaluaci[oó]n)|(?:in\s+corso\s+di|da)\s+(?:valutare|valutazione|definire)|a\s+estudio|equivocal|equ[ií]voc[oa]|dudos[oa]|dubbi[oa]|borderline|indeterminat[eoa]|indeterminad[oa]|inconclusive|no\s+concluyente|non\s+conclusiv[oa])\b`;

/** Before a gene it names the target of a drug class ("inhibidor de ALK", "TKI di EGFR", "anti-EGFR"): a treatment's word, not a finding. */
export const TARGET_OF_CLASS_BEFORE = String.raw`(?:inhibitors?|inhibidor(?:es)?|inibitor[ei]|TKIs?|ITKs?|antibod(?:y|ies)|anticuerpos?|anticorp[oi]|terapia|therapy|targeted|dirigid[oa]|mirat[oa])\s+(?:(?:de(?:l)?|di|of|against|contra)\s+)?(?:(?:la|el|il|lo)\s+)?(?:anti-?\s*)?$|\banti-?\s*$`;

/** Mismatch-repair proteins lost on immunohistochemistry ("MLH1/PMS2 loss", "pérdida de MSH2/MSH6", "perdita di espressione di MLH1"): the tumour is MMR-deficient. */
export const MMR_PROTEIN_LOSS = String.raw`(?:MLH1|MSH2|MSH6|PMS2)(?:\s*(?:\/|,|and|y|e)\s*(?:MLH1|MSH2|MSH6|PMS2))*\s+(?:(?:protein\s+)?loss|lost|(?:IHC\s+)?loss(?:\s+on\s+IHC)?|not\s+expressed|deficient)\b(?:\s+on\s+IHC)?|(?:loss|p[eé]rdida|perdita)\s+(?:(?:de|di)\s+)?(?:(?:la\s+)?(?:expression|expresi[oó]n|espressione)\s+(?:of|de|di)\s+)?(?:MLH1|MSH2|MSH6|PMS2)(?:\s*(?:\/|,|and|y|e)\s*(?:MLH1|MSH2|MSH6|PMS2))*`;

/**
 * In the clause of a surgery word, an operation for something other than the cancer ("intervenido de hernia inguinal",
 * "cataract surgery", "thyroidectomy for goiter", "protesi d'anca"): not a treatment of the disease.
 */
export const NON_ONCOLOGIC_SURGERY = String.raw`\b(?:ap+end\w*ectom\w*|diverticul\w*|vasectom\w*|adenoidectom\w*|hernia|herniorr\w*|ernia|cataracts?|catarata|cataratta|appendic\w*|apendic\w*|cholecyst\w*|colecist\w*|knee|rodilla|ginocchio|hip|cadera|anca|bypass|CABG|goiter|goitre|bocio|gozzo|tonsil\w*|amigdal\w*|varic\w*|carpal|cesarean|ces[aá]rea|cesareo|hemorrhoid\w*|hemorroid\w*|emorroid\w*|benign\w*|prosthe\w*|pr[oó]tesis|protesi|replacement|sustituci[oó]n|sostituzione|bariatric|bari[aá]tric[oa]|gastric\s+bypass|fractur\w*|frattur\w*|cardiac|card[ií]ac[oa]|cardiac[oa])\b`;

/** Month names and their short forms (en/es/it). */
const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary|rero|braio)?|mar(?:ch|zo)?|apr(?:il|ile)?|abr(?:il)?|may(?:o)?|mag(?:gio)?|jun(?:e|io)?|giu(?:gno)?|jul(?:y|io)?|lug(?:lio)?|aug(?:ust)?|ago(?:sto)?|sep(?:t(?:ember)?|tiembre)?|set(?:iembre|tembre)?|oct(?:ober|ubre)?|ott(?:obre)?|nov(?:ember|iembre|embre)?|dec(?:ember)?|dic(?:iembre|embre)?|ene(?:ro)?|gen(?:naio)?)\.?`;
/** A written date: ISO, day/month/year, month/year, month name and year, a year alone. */
export const DATE = String.raw`(?:\d{4}-\d{2}-\d{2}|\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})|\d{1,2}[./-]\d{4}|(?:\d{1,2}\s+)?(?:de\s+)?${MONTH}\s+(?:de\s+|del\s+)?(?:\d{4}|'\d{2})|(?:19|20)\d{2})`;
/** Words before a date saying it is the diagnosis's ("dx 03/2024", "diagnosticado en marzo de 2024", "diagnosi nel 2019"). */
export const DIAGNOSIS_DATE_CUE = String.raw`(?:dx|diagnosed|diagnosis|diagnosticad[oa]|diagn[oó]stico|diagnosi|diagnosticat[oa])(?:\s+(?:in|on|en|el|nel|il|a|de|del|at))*\s*:?\s*`;
/** Other words that make a date a time of the course ("since Jan 2025", "desde 2023", "dal 2019", "in 03/2024"). */
export const DATE_CUE = String.raw`(?:since|from|until|till|desde|hasta|dal|dalla|fino\s+a|in|en|nel|on|el|il|at)\s+(?:el\s+|il\s+|l')?`;
/** A duration ("x 6 months", "for 2 years", "durante 6 meses", "per 3 mesi", "6 cycles", "6 cicli"). */
export const DURATION = String.raw`(?:(?:x|for|durante|por|per)\s*\d+\s*(?:months?|mos?|weeks?|wks?|years?|yrs?|days?|cycles?|meses|semanas|a[ñn]os|d[ií]as|ciclos|mesi|settimane|anni|giorni|cicli)|\d+\s*(?:cycles?|ciclos|cicli))(?![\w])`;

/** Before a treatment: it was given. */
export const PAST_CUE = String.raw`s\/p|followed\s+by|seguid[oa]\s+(?:de|por)|seguit[oa]\s+da|poi|luego|→|->|status\s+post|post-?|after|recibi[oó]|recibid[oa]|ricevut[oa]|ha\s+ricevuto|ha\s+fatto|ha\s+eseguito|ha\s+effettuato|ha\s+recibido|ha\s+hecho|hizo|following|(?:and\s+)?then\s+on|progressed\s+(?:on|after|following)|progressing\s+on|PD\s+on|progression\s+on|failed|received|completed|treated\s+with|pretreated\s+with|prior|previous(?:ly)?|tras|despu[eé]s\s+de|refractory\s+to|refractari[oa]s?\s+a|refrattari[oa]\s+a|progresi[oó]n\s+(?:(?:bioqu[ií]mica|radiol[oó]gica|cl[ií]nica|biochimica|radiologica|clinica|biochemical|radiological|radiographic|clinical)\s+(?:(?:y|e|and)\s+(?:bioqu[ií]mica|radiol[oó]gica|cl[ií]nica|biochimica|radiologica|clinica|biochemical|radiological|radiographic|clinical)\s+)?)?(?:a|tras)|en\s+progresi[oó]n\s+a|tratad[oa]s?\s+con|pretratad[oa]s?\s+con|dopo|(?:in\s+)?progressione\s+(?:(?:bioqu[ií]mica|radiol[oó]gica|cl[ií]nica|biochimica|radiologica|clinica|biochemical|radiological|radiographic|clinical)\s+(?:(?:y|e|and)\s+(?:bioqu[ií]mica|radiol[oó]gica|cl[ií]nica|biochimica|radiologica|clinica|biochemical|radiological|radiographic|clinical)\s+)?)?(?:a|dopo|durante|in\s+corso\s+di)|progresi[oó]n\s+(?:con|durante)|progres[oó]\s+(?:a|con|durante|tras)|progredit[oa]\s+(?:a|dopo|durante|in\s+corso\s+di)|ha\s+completado|complet[oó]|completad[oa]|ha\s+completato|completat[oa]|trattat[oa]\s+con|pretrattat[oa]\s+con|pregress[oaie]|precedente|previ[oa]s|progress\w*\s+while\s+on|intolerant\s+to|intolerancia\s+a|intollerante\s+a|sottopost[oa]\s+a|sometid[oa]\s+a|underwent|se\s+(?:le\s+|lo\s+)?realiz[oó]|se\s+(?:le\s+|lo\s+)?practic[oó]|ha\s+eseguito|(?:[eè]\s+stat[oa]|si\s+[eè])\s+eseguit[oa]|then|x\d|ha\s+sospeso|ha\s+suspendido|ha\s+interrotto|stopped|discontinued`;
/** Before a treatment: it is planned or refused, not given. */
export const PLAN_CUE = String.raw`avviat[oa]\s+a(?:l|lla)?|en\s+espera\s+de|in\s+attesa\s+di|awaiting|waiting\s+for|before|prior\s+to|antes\s+de|prima\s+d(?:i|ella|el)|candidate|candidat[oa]|planned|plan(?:ned)?\s+for|(?:we\s+)?plan|planteamos|plantear|(?:ha\s+)?opt(?:ed|s|ado|ato)\s+(?:for|por|per)|ha\s+elegido|ha\s+scelto|for\s+(?:\d)L|eligible|eleggibile|declines|declining|refuses|refusing|rifiuta|rifiutando|rechaza|rechazando|(?:to\s+)?avoid(?:ing)?|(?:to\s+)?spare|evitar|evitare|declined|refused|rechaz[oó]|rehus[oó]|rifiutat[oa]|ha\s+rifiutato|unfit\s+for|ineligible|inelegible|(?:no|non)\s+idone[oa]|no\s+apt[oa]|not\s+fit\s+for|proposed|propuest[oa]|propost[oa]|programad[oa]|programmat[oa]|in\s+programma|en\s+programa|previst[oa]|scheduled|to\s+start|will\s+(?:start|receive)|da\s+iniziare|considered\s+for|considerad[oa]\s+para|considerat[oa]\s+per|discussed|discuss[oa]|discutid[oa]|indicated|indicat[oa]|indicad[oa]|offered|ofrecid[oa]|offert[oa]|se\s+plantea|si\s+propone|se\s+propone|(?:we\s+)?propose|proponemos|proponiamo|pendiente\s+de|recommended|recomendad[oa]|raccomandat[oa]|consigliat[oa]|(?:no|non)\s+candidat[oa]|(?:no|non)\s+candidabil[ei]|sar[àa]\s+valutat[oa]\s+per|valutat[oa]\s+per|ser[áa]\s+valorad[oa]\s+para|will\s+be\s+(?:re-?)?(?:assessed|evaluated|considered)\s+for|(?:to\s+be\s+)?re-?(?:assessed|evaluated)\s+for|to\s+be\s+(?:assessed|evaluated|considered)\s+for|booked(?:\s+for)?|valut(?:iamo|ando|are)|si\s+valuta|considering|evaluating|under\s+consideration|se\s+valora|valorando|valoramos|valorar|se\s+discute|si\s+discute|se\s+discutir[áa]|si\s+discuter[àa]|agreed:?|(?:se\s+)?acord[oó]:?|se\s+acuerda:?|si\s+concorda:?|concordat[oa]:?|will\s+be\s+discussed|too\s+(?:frail|unwell|weak)\s+for|troppo\s+fragile\s+per|demasiado\s+fr[aá]gil\s+para|(?:como\s+)?puente\s+a|(?:as\s+(?:a\s+)?)?bridge\s+to|(?:come\s+)?ponte\s+(?:a|al|alla)`;
/**
 * Right after a course: it is not given (yet) — planned, proposed, pending, offered or declined ("2L ramucirumab +
 * paclitaxel pendiente de aprobación", "adjuvant CAPOX offered but declined", "selpercatinib ancora da iniziare"). A
 * course's own setting or line word before it does not outweigh this. (A course under way is given: CURRENT_AFTER.)
 */
export const PLAN_AFTER = String.raw`^[\s)]*(?:x\s*\d+\s*[a-zñ]+\s*)?(?:(?:neo-?)?(?:adjuvant|adyuvante|adiuvante)\s+|neoadyuvante\s+|neoadiuvante\s+)?(?:(?:in|en)\s+(?:\S+\s+)?l[ií]nea\s+|\d\s*L\s+|(?:first|second|third)[- ]line\s+)?(?:(?:was|is|were|been|è|fue|es|stato|stata|will\s+be|sar[àa]|ser[áa])\s+)?(?:candidate|candidat[oa]|planned|pending|pendiente|offered|ofrecid[oa]|offert[oa]|proposed|propuest[oa]|propost[oa]|declined|refused|rechazad[oa]|rifiutat[oa]|booked|scheduled|programad[oa]|programmat[oa]|previst[oa]|to\s+be\s+(?:started|given|added|considered)|to\s+(?:start|begin|commence)|(?:ancora\s+)?da\s+(?:iniziare|valutare|avviare|pianificare|programmare|eseguire|definire)|non\s+ancora\s+(?:eseguit[oa]|effettuat[oa]|iniziat[oa]|avviat[oa])|not\s+yet\s+(?:done|performed|given|started)|(?:a[uú]n\s+|todav[ií]a\s+)no\s+(?:realizad[oa]|iniciad[oa]|administrad[oa])|not\s+(?:funded|reimbursed|available)|(?:no|non)\s+(?:financiad[oa]|rimborsat[oa]|disponibile)|por\s+iniciar|a\s+iniciar|not\s+(?:yet\s+)?(?:started|given)|awaiting|in\s+attesa|en\s+espera|under\s+consideration|in\s+valutazione|en\s+valoraci[oó]n|(?:being\s+)?(?:discussed|considered|recommended)|not\s+(?:performed|done|carried\s+out)|non\s+(?:eseguit[oa]|effettuat[oa]|praticat[oa])|no\s+(?:realizad[oa]|efectuad[oa])|contraindicated|contraindicad[oa]|controindicat[oa]|-?(?:unfit|ineligible|inelegible|no\s+apt[oa])|-(?:eligible|elegible|eleggibile|fit)|(?:not|no|non)\s+(?:candidate|candidat[oa]|candidabile|eligible|elegible|eleggibile))\b`;
/** Words of an infection or another illness: a bracketed aside after them is about it ("VHC (nunca tratada)"). */
export const OTHER_ILLNESS_ASIDE = String.raw`\b(?:HCV|HBV|VHC|VHB|HIV|VIH|hepatitis|epatite|viremia|viral|virus|diabet\w*|tuberculos[ie]s|tubercolosi|depress\w*)\b`;
/** A plan word one to three words after a course, within its phrase ("epatectomia a due tempi in programma"). */
export const PLAN_LATER = String.raw`^[\s)]*(?:[A-Za-zÀ-ú0-9-]+\s+){1,3}(?:(?:is|was|è|es|est[aá])\s+)?(?:in\s+programma|en\s+programa|planned|programad[oa]|programmat[oa]|previst[oa]|pendiente|pending|scheduled|proposed|propuest[oa]|propost[oa]|to\s+be\s+(?:scheduled|planned|discussed)|not\s+yet\s+(?:done|performed|given|started)|not\s+(?:done|performed|given|started)\s+yet|non\s+ancora\s+(?:eseguit[oa]|effettuat[oa]|iniziat[oa]|avviat[oa])|(?:a[uú]n|todav[ií]a)\s+no\s+(?:realizad[oa]|iniciad[oa]|administrad[oa]))\b`;
/**
 * A word of progression after a course ("→ PD", "progressed", "progresó", "in progressione", "progredito"): one
 * definition for every rule that asks whether a course ended in progression. "PD" is never the start of "PD-L1"
 * ("1L pembrolizumab PD-L1 90%" is a course under way, not one that progressed).
 */
/** After a progression word: the preposition of the next course ("tras progresión a FOLFOX", "progressed on X"). */
export const NEXT_COURSE_OUTCOME =
  /^[\wÀ-ú]*\s+(?:a|al|alla|ad|to|on|with|after|tras|con|dopo|durante|under|following|in\s+corso\s+di|de|del|di)\s*(?:\(?\s*)?(?:(?:[1-4]\s*L|(?:first|second|third)[- ]line)\s*)?$/i;
/** A past cue that repeats the one before it along a chain of courses ("progressed on X and then on Y"). */
export const CHAINED_CUE = /^(?:and\s+)?then\s+on$/i;
/** A progression given as the reason a course began ("per progressione epatica", "por progresión", "for progression"). */
export const PROGRESSION_REASON = String.raw`^[^.;,]{0,15}?\b(?:per|por|for|due\s+to|because\s+of|a\s+causa\s+d[ie]|debido\s+a|owing\s+to)\s+(?:la\s+|una\s+|the\s+)?(?:progress\w*|progresi[oó]n|PD\b)`;
/** New lesions named: progression of the disease. */
export const NEW_LESIONS = String.raw`\b(?:new|nuev[oa]s?|nuov[ao]|nuove)\s+(?:[A-Za-zÀ-ú-]+\s+){0,3}?(?:mets|metastas[ie]s|metastasis|met[aá]stasis|metastasi|mts|lesions?|lesi[oó]n|lesiones|lesion[ei]|nodules?|n[oó]dulos?|noduli|deposits?|foci|focos|focolai|disease|enfermedad|malattia|localizzazion[ei]|localizaci[oó]n(?:es)?)(?![\wÀ-ú])`;
/** The latest examination a finding is dated by ("en la última cistoscopia (09/2025)", "alla TC del 2025", "on the latest CT"). */
export const LAST_EXAM = String.raw`(?:(?:en|on|at|al|alla|a|in|nella|nell['’]|sulla|sul|durante)\s+(?:la\s+|el\s+|the\s+|l['’]\s*|il\s+)?(?:[uú]ltim[oa]\s+|last\s+|latest\s+|most\s+recent\s+|recent[ei]?\s+|follow-?up\s+)?(?:PSMA[-\s]+|FDG[-\s]+)?(?:cistoscop[ií]a|cystoscopy|TC|TAC|CT|PET(?:[-/]\w+)?|RM|RMN|MRI|imaging|control(?:lo)?|follow-?up|seguimiento|scan|ecograf[ií]a|ultrasound|colonoscop(?:y|[ií]a)|endoscop(?:y|[ií]a)|revisi[oó]n|visita|visit)(?:\s+(?:di\s+)?controllo)?\s*(?:(?:del|de|of|in|en|nel)\s+)?(?:\(?\s*(?:\d{1,2}\/)?(?:19|20)\d{2}\s*\)?)?)?`;
export const PROGRESSION_WORD = String.raw`\bprogress(?!\w*[- ]free)|\bprogresi|\bprogres[oó]|\bprogredit|\bPD\b(?![-\s]?L1)`;
/**
 * Before a course: it is under way or starting now ("started fulvestrant", "inicia cabazitaxel", "ha iniziato
 * olaparib", "in trattamento con crizotinib dal 2023", "now 2L docetaxel", "on letrozole"). A course under way is a
 * treatment the patient has received (the product's convention since session 9), but not a completed line and not
 * one that progressed — unless the sentence then says it progressed.
 */
export const CURRENT_CUE = String.raw`started|began|empez[oó]|ha\s+empezado|comenz[oó]|ha\s+comenzado|mantiene|contin[uú]a\s+con|sigue\s+con|continues\s+on|prosegue(?:\s+con)?|(?:since|desde|dal|dalla)\s+(?:(?:\d{1,2}\/)?\d{1,2}\/)?(?:19|20)?\d{2}(?=\s*,?\s*$)|(?:has\s+)?(?:resumed|restarted|recommenced)|(?:ha\s+)?ripres[oa]|(?:ha\s+)?reanudad[oa]|reanud[oó]|reinici(?:ó|ado|ada)|(?:en|in)(?=\s*$)|has\s+(?:now\s+)?(?:started|begun)|is\s+(?:now\s+)?(?:on|receiving|taking)|currently\s+(?:on|receiving|taking)|still\s+on|remains\s+on|now\s+on|(?<=^|[\s,;:.(])on|receiving|taking|on\s+treatment\s+with|inicia|inici[oó]|iniciad[oa]|ha\s+iniciado|(?:se\s+)?inicia|recibe|est[aá]\s+recibiendo|en\s+tratamiento\s+con|bajo\s+tratamiento\s+con|actualmente(?:\s+(?:con|en))?|ahora(?:\s+(?:con|en))?|inizia|iniziat[oa]|ha\s+iniziato|(?:si\s+)?avvia|avviat[oa]|riceve|sta\s+(?:ricevendo|assumendo)|in\s+trattamento\s+con|in\s+terapia\s+con|attualmente(?:\s+(?:con|in))?|in\s+corso(?:\s+di)?|en\s+curso|now(?:\s+\d?L)?|ora(?:\s+(?:in|con))?`;
/**
 * Right after a course: it is under way ("alectinib adyuvante en curso", "1L osimertinib since 2024", "pembrolizumab
 * dal 02/2025", "lenvatinib da 18 mesi", "ADT continuativa"): given, not ended.
 */
export const CURRENT_AFTER = String.raw`^[\s)]*(?:\d+(?:[.,]\d+)?\s*(?:mg|g|mcg|µg)(?:\/m[²2]|\/kg)?\s+(?:(?:weekly|daily|semanal(?:es)?|settimanal[ei]|al\s+d[ií]a|die|bid|od)\s+)?(?=(?:was\s+|were\s+|has\s+been\s+|fue\s+)?(?:started|initiated|commenced|iniciad|iniziat|avviat)))?(?:(?:en\s+|in\s+)?(?:monotherapy|monoterapia|mono)\s+(?=since\b|desde\b|dal\b|(?:was\s+|were\s+|has\s+been\s+|fue\s+)?(?:started|initiated|commenced|iniciad|iniziat|avviat)))?(?:,\s*(?=ongoing|in\s+corso|en\s+curso)|)(?:(?:neo-?)?(?:adjuvant|adyuvante|adiuvante)\s+|(?:di|de)\s+(?:mantenimiento|mantenimento|consolidamento|consolidaci[oó]n)\s+)?(?:(?:in|en)\s+(?:\S+\s+)?l[ií]nea\s+|\d\s*L\s+)?(?:(?:is|è|es)\s+)?(?:in\s+corso(?!\s+di\s+(?:valutazione|definizione|approvazione))|en\s+curso|ongoing|in\s+progress|(?:(?:for|per|por|durante|x)\s*\d+\s*(?:months?|mesi|meses|years?|anni|a[ñn]os|weeks?|settimane|semanas)\s+)?(?:(?:was|were|has\s+been|have\s+been|fue|è\s+stat[oa]|son?\s+stat[ie])\s+)?(?:started|initiated|commenced|begun|iniciad[oa]s?|iniziat[oa]|avviat[oa])\b(?!\s+(?:and\s+)?(?:stopped|discontinued|suspended))|since\b|desde\b|dal\b|dalla\b|da\s+\d+\s*(?:mesi|settimane|sett|giorni|anni)\b|continuativ[oa]\b|(?:C|ciclo\s+|cycle\s+)\d{1,2}(?:\s*D\d{1,2}|\s*\/\s*\d{1,2})?\b(?!\s*(?:completed|completad|completat|conclu|finished|of\b|de\b|di\b)))`;
/**
 * Courtesy formulas of referral letters: their "if" is politeness, not a hypothetical finding ("I would be grateful if
 * you could see Ms P., with a germline BRCA2 variant" states the variant). Blanked before the hypothetical rules run.
 */
/**
 * A denial word fused to its adjective ("non operabile per BPCO: SBRT 54 Gy", "no resecable"): it denies the operation,
 * not the treatments written after it.
 */
export const FUSED_DENIAL = String.raw`\b(?:non|no|not)\s+(?:operabil[ei]|operable|resecabil[ei]|resecables?|resectable)\b`;
/** Phenotype names that hold a denial word but deny no gene: "triple-negative", "triplo negativo". */
export const NEGATIVE_PHENOTYPE = String.raw`\btripl[eo][- ]negativ[eoa]s?\b|\bTNBC\b`;
export const COURTESY = String.raw`\b(?:I\s+would\s+be\s+(?:most\s+|very\s+)?grateful\s+if\s+you\s+(?:could|would)|I\s+would\s+appreciate\s+it\s+if\s+you\s+(?:could|would)|(?:le|te)\s+agradecer[ií]a\s+(?:mucho\s+)?(?:si|que)|(?:le|ti)\s+sarei\s+grat[oa]\s+se)\b`;
/** After a treatment: it was given (line markers, maintenance, "then PD"). */
export const PAST_AFTER = String.raw`^\s*(?:\(\s*(?:\d+\s*\/\s*\d+\s+)?(?:completed|completad[oa]|completat[oa])\b|(?:\d+(?:[.,]\d+)?\s*(?:mg|g|mcg)(?:\/m[²2]|\/kg)?\s*)?\)?\s*,\s*(?:completed|completad[oa]s?|completat[oa]|terminad[oa]|finalizad[oa]|finished|conclus[oa])\b|(?:\([^()]{0,40}\)\s*)?(?:→|->)\s*(?:PD\b|PR\b|SD\b|CR\b|RP\b|EE\b|RC\b|MS\b|progress|progresi|partial|stable|complete|respons|respuesta|risposta|estab|stabil)|\(?\s*\d(?:st|nd|rd|th)?\s*L\b|\d+\s*L\b|x\s*\d|first[- ]line|second[- ]line|then|with\s+PD|maintenance|consolidation|de\s+mantenimiento|(?:en|in)\s+(?:1[ªa]|2[ªa]|primera|segunda|prima|seconda)\s+l[ií]nea|in\s+(?:prima|seconda|terza)\s+linea|adyuvante|adiuvante|adjuvant|\(\s*PFS|-?(?:refractory|unresponsive|refrattari[oa]|refractari[oa])|(?:was\s+)?(?:discontinued|stopped|interrupted)\b|sospes[oaie]\b|interrott[oaie]\b|suspendid[oa]s?\b|(?:de|di)\s+(?:inducci[oó]n|induzione|mantenimento)\b|induction\b|induzione\b|inducci[oó]n\b|(?:was\s+)?performed\b|realizad[oa]\b|eseguit[oa]\b|practicad[oa]\b)`;

/** What a bare ordinal counts when it is no line: a cycle, a dose, a day ("oxaliplatino sospeso al 5° ciclo"). */
const NOT_A_LINE = String.raw`\s*(?:cycles?|ciclos?|cicli|courses?|cursos?|dos[ei]s|dosi|infusion[ei]?s?|infusi[oó]n|sedut[ae]|sesi[oó]n(?:es)?|sessions?|fracci[oó]n(?:es)?|frazion[ei]|fractions?|d[ií]as?|days?|giorn[oi]|semanas?|settiman[ae]|weeks?|mes(?:es)?|mesi|months?|años?|ann[oi]|years?|vertebr\w*|costa|costilla|dit[oa]|dedo|segment\w*|grad[oi]|grade)\b`;
export const LINE_WORDS: Array<[string, number]> = [
  // "I linea", "1a linea", and an ordinal standing alone for its line ("docetaxel (2ª)")
  [
    String.raw`1L|1[ªº°]\s?L(?![a-z])|first[- ]line|1st[- ]line|primera\s+l[ií]nea|1[ªa]\s+l[ií]nea|prima\s+linea|1[°ªº]\s+linea|I\s+linea|1[ªº°](?!${NOT_A_LINE})`,
    1,
  ],
  [
    String.raw`2L|2[ªº°]\s?L(?![a-z])|second[- ]line|2nd[- ]line|segunda\s+l[ií]nea|2[ªa]\s+l[ií]nea|seconda\s+linea|2[°ªº]\s+linea|II\s+linea|2[ªº°](?!${NOT_A_LINE})`,
    2,
  ],
  [
    String.raw`3L|3[ªº°]\s?L(?![a-z])|third[- ]line|3rd[- ]line|tercera\s+l[ií]nea|3[ªa]\s+l[ií]nea|terza\s+linea|3[°ªº]\s+linea|III\s+linea|3[ªº°](?!${NOT_A_LINE})`,
    3,
  ],
  [
    String.raw`4L|4[ªº°]\s?L(?![a-z])|fourth[- ]line|4th[- ]line|cuarta\s+l[ií]nea|4[ªa]\s+l[ií]nea|quarta\s+linea|4[°ªº]\s+linea|IV\s+linea|4[ªº°](?!${NOT_A_LINE})`,
    4,
  ],
  [
    String.raw`5L|5[ªº°]\s?L(?![a-z])|fifth[- ]line|5th[- ]line|quinta\s+l[ií]nea|5[ªa]\s+l[ií]nea|quinta\s+linea|5[°ªº]\s+linea|V\s+linea|5[ªº°](?!${NOT_A_LINE})`,
    5,
  ],
];
export const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, una: 1, dos: 2, tres: 3, cuatro: 4, due: 2, tre: 3, quattro: 4 };

/** After a denied course, a setting word: only that setting's course is denied ("nessuna terapia adiuvante", "no adjuvant therapy"), not every line. */
/** "for metastatic disease", "per la malattia metastatica": the setting the lines are counted in, no setting of its own. */
const FOR_ADVANCED = String.raw`(?:\s+(?:for|per|para)\s+(?:la\s+|el\s+|the\s+)?(?:(?:malattia|enfermedad|disease|fase)\s+(?:metastatica|metast[aá]sica|metastatic|avanzata|avanzada|advanced)|recidiva|reca[ií]da|recurrence|relapse))?`;
const NOT_ONE_SETTING = String.raw`${FOR_ADVANCED}(?=\s*(?:[,.;:)]|$)|\s+(?:x|per|por|for|due\s+to|because\s+of|debido\s+a)\s+(?:la\s+|the\s+|su\s+|sua\s+|her\s+|his\s+)?(?:fragil|frail|et[aà]\b|edad\b|age\b|comorbid|scelta|decisi|rifiuto|rechazo|refusal|preferen)|\s+(?:e|ed|y|and|ma|pero|but|né|ni|n[eé]|yet|so\s+far|hasta\s+(?:ahora|la\s+fecha)|finora|ad\s+oggi)\b)`;
/** No systemic treatment so far (0 prior lines). Not "chemo-naive": a patient naive to one class may have had others (chemo-naive mCRPC after abiraterone). */
export const NAIVE = String.raw`treatment[- ]na[iï]ve|na[iï]ve\s+(?:a|al(?:le)?)\s+(?:terapi[ae]|trattament[oi])(?:\s+sistemic[hae]+)?|non\s+ha\s+(?:ancora\s+)?ricevuto\s+(?:alcun[ao]?\s+)?(?:terapi[ae]|trattament[oi])(?:\s+sistemic[hae]+)?|non\s+pregress[ei]\s+terapie|no\s+ha\s+recibido\s+(?:a[uú]n\s+|todav[ií]a\s+)?(?:ning[uú]n\s+)?tratamiento(?:\s+sist[eé]mico)?|has\s+not\s+(?:yet\s+)?received\s+(?:any\s+)?(?:systemic\s+)?(?:therapy|treatment)|therapy[- ]na[iï]ve|(?<!\b(?:mets|metastases|metastasis|lesions?)(?:\s*x\s*\d+)?\s*[,(]?\s*)untreated(?!\s+(?:(?:brain|CNS|bone|liver)\s+)?(?:mets|metastases|lesions?)|\s+locally)|no\s+prior\s+(?:systemic\s+)?(?:therapy|treatment)${FOR_ADVANCED}|(?:has\s+had|had\s+received|has\s+received|received)\s+no\s+(?:prior\s+)?(?:systemic\s+)?(?:therapy|treatment)${FOR_ADVANCED}|sin\s+tratamiento\s+(?:sist[eé]mico\s+)?previo|na[iï]ve\s+al\s+trattamento|non\s+pretrattat[oa](?:\s+con\s+terapia\s+sistemica)?|mai\s+trattat[oa](?:\s+con\s+terapi[ae](?:\s+sistemic[hae]+)?)?(?!\s+con)|nessun[ao]?\s+(?:terapia|trattamento|tp|tx)(?:\s+sistemic[oa])?(?:\s+precedente)?${NOT_ONE_SETTING}|candidat[oa]\s+(?:a|alla)\s+prima\s+linea|sin\s+tratamiento(?:\s+sist[eé]mico)?${NOT_ONE_SETTING}|no\s+(?:systemic\s+)?(?:therapy|treatment)\s+(?:yet|so\s+far|to\s+date|given|received)|no\s+systemic\s+(?:therapy|treatment)${NOT_ONE_SETTING}|nunca\s+ha\s+recibido\s+(?:ning[uú]n\s+)?tratamiento(?:\s+sist[eé]mico)?|never\s+(?:received|had)\s+(?:any\s+)?systemic\s+(?:therapy|treatment)|non\s+ha\s+mai\s+ricevuto\s+(?:alcun[ao]?\s+)?(?:terapi[ae]|trattament[oi])(?:\s+sistemic[hae]+)?|non\s+ha\s+ancora\s+iniziato\s+(?:alcun[ao]?\s+)?(?:terapi[ae]|trattament[oi])|no\s+ha\s+iniciado\s+(?:a[uú]n\s+)?(?:ning[uú]n\s+)?tratamiento|a[uú]n\s+no\s+ha\s+iniciado\s+(?:ning[uú]n\s+)?tratamiento|has\s+not\s+(?:yet\s+)?started\s+(?:any\s+)?(?:therapy|treatment)`;

export const SMOKING: Array<[string, 'never' | 'former' | 'current']> = [
  [
    String.raw`never[- ]smoker|non-?smoker|never\s+smoked|nunca\s+fumador[a]?|no\s+fumador[a]?|nunca\s+(?:ha\s+)?fumad[oa]|nunca\s+fum[oó]|mai\s+fumat(?:ore|rice|[oa])|non\s+fumat(?:ore|rice)|non\s+ha\s+mai\s+fumato`,
    'never',
  ],
  [String.raw`ex[- ]?smoker|former\s+smoker|ex[- ]?fumador[a]?|ex[- ]?fumat(?:ore|rice)`, 'former'],
  [String.raw`current\s+smoker|active\s+smoker|heavy\s+smoker|fumador[a]?\s+activ[oa]|forte\s+fumat(?:ore|rice)|fumat(?:ore|rice)\s+attiv[oa]`, 'current'],
  // the noun alone, once the never / former forms above have claimed theirs
  [String.raw`(?<![\w-])(?:smoker|fumador[a]?|fumat(?:ore|rice))(?![\w])`, 'current'],
];
export const MENOPAUSE: Array<[string, 'premenopausal' | 'postmenopausal']> = [
  [String.raw`pre-?menopaus(?:al|a)|premenop[aá]usica|in\s+premenopausa`, 'premenopausal'],
  [String.raw`post-?menopaus(?:al|a)|pos(?:t)?menop[aá]usica|in\s+menopausa`, 'postmenopausal'],
];
export const SEX: Array<[string, 'male' | 'female']> = [
  [
    String.raw`\b(?:male|man|gentleman|Mr\.?|Sr\.?(?![a-z])|var[oó]n|hombre|uomo|signor(?:e)?|paziente\s+maschio|maschio|masculino|maschile)\b|\bsig\.(?!ra)|\bsig(?=\s+(?:[a-zà-ú]+\s+)?\d{2}\s*(?:aa|anni)\b)|(?<=\b(?:sex|sexo|sesso)\s*:?\s*)M\b|\bM(?=\s+\d{1,3}\s*(?:aa|a|y|yo|años|anni)\b)|\bD\.(?=\s+[A-ZÁÉÍÓÚ][a-záéíóúñ]+)`,
    'male',
  ],
  [
    String.raw`\b(?:female|woman|lady|Mrs\.?|Ms\.?|mujer|Sra\.?|donna|signora|Sig\.ra|femenino|femenina|femminile|femmina)\b|(?<=\b(?:sex|sexo|sesso)\s*:?\s*)F\b|\bF(?=\s+\d{1,3}\s*(?:aa|a|y|yo|años|anni)\b)|\bD(?:\.ª|ña\.?|oña)(?=\s+[A-ZÁÉÍÓÚ])`,
    'female',
  ],
];

/** Laboratory values: analyte key -> names, and the range a value in the usual unit falls in. */
export const LABS: Array<{ analyte: string; re: string; unit: string; plausible: [number, number] }> = [
  {
    analyte: 'creatinine_clearance',
    re: String.raw`CrCl|ClCr|CLCR|creatinine\s+clearance|clearance\s+(?:della\s+)?creatinin[ae]|clearance\s+(?:della\s+)?creat\.?(?![\wÀ-ú])|aclaramiento\s+de\s+creatinina|aclaramiento\s+(?:de\s+)?creat\.?(?![\wÀ-ú])`,
    unit: 'mL/min',
    plausible: [1, 200],
  },
  {
    analyte: 'egfr',
    re: String.raw`eGFR|egfr(?=\s*[:=]?\s*\d)|GFR|FG|[Ff]iltrado\s+glomerular|[Ff]iltrato\s+glomerulare|VFG`,
    unit: 'mL/min/1.73m²',
    plausible: [1, 200],
  },
  // "Cr 1.1": the symbol only with a decimal value ("CR 12 mo" is a complete response)
  { analyte: 'creatinine', re: String.raw`creatinine|creatinina|creat|\bCr(?=\s*[:=]?\s*\d[.,]\d)`, unit: 'mg/dL', plausible: [0.1, 20] },
  {
    analyte: 'bilirubin',
    re: String.raw`(?:total\s+)?(?:bilirubin|bilirrubina|bilirubina|bili(?![\wÀ-ú]))(?:\s+total[e]?)?`,
    unit: 'mg/dL',
    plausible: [0.1, 40],
  },
  { analyte: 'albumin', re: String.raw`albumin|alb[uú]mina|alb(?![\wÀ-ú])`, unit: 'g/dL', plausible: [1, 7] },
  { analyte: 'hemoglobin', re: String.raw`Hb|Hgb|ha?emoglobin|hemoglobina|emoglobina`, unit: 'g/dL', plausible: [3, 25] },
  { analyte: 'anc', re: String.raw`ANC|neutrophils|neutr[oó]filos|neutrofili`, unit: '/µL', plausible: [0, 50000] },
  {
    analyte: 'calcium',
    re: String.raw`calcium|calcio|calcemia|calcemia|\bCa(?!\s*(?:19|125|15)\b)(?=\s*[:=]?\s*\d{1,2}[.,]\d)`,
    unit: 'mg/dL',
    plausible: [4, 20],
  },
  { analyte: 'platelets', re: String.raw`platelets|plaquetas|piastrine|PLT|plaq|piastr`, unit: '/µL', plausible: [1000, 2000000] },
];
/** Serum markers held as biomarkers. */
export const MARKERS: Array<{ name: 'PSA' | 'AFP' | 'CEA' | 'CA19-9' | 'CA-125' | 'Calcitonin'; re: string }> = [
  { name: 'PSA', re: String.raw`i?PSA` },
  { name: 'AFP', re: String.raw`AFP|alfa-?feto-?prote[ií]na` },
  { name: 'CEA', re: String.raw`CEA` },
  { name: 'CA19-9', re: String.raw`CA\s?19[-.]9` },
  { name: 'CA-125', re: String.raw`CA[-\s]?125` },
  // "ctn": the quick note's short form
  { name: 'Calcitonin', re: String.raw`calcitonin[a]?|(?<![\w-])(?:CTN|Ctn|ctn)(?![\w-])` },
];

/** Cirrhosis in the three languages, noun or adjective ("cirrhotic liver", "hígado cirrótico"); not "non-cirrhotic". */
export const CIRRHOSIS = String.raw`(?<!\b(?:non|no|not)[-\s]?)\b(?:cirrhosis|cirrhotic|cirrosis|cirr[oó]tic[oa]|cirrosi|cirrotic[oa])\b`;

export const COMORBIDITIES: Array<[string, string]> = [
  [String.raw`\bHIV\b|\bVIH\b`, 'hiv'],
  [String.raw`hepatitis\s+B|epatite\s+B|\bhep\.?\s+B\b|\bHBV\b|\bVHB\b`, 'hepatitis_b'],
  [String.raw`hepatitis\s+C|epatite\s+C|\bhep\.?\s+C\b|\bHCV\b|\bVHC\b`, 'hepatitis_c'],
  [
    String.raw`auto-?immune|autoinmune|autoimmun[ei]|lupus|rheumatoid\s+arthritis|artritis\s+reumatoide|artrite\s+reumatoide|crohn|ulcerative\s+colitis|colitis\s+ulcerosa|colite\s+ulcerosa`,
    'autoimmune',
  ],
  [
    String.raw`heart\s+failure|myocardial\s+infarction|coronary|heart\s+disease|insuficiencia\s+card[ií]aca|cardiopat[ií]a|scompenso\s+cardiaco|infarto`,
    'cardiac',
  ],
];

/** Words that carry no fact of their own: a span of only these is not reported as not understood. */
export const FILLER = new Set(
  (
    'a al an and as at by de del della delle dei degli di e ed el en for from in is la las le lo los of on or per the to un una uno y with con su sul sulla now ora ahora then luego poi ' +
    'patient paciente paziente pt pts dear colleague estimado gentile collega caro i am referring refer remito remitimos si invia invio per valutazione valutazione for evaluation ' +
    'who has had was were is are has have with years year old y yo y/o años año a anni aa aa. anno et ct tb comité comite comitato gom board tumor tumour referral registry ' +
    'left right sn dx sx izquierda derecha sinistra destra sinistro destro lado side sided left-sided multifocal multinodular multiple multiples múltiples multipli ' +
    'cancer cáncer carcinoma ca neoplasia tumour tumor disease enfermedad malattia diagnosis diagnóstico diagnosi currently actualmente attualmente since desde da ' +
    'mo months meses mesi month mes mese weeks semanas settimane cycles ciclos cicli x en in at the a los a las ai alle agli a la al ' +
    'sex sexo sesso edad età etá age affetta affetto affected affecta w/ w with da por pt. pz pz. sig. sig.ra sra. dr dr. dott dott.ssa'
  ).split(/\s+/),
);

// Spanish and Italian drug names read as English ones: romanceSpelling.ts, beside the other spelling rules
export { romanceDrugCandidates } from './romanceSpelling';

/** The focus area an abbreviation's code belongs to is derived by the caller (focusOf); listed for typing only. */
export type { FocusArea };

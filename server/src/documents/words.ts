import { GENES } from '../vocab/genes';

/**
 * Which words a page is written in: whether its text layer reads as words at all (a PDF whose fonts map
 * glyphs to wrong codes gives "*XDUGDQW 6DPSOH" or private-use characters where the page shows
 * "Guardant Sample"), and which of the product's languages it is in (a decimal comma or a thousands
 * point depends on it). The lexicon is the function words of English, Spanish and Italian
 * (stopwords-iso) with the words laboratory and molecular reports are made of, written here because no
 * word list carries them, and the gene symbols of the gene vocabulary.
 */

export type ReportLanguage = 'en' | 'es' | 'it';
const LANGUAGES: ReportLanguage[] = ['en', 'es', 'it'];

// eslint-disable-next-line @typescript-eslint/no-require-imports
const STOPWORDS = require('stopwords-iso') as Record<string, string[]>;

/** Words of report headings, columns and common results, by language (lower case, accents kept and dropped). */
const REPORT_WORDS: Record<ReportLanguage, string> = {
  en: `report final laboratory test tests result results units unit reference range interval flag specimen collected received reported
    patient name date birth physician ordering sample blood serum plasma whole count absolute total direct estimated high low normal abnormal
    hemoglobin haemoglobin platelets platelet neutrophils lymphocytes white cells creatinine bilirubin albumin alkaline phosphatase glucose
    detected mutation mutations variant variants alteration alterations amplification deletion fusion gene genes genomic findings therapy therapies
    clinical trials significance tumor tumour burden microsatellite instability stable status frequency allele copy number interpretation
    methods limitations comments summary panel sequencing analysis cancer lung breast colon prostate adenocarcinoma carcinoma`,
  es: `informe laboratorio prueba pruebas resultado resultados unidades unidad valores referencia rango fecha extraccion extracción muestra
    paciente nombre nacimiento servicio oncologia oncología medico médico sangre suero plasma recuento absoluto total directa estimado alto bajo
    hemoglobina plaquetas neutrofilos neutrófilos linfocitos leucocitos creatinina bilirrubina albumina albúmina fosfatasa alcalina glucosa filtrado
    glomerular detectado detectada mutacion mutación variante variantes alteraciones amplificacion amplificación fusion fusión gen genes hallazgos
    tratamiento terapia ensayos clinicos clínicos significado tumor carga mutacional inestabilidad estable estado frecuencia comentarios resumen`,
  it: `referto laboratorio analisi esame esami risultato risultati unita unità valori riferimento intervallo data prelievo campione paziente
    nome nascita reparto oncologia medico sangue siero plasma conta assoluto totale diretta stimato alto basso emoglobina piastrine neutrofili
    linfociti leucociti globuli bianchi rossi creatinina bilirubina albumina fosfatasi alcalina glucosio filtrazione glomerulare rilevato rilevata
    mutazione mutazioni variante varianti alterazioni amplificazione fusione geni terapia sperimentazioni cliniche significato tumore carico
    mutazionale instabilita instabilità microsatelliti stabile stato frequenza commenti riepilogo`,
};

/** Words of one language and not the other two (function words and report words): they tell the language. */
const OWN = new Map<ReportLanguage, Set<string>>();
/** Every word the lexicon holds, of any of the three languages. */
const LEXICON = new Set<string>();
{
  const all = new Map<ReportLanguage, Set<string>>();
  for (const l of LANGUAGES) {
    const words = new Set([...STOPWORDS[l], ...REPORT_WORDS[l].split(/\s+/)].map((w) => w.toLowerCase()).filter((w) => w.length >= 3));
    all.set(l, words);
    for (const w of words) LEXICON.add(w);
  }
  for (const l of LANGUAGES) OWN.set(l, new Set([...all.get(l)!].filter((w) => LANGUAGES.every((o) => o === l || !all.get(o)!.has(w)))));
}
const GENE_SYMBOLS = new Set(GENES.map(([symbol]) => symbol));

/** A token's letters-only core ("(Results)" -> "Results"); two-letter tokens are too short to tell anything. */
const core = (token: string) => token.replace(/^[([{"'“‘]+|[)\]}"'”’.,;:!?]+$/g, '');
const NUMBERISH = /^[<>≤≥±~+-]?\d[\d.,:/%-]*$/;
/** Variant and HGVS notation ("p.R80*", "R80*", "c.559+1G>A") and units ("mg/dL"): what a readable report is full of. */
const NOTATION = /^[cp]\.\S+|^[A-Z]\d+[A-Z*]$|^[a-zµμ]+\/[a-zµμ0-9.]+$/i;

/**
 * Share of a text's tokens that read as something (a lexicon word, a gene symbol, a number, a variant or a
 * unit), counted over tokens of three characters or more; `tokens` says how many were weighed.
 */
export function readableShare(text: string): { share: number; tokens: number } {
  let weighed = 0;
  let read = 0;
  for (const raw of text.split(/\s+/)) {
    const t = core(raw);
    if (t.length < 3) continue;
    weighed++;
    if (NUMBERISH.test(t) || LEXICON.has(t.toLowerCase()) || GENE_SYMBOLS.has(t.toUpperCase()) || NOTATION.test(t)) read++;
  }
  return { share: weighed ? read / weighed : 0, tokens: weighed };
}

/**
 * The language a report is written in, from the words only one of the three languages uses; undefined when
 * the words do not decide (too few, or two languages close): the reader then treats a separator that
 * could be either as not understood.
 */
export function languageOf(text: string): ReportLanguage | undefined {
  const counts = LANGUAGES.map((l) => ({ l, n: 0 }));
  for (const raw of text.split(/\s+/)) {
    const w = core(raw).toLowerCase();
    if (w.length < 3) continue;
    for (const c of counts) if (OWN.get(c.l)!.has(w)) c.n++;
  }
  counts.sort((a, b) => b.n - a.n);
  return counts[0].n >= 2 && counts[0].n >= 2 * counts[1].n ? counts[0].l : undefined;
}

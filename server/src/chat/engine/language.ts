import enLocale from '@oncodesk/shared/locales/en.json';
import esLocale from '@oncodesk/shared/locales/es.json';
import itLocale from '@oncodesk/shared/locales/it.json';
import { plain } from './intent';
import { WORDS as MESSAGES, type Lang } from './messages';

/**
 * The language a question is written in, of the three the product speaks. Written by hand rather than
 * with a general detector (franc, tinyld, eld): those are trained on sentences and guess among dozens of
 * languages, while a clinician's question is three to eight words, half of them drug names, gene symbols
 * and trial ids that belong to no language ("NCT06604689 metástasis cerebrales", "tmb del paciente").
 * Here only the words that tell en, es and it apart count; with no such word the interface language stays.
 */
const WORDS: Record<Lang, string> = {
  en: `the a an of for in on to and or is are was be does do did what which why who whom where when how can could should would
    this that these those it its her his she he they my our me patient patients trial trials study studies criteria drug drugs
    treatment treatments option options report reports sites site nearest phase sponsor arms evidence data missing test next
    about say says use uses using target targeting targets with without from not any many much more else run runs recruiting still
    excluded exclude excludes exclusion inclusion enroll eligible qualify match matches require requires required summary summarize know please pls
    she her has had have been before after next value level result results allowed ok take takes taken given give any only
    go goes get gets into onto out who whom pts pt`,
  es: `a ser estar tener hubo el los las del al de la que qué por porque para con sin una unos unas es son está están y o cuál cuáles cuál cómo dónde quién
    hay este esta estos estas ese esa su sus ella él mi mis nos ensayo ensayos estudio estudios paciente pacientes criterios
    fármaco fármacos farmaco farmacos tratamiento tratamientos opción opciones informe informes datos faltan falta debería pedir
    centro centros más cercano cercana fase promotor brazos evidencia dice dicen usa usan trata recluta todavía encaja cumple
    queda excluido excluidos puede entrar ahora decidir según guías guia guias resumen previos previas también tiene tienen q y
    exige exigen permite permiten previo previa quimio pueden pido pedir ella le valor nivel resultado cuánto cuanto qué hay usar usa
    medicamentos fármacos países país hospitales dónde patrocinador patrocina estado receptores hormonales antes después
    requiere requieren necesita necesitan admite admiten edad mínima máxima aleatorizado aleatorio solo brazo diseño ciego doble
    precio tiempo hace mañana dime muestra mutación estrógeno estrógenos progesterona carga neutrófilos plaquetas cuántas cuántos líneas recibió requisitos exclusiones inclusiones`,
  it: `in a sono era erano essere avere il lo gli i dei degli delle della dello di da del nel nella che cosa per con senza una uno è e o quale quali come dove chi
    ci questo questa questi queste suo sua suoi lei lui mio mia studio studi paziente pazienti criteri farmaco farmaci
    trattamento trattamenti opzione opzioni referto referti dati mancano manca mancanti dovrei devo testare adesso ora
    centro centri più vicino vicina fase promotore bracci evidenze dice dicono usa usano tratta arruola ancora compatibile requisiti esclusioni inclusioni
    escluso esclusi entrare richiesto serve soddisfa li sedi riassunto riassumi precedenti anche ha hanno perché finanzia si fa
    accetta accettano già trattati trattato valore valori livello risultato esame esami manca mancano quanto quanti dopo prima
    paesi ospedali sponsorizza arruolato arruolati eleggibile età referto fonti nella nel alla dallo
    richiede richiedono servono prevede ammette consente necessario minima massima randomizzato singolo braccio disegno cieco
    stato recettoriale ormonale posso puoi può fare tempo domani dimmi mostrami doppio mutazione recettore recettori estrogeni piastrine metastasi cerebrali amplificato quanti quante anni`,
};
const LEX: Record<Lang, Set<string>> = {
  en: new Set(WORDS.en.split(/\s+/)),
  es: new Set(plain(WORDS.es).split(/\s+/)),
  it: new Set(plain(WORDS.it).split(/\s+/)),
};
/**
 * More words of each language, from what the product already writes in all three: the interface's locale
 * strings and the assistant's own answer words ("emoglobina" is Italian, "hemoglobina" Spanish). Only words
 * of four letters or more that one language alone writes count; used to tell the language, never to decide
 * that a word is an everyday one (isCommonWord).
 */
const strings = (x: unknown): string[] => (typeof x === 'string' ? [x] : x && typeof x === 'object' ? Object.values(x).flatMap(strings) : []);
const wordsOf = (texts: string[]) =>
  new Set(
    texts.flatMap(
      (t) =>
        plain(t.replace(/\{\{\w+\}\}/g, ' '))
          .toLowerCase()
          .match(/[a-z]{4,}/g) ?? [],
    ),
  );
const WRITTEN: Record<Lang, Set<string>> = {
  en: wordsOf([...strings(enLocale), ...Object.values(MESSAGES).map((m) => m.en)]),
  es: wordsOf([...strings(esLocale), ...Object.values(MESSAGES).map((m) => m.es)]),
  it: wordsOf([...strings(itLocale), ...Object.values(MESSAGES).map((m) => m.it)]),
};
const ONLY_IN: Record<Lang, Set<string>> = {
  en: new Set([...WRITTEN.en].filter((x) => !WRITTEN.es.has(x) && !WRITTEN.it.has(x) && !LEX.es.has(x) && !LEX.it.has(x))),
  es: new Set([...WRITTEN.es].filter((x) => !WRITTEN.en.has(x) && !WRITTEN.it.has(x) && !LEX.en.has(x) && !LEX.it.has(x))),
  it: new Set([...WRITTEN.it].filter((x) => !WRITTEN.en.has(x) && !WRITTEN.es.has(x) && !LEX.en.has(x) && !LEX.es.has(x))),
};

// words the three share ("de" is Spanish, "di" Italian; "fase", "centro", "con" are both) weigh nothing
const SHARED = new Set([...LEX.es].filter((w) => LEX.it.has(w) || LEX.en.has(w)).concat([...LEX.it].filter((w) => LEX.en.has(w))));

/** An everyday word of one of the three languages ("sono", "para", "what"): never the first letters of a drug name. */
export const isCommonWord = (word: string) => LEX.en.has(word) || LEX.es.has(plain(word)) || LEX.it.has(plain(word));

export function detectLanguage(text: string, fallback: Lang): Lang {
  const score: Record<Lang, number> = { en: 0, es: 0, it: 0 };
  // marks only one of the languages writes
  if (/[¿¡ñ]/i.test(text)) score.es += 2;
  if (/[àèìòù]|\bpiù\b|\bperché\b/i.test(text)) score.it += 2;
  if (/[áíóú]/i.test(text)) score.es += 1;
  for (const word of text.toLowerCase().match(/[a-zà-ÿ0-9]+/g) ?? []) {
    // a token with a digit is a name ("her2", "pd1", "t790m"), not a word of a language ("her")
    if (/\d/.test(word)) continue;
    const raw = plain(word);
    if (SHARED.has(raw)) continue;
    // a word written with an accent is not English ("exclusión", "età"), whatever its letters
    const accented = raw !== word;
    for (const l of ['en', 'es', 'it'] as const) if ((LEX[l].has(raw) || ONLY_IN[l].has(raw)) && !(accented && l === 'en')) score[l] += 1;
    // endings: Spanish -ción/-ciones, -os/-as plurals; Italian -zione/-zioni; English -tion/-ing
    if (raw.length > 4) {
      if (/cion(es)?$|siones$|(os|as)$/.test(raw)) score.es += 0.5;
      if (/zion[ei]$/.test(raw)) score.it += 0.5;
      if (/tion$|ing$/.test(raw)) score.en += 0.5;
    }
  }
  const best = (['en', 'es', 'it'] as const).reduce((a, b) => (score[b] > score[a] ? b : a), fallback);
  // a tie with the interface language keeps it
  return score[best] > score[fallback] ? best : fallback;
}

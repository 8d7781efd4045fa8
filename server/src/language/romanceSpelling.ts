/**
 * How Spanish and Italian spell what English spells otherwise, in one module:
 * - the words of a question or a record (ROMANCE_SPELLINGS), for every reader that meets a Spanish or Italian word
 *   where English sources are read (the assistant's retrieval reads a question's word as the record's English
 *   cognate through it). Rules are tried in order, each on every form made so far, so that "nefrectomía" gives
 *   "nephrectomía" and "ipertensione" "hypertension";
 * - the names of drugs (ROMANCE_DRUG_ENDINGS, romanceDrugCandidates), each candidate tried alone against the drug
 *   vocabulary by the language reader and the assistant.
 */
export const ROMANCE_SPELLINGS: ReadonlyArray<[RegExp, string]> = [
  // "infección"/"infezione" → infection
  [/(?:c|z)i[oó]n(?:e|es|i)?$/, 'tion'],
  // "toxicidad"/"tossicità" → toxicity
  [/(?:d|t)ad(?:es)?$|ta$/, 'ty'],
  // "cardiaco" → cardiac
  [/i(?:co|ca|ci|che|cos|cas)$/, 'ic'],
  [/os[oaie]s?$/, 'ous'],
  // "trasfusión" → transfusion
  [/^tras/, 'trans'],
  [/ss/, 'x'],
  // "attiva" → activa
  [/tt/, 'ct'],
  // "ipertensione" → hypertension
  [/^ip(?=er|o)/, 'hyp'],
  // the h Italian and Spanish do not write ("epatite" → hepatitis, "ormone", "umano" → human, "olmio" → holmium)
  [/^(?=[aeiou])/, 'h'],
  // the Greek "ph" written "f" ("nefrectomía" → nephrectomy, "linfonodi", "esofago", "fosfatasi")
  [/f/, 'ph'],
  // elements: "olmio"/"holmio" → holmium, "lutecio"/"lutezio" → lutetium
  [/io$/, 'ium'],
];

/** The English-like forms of a Spanish or Italian word (accents as typed), the word itself left out. */
export function englishSpellings(word: string): string[] {
  let forms = [word];
  for (const [re, to] of ROMANCE_SPELLINGS) forms = forms.flatMap((f) => (re.test(f) ? [f, f.replace(re, to)] : [f]));
  return forms.slice(1);
}

/** Spanish / Italian endings of drug names and the English ones tried for them, in order ("-ide" as written). */
const ROMANCE_DRUG_ENDINGS: ReadonlyArray<[RegExp, string]> = [
  [/ina$/, 'ine'],
  [/ino$/, 'in'],
  [/ona$/, 'one'],
  [/ida$/, 'ide'],
  [/ide$/, 'ide'],
  [/olo$/, 'ole'],
  [/ol$/, 'ole'],
  [/osido$/, 'oside'],
  [/ano$/, 'ane'],
  [/ato$/, 'ate'],
  [/o$/, ''],
  [/a$/, 'e'],
  [/a$/, ''],
  [/e$/, ''],
];

/** Spanish and Italian drug names -> the English generic name the drug vocabulary holds (tried in order). */
export function romanceDrugCandidates(word: string): string[] {
  const w = word
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  // an accent only ("irinotecán", "cetuximab" as typed): the word itself without it
  const out: string[] = w !== word.toLowerCase() ? [w] : [];
  // the Greek spellings English keeps and Spanish / Italian simplify ("ciclofosfamida" is cyclophosphamide), tried
  // after the word as written ("fluorouracilo", "ifosfamida" keep their f)
  // "-micina" is "-mycin" ("mitomicina", "bleomicina")
  const spellings = [...new Set([w, w.replace(/f/g, 'ph'), w.replace(/^ci/, 'cy'), w.replace(/^ci/, 'cy').replace(/f/g, 'ph'), w.replace(/micin/, 'mycin')])];
  for (const v of spellings) for (const [re, to] of ROMANCE_DRUG_ENDINGS) if (re.test(v)) out.push(v.replace(re, to));
  return out;
}

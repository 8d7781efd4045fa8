/**
 * How Spanish and Italian spell what English spells otherwise, regularly: one table for every reader that meets a
 * Spanish or Italian word where English sources are read (the assistant's retrieval reads a question's word as the
 * record's English cognate through it). Rules are tried in order, each on every form made so far, so that
 * "nefrectomía" gives "nephrectomía" and "ipertensione" "hypertension".
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

import { ONCOTREE_ROOT, ancestors, oncoNode, subtree } from '../../vocab/diseaseTree';

/**
 * "Histologically confirmed adenocarcinoma": a histology named without its organ, in a trial whose disease
 * gives the organ (gastric cancer). Read alone the sentence names no disease (detectDiagnosis finds none) and
 * stayed unread, deciding the subtype, so the trial was "unknown" for every patient, the right subtype
 * included. Here the histology is looked up under the trial's own disease in OncoTree: the highest nodes of
 * the trial's subtree whose names carry it (under Esophagus/Stomach, "adenocarcinoma" is Esophagogastric
 * Adenocarcinoma, which holds gastric, junction and oesophageal adenocarcinoma). The requirement is then a
 * diagnosis the matcher decides with its subtree rule: met by a stomach adenocarcinoma, failed by an
 * oesophageal squamous carcinoma, unknown for "stomach cancer" with no histology recorded.
 *
 * Read only when the sentence is nothing but that statement: the cue ("histologically or cytologically
 * confirmed / documented / proven", "diagnosis of"), one or more histologies joined by "or"/"and", and words
 * that add nothing ("histology", "cancer"). Anything more ("of the stomach", "predominant", "non-",
 * "with ...") leaves the sentence to the other detectors or unread: a wrong subtype would be a wrong answer,
 * an unread one is only "to check". A histology with no node under the trial's disease (squamous in a lung
 * adenocarcinoma trial) is not guessed either.
 */

/** A histology as a sentence writes it, and the words an OncoTree name carries for it. */
const HISTOLOGIES: ReadonlyArray<{ written: RegExp; named: RegExp }> = [
  { written: /\badenocarcinomas?\b/gi, named: /\badenocarcinoma\b/i },
  { written: /\bsquamous(?:[- ]cell)?(?:\s+(?:carcinomas?|cancers?))?\b/gi, named: /\bsquamous cell carcinoma\b/i },
  { written: /\b(?:urothelial|transitional[- ]cell)(?:\s+(?:carcinomas?|cancers?))?\b/gi, named: /\burothelial\b/i },
  { written: /\bclear[- ]cell(?:\s+(?:renal[- ]cell\s+)?(?:carcinomas?|cancers?))?\b/gi, named: /^(?!.*sarcoma).*\bclear cell\b.*\bcarcinoma\b/i },
];

/** The statement around the histologies: a confirmation cue first, then only joining or empty words. */
const CUE =
  /^\W*(?:(?:patients?|subjects?|participants?)\s+(?:must\s+)?(?:have|with)\s+(?:an?\s+)?)?(?:(?:histologic(?:al)?ly|cytologic(?:al)?ly|patholog(?:ic(?:al)?)?ly|tissue)[- ]?(?:\s*(?:and\s*\/?\s*|or\s+|\/\s*))?)+\s*(?:confirmed|documented|proven|verified|diagnosed)\s+(?:(?:diagnosis|evidence)\s+of\s+)?(?:an?\s+)?/i;
const FILLER = /\b(?:or|and|and\/or|histology|histologies|histologic(?:al)?\s+(?:type|subtype)|type|tumou?rs?|cancers?|carcinomas?|disease)\b|[\s,;:.()/-]+/gi;

/** The codes above `code` up to `root` included (`code` lies under `root`), from the tree's cached ancestor lists. */
const above = (code: string, root: string) => {
  const up = ancestors(code);
  return up.slice(1, up.indexOf(root) + 1);
};

/**
 * Disease codes for an inclusion sentence that only confirms a histology, looked up under the trial's
 * disease codes; undefined when the sentence says more, names no histology, or the histology has no node
 * under the trial's disease.
 */
export function histologyInTrialDisease(sentence: string, trialCodes: readonly string[]): { codes: string[]; text: string } | undefined {
  const roots = trialCodes.filter((c) => c !== ONCOTREE_ROOT && oncoNode(c));
  if (!roots.length) return undefined;
  const cue = CUE.exec(sentence);
  if (!cue) return undefined;
  let rest = sentence.slice(cue[0].length);
  // "non-squamous", "non-small cell": a negated histology is not this reader's
  if (/\bnon[- ]?\w/i.test(rest)) return undefined;
  const named: RegExp[] = [];
  const said: string[] = [];
  for (const h of HISTOLOGIES) {
    const found = rest.match(h.written);
    if (!found) continue;
    named.push(h.named);
    said.push(found[0]);
    rest = rest.replace(h.written, ' ');
  }
  if (!named.length || rest.replace(FILLER, '').length) return undefined;
  const codes: string[] = [];
  for (const root of roots) {
    for (const name of named) {
      // the highest nodes of the trial's subtree that carry the histology (subtree semantics covers the rest)
      for (const code of subtree(root)) {
        const node = oncoNode(code)!;
        if (!name.test(node.name)) continue;
        if (code !== root && above(code, root).some((a) => codes.includes(a) || name.test(oncoNode(a)!.name))) continue;
        if (!codes.includes(code)) codes.push(code);
      }
    }
  }
  // every histology named must exist under the trial's disease, else the sentence is not understood here
  // (so codes is never empty past this line: at least one histology was named)
  if (!named.every((name) => codes.some((c) => name.test(oncoNode(c)!.name)))) return undefined;
  return { codes, text: said.join('; ') };
}

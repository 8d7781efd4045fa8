import type { FindingAssertion } from '@oncodesk/shared/contracts';

/**
 * What a report asserts about a thing it names: NegEx-style triggers (Chapman et al. 2001) over the
 * clause and table row a candidate sits in, in English, Spanish and Italian. A pre-trigger ("No …",
 * "Negative for …", "sin …", "nessuna …") denies what follows it up to a scope terminator; a post-trigger
 * ("… not detected", "… NOT DETECTED", "… no detectado", "… non rilevata", "… wild-type") denies what
 * precedes it; the nearest cue wins, so "Detected: EGFR L858R" and "Not detected: ALK" each read right.
 *
 * Written here rather than taken from a library: the maintained NegEx ports are Python (negspacy, pyConTextNLP)
 * or Java; the JavaScript ones found on npm are unmaintained English-only term lists without scope
 * terminators or Spanish and Italian, and the report vocabulary (VUS, synonymous, equivocal, subclonal,
 * germline, resistance) is not theirs anyway.
 */

export type Assertion = FindingAssertion | 'hypothetical';

const A = '[aá]';
const E = '[eé]';
const O = '[oó]';
/** Denials written before what they deny. */
const PRE_NEGATION = [
  String.raw`\bno(?:t)?\b`,
  String.raw`\bwithout\b`,
  String.raw`\bnegative\s+for\b`,
  String.raw`\babsen(?:ce|t)\s+of\b`,
  String.raw`\bno\s+evidence\s+of\b`,
  String.raw`\bfree\s+of\b`,
  String.raw`\bneither\b`,
  String.raw`\bnor\b`,
  String.raw`\bnone\s+of\b`,
  String.raw`\bwild[- ]?type\b`,
  String.raw`\bnot\s+detected\s*:`,
  String.raw`\bnegative\s*:`,
  // es
  String.raw`\bsin\b`,
  String.raw`\bni\b`,
  String.raw`\bausencia\s+de\b`,
  String.raw`\bnegativ[oa]s?\s+para\b`,
  String.raw`\bno\s+se\s+(?:detect|identific|observ|encontr)\w*`,
  // it
  // not the "non" of "non-small cell"
  String.raw`\bnon(?![-\w])`,
  String.raw`(?<!\S)né(?!\S)`,
  String.raw`\bnessun[oa]?\b`,
  String.raw`\bassenza\s+di\b`,
  String.raw`\bnegativ[oa]\s+per\b`,
];
/** Denials written after what they deny (a result column, "… was not detected"). */
const POST_NEGATION = [
  String.raw`\bnot\s+(?:detected|identified|found|present|amplified|seen|observed|mutated|rearranged)\b`,
  String.raw`\bnone\s+(?:detected|identified|found)\b`,
  // "ROS1: no fusion detected", "ERBB2: no amplification"
  String.raw`\bno\s+(?:[a-z]+\s+){0,3}?(?:detected|identified|found|seen|observed)\b`,
  String.raw`\bno\s+(?:fusions?|rearrangements?|mutations?|variants?|alterations?|amplifications?|deletions?|evidence)\b`,
  String.raw`\bnot\s+mutated\b|\bunmutated\b|\bnot\s+(?:made|called|reported)\b`,
  String.raw`\bnegative\b`,
  String.raw`\babsent\b`,
  String.raw`\bwild[- ]?type\b`,
  String.raw`\bWT\b`,
  // es
  String.raw`\bno\s+(?:se\s+)?(?:detectad|detect${A}|identificad|encontrad|amplificad|observad|mutad)\w*`,
  String.raw`\bnegativ[oa]s?\b`,
  String.raw`\bausente\b`,
  // it
  String.raw`\bnon\s+(?:${E}\s+stat[oa]\s+)?(?:rilevat|rilevabil|individuat|identificat|evidenziat|amplificat|riscontrat|presente|mutat)\w*`,
  String.raw`\bassente\b`,
];
/** Words that state presence: a nearer one than any denial means the thing is there. */
const AFFIRMATION = [
  String.raw`\b(?:detected|identified|found|present|positive|amplified|mutated)\b`,
  String.raw`\b(?:detectad|identificad|encontrad|amplificad)[oa]s?\b`,
  String.raw`\bpositiv[oa]s?\b`,
  String.raw`\bpresente\b`,
  String.raw`\b(?:rilevat|individuat|identificat|evidenziat|amplificat|riscontrat)[oaie]\b`,
];
/** Look like denials and are not ("not only", "no change in"). */
const PSEUDO_NEGATION = String.raw`\bnot\s+(?:only|necessarily|been\s+(?:cleared|approved|validated))\b|\bno\s+(?:change|increase|longer)\b|\bnon\s+solo\b|\bno\s+solo\b|\bgram[- ]negative\b|\bnegative\s+predictive\b`;
/** End the scope of a trigger. */
const TERMINATOR = String.raw`[.;](?=\s|$)|•|\bbut\b|\bhowever\b|\bwhereas\b|\bexcept\b|\balthough\b|\bpero\b|\bsin\s+embargo\b|\baunque\b|\bmientras\b|\bma\b|\btuttavia\b|\bmentre\b|\bsebbene\b`;
/**
 * A result that could not be given, a thing considered rather than found, or a general statement about the
 * test ("Amplification is called at 6 copies (for example MYC …)", "with the exception of ERBB2 amplification").
 */
const HYPOTHETICAL = String.raw`\bfor\s+example\b|\be\.g\.|\bsuch\s+as\b|\bwith\s+the\s+exception\s+of\b|\bthreshold\b|\bcut-?off\b|\blimit\s+of\s+detection\b|\bis\s+called\b|\bare\s+called\b|\b(?:is|are)\s+reported\s+(?:when|if|as)\b|\bdefined\s+as\b|\btest\s+\d+\s*[(:]|\bprevious(?:ly)?\s+(?:test|result|sample|report)s?\b|\bprior\s+(?:test|result|sample|report)s?\b|\bresultado\s+(?:previo|anterior)\b|\b(?:esame|referto|risultato)\s+precedente\b|\b(?:was|were|is|are|will\s+be)\s+(?:assessed|tested|evaluated|analy[sz]ed|examined|screened|requested|ordered)\b|\bfue(?:ron)?\s+(?:evaluad|analizad|estudiad)\w*|\b(?:[eè]|sono)\s+stat[oaie]\s+(?:valutat|analizzat|esaminat)\w*|\bpor\s+ejemplo\b|\btales\s+como\b|\bumbral\b|\bad\s+esempio\b|\bper\s+esempio\b|\bsoglia\b|\bif\b|\bwhether\b|\brule\s+out\b|\bto\s+be\s+(?:tested|confirmed|excluded)\b|\bpending\b|\bsuspected\b|\bcannot\s+be\s+(?:determined|evaluated|assessed)\b|\bindeterminate\b|\binconclusive\b|\bnot\s+(?:evaluable|assessable|determined)\b|\bquantity\s+not\s+sufficient\b|\bsi\s+se\s+detecta\b|\bdescartar\b|\bpendiente\b|\bno\s+(?:evaluable|concluyente|determinable)\b|\bindeterminad[oa]\b|\bda\s+escludere\b|\bin\s+attesa\b|\bnon\s+(?:valutabile|determinabile|conclusiv[oa])\b|\bindeterminat[oa]\b`;
/** Qualifiers read over the candidate's own row: the first that applies, most restrictive first. */
const QUALIFIERS: Array<[Exclude<Assertion, 'detected' | 'not_detected' | 'hypothetical'>, string]> = [
  // AMP/ASCO/CAP tier III (and IV) is unknown significance
  ['vus', String.raw`\btier\s*(?:iii|3|iv|4)(?![a-z0-9])|\bVUS\b|\b(?:uncertain|unknown|undetermined)\s+(?:clinical\s+)?significance\b|\bsignificado\s+(?:cl[ií]nico\s+)?(?:incierto|desconocido)\b|\bsignificato\s+(?:clinico\s+)?(?:incerto|sconosciuto)\b|\bvariante?\s+di\s+significato\s+incerto\b`],
  ['synonymous', String.raw`(?<!non-?)\bsynonymous\b|(?<!non-?)\bsilent\b|(?<!no\s)\bsin[oó]nim[oa]s?\b|(?<!non\s)\bsinonim[oa]\b|\(?p\.\(?=\)?`],
  ['equivocal', String.raw`\bequivocal\b|\bequ[ií]voc[oa]\b|\bborderline\b|\bdudos[oa]\b|\bdubbi[oa]\b`],
  ['resistance', String.raw`\bresistan(?:ce|t)\b|\black\s+of\s+response\b|\bresistencia\b|\bresistenza\b`],
  ['germline', String.raw`\bgermline\b|\bgerminal\b|\bgerminale\b|\bconstitutional\b|\bcostituzional[ei]\b|\bconstitucional\b`],
  ['subclonal', String.raw`\bsubclonal[e]?\b`],
];

const re = (parts: string[] | string, flags = 'gi') => new RegExp(Array.isArray(parts) ? parts.join('|') : parts, flags);
const PRE = re(PRE_NEGATION);
const POST = re(POST_NEGATION);
const AFFIRM = re(AFFIRMATION);
const PSEUDO = re(PSEUDO_NEGATION);
const TERM = re(TERMINATOR);
const HYPO = re(HYPOTHETICAL, 'i');
const BENIGN = /\b(?:likely\s+)?benign\b|\bbenign[oa]s?\b|\bprobabilmente\s+benign[ao]\b/i;
const QUALIFIER_RES = QUALIFIERS.map(([k, p]) => [k, re(p, 'i')] as const);

/** The text before a cue ends with a gene symbol or a change (within two words): the cue follows it. */
const ATTACHED = /(?:^|\s)(?:[A-Z][A-Z0-9-]{1,12}|[A-Z]\d{1,4}[A-Z*]\w*|[pc]\.\S+)[),]?(?:\s+\(?[\d.,]+\s*%\)?,?)?(?:\s+(?:is|was|are|were|mutations?|variants?|amplification|fusion|status))?\s*$/;

interface Cue {
  kind: 'neg' | 'pos';
  start: number;
  end: number;
}

/** Cues of a text span: denials first, so the "detected" inside "not detected" is not read as presence. */
function cues(text: string, triggers: RegExp): Cue[] {
  const out: Cue[] = [];
  const masked = text.replace(PSEUDO, (m) => ' '.repeat(m.length));
  for (const m of masked.matchAll(triggers)) out.push({ kind: 'neg', start: m.index!, end: m.index! + m[0].length });
  const taken = (i: number) => out.some((c) => c.kind === 'neg' && i >= c.start && i < c.end);
  for (const m of masked.matchAll(AFFIRM)) if (!taken(m.index!)) out.push({ kind: 'pos', start: m.index!, end: m.index! + m[0].length });
  return out.sort((a, b) => a.start - b.start);
}

/**
 * The assertion about the candidate at [start, end) of `text` (a line, with its table row's continuation).
 * `stop`: where the next candidate with its own change begins — a post-trigger after it is that one's.
 */
/** An aside about another test ("(Test 2: NOT DETECTED)", "(previous sample: …)"): its words are not about this one. */
const OTHER_TEST_ASIDE = /\((?:test\s*\d+|previous|prior|earlier|anterior|precedente)\b[^()]*\)/gi;
/** A line that reports another test's results ("Test 1 (MAR-02-2026): EGFR L858R 12.1%; …", "Previous result: …"). */
export const OTHER_TEST_LINE = /^\s*(?:test\s*\d+|previous(?:\s+(?:test|result|sample)s?)?|prior\s+(?:test|result|sample)s?|resultado\s+(?:previo|anterior)|(?:esame|risultato)\s+precedente)\b[^:]{0,40}:/i;

export function assertionAt(full: string, start: number, end: number, stop = full.length): Assertion {
  const text = full.replace(OTHER_TEST_ASIDE, (m) => ' '.repeat(m.length));
  // the clause: from the last terminator before the candidate to the first one after it
  let from = 0;
  let to = stop;
  for (const m of text.matchAll(TERM)) {
    if (m.index! + m[0].length <= start) from = m.index! + m[0].length;
    else if (m.index! >= end && m.index! < to) {
      to = m.index!;
      break;
    }
  }
  const before = text.slice(from, start);
  const after = text.slice(end, to);
  // an aside in parentheses that does not hold the candidate ("TPS 60% (positive cut-off TPS ≥ 1%)") does not make it hypothetical
  const asides = (t: string) => t.replace(/\([^()]*\)/g, (m) => ' '.repeat(m.length));
  if (HYPO.test(asides(before)) || HYPO.test(asides(after))) return 'hypothetical';
  // the nearest cue before, then the first cue after: a denial there denies the candidate
  let pre = cues(before, PRE).pop();
  // "NRAS wild-type, BRAF V600E": a denial written right after another gene is that gene's, not a pre-trigger
  if (pre?.kind === 'neg' && ATTACHED.test(before.slice(0, pre.start))) pre = undefined;
  const post = cues(after, POST)[0];
  if (pre?.kind === 'neg' && !(post?.kind === 'pos' && post.start < 3)) return 'not_detected';
  if (post?.kind === 'neg') return 'not_detected';
  // a denial between the gene and its change: "EGFR  No pathogenic variant detected (… L858R, T790M …)"
  const inside = text.slice(start, end);
  if (cues(inside.slice(inside.search(/\s/) + 1), POST).some((c) => c.kind === 'neg')) return 'not_detected';
  // qualifiers over the candidate's own part of the row; a benign variant ("likely benign polymorphism") is no finding
  const own = text.slice(start, to);
  if (BENIGN.test(own)) return 'hypothetical';
  for (const [kind, q] of QUALIFIER_RES) if (q.test(own)) return kind;
  return 'detected';
}

/** The assertion of a qualifier word alone (a section heading or a cell: "Variants of Uncertain Significance"). */
export function qualifierOf(text: string): Assertion | undefined {
  for (const [kind, q] of QUALIFIER_RES) if (q.test(text)) return kind;
  return undefined;
}

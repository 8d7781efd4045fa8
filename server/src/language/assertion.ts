import type { FindingAssertion } from '@oncodesk/shared/contracts';

/**
 * The one definition of negation and uncertainty in clinical text, shared by the report extractor
 * (documents/extract/ngs.ts) and the clinical language reader (patientReader.ts).
 *
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
  // "Non è presente amplificazione di ERBB2", "No está presente …", "There is not present …": the "presente" is the denial's, not presence (first: before the bare "no")
  String.raw`\bnon\s+(?:[eè]|sono|risulta(?:no)?)\s+present[ei]\b|\bno\s+(?:est[aá]n?|se\s+encuentran?|hay)\s+presentes?\b|\b(?:is|are)\s+not\s+present\b`,
  // "No mutations were found in …": one denial, so its "found" is not read as presence
  String.raw`\bno\s+(?:[a-z]+\s+){0,4}?(?:was|were|is|are|(?:has|have)\s+been)\s+(?:detected|identified|found|seen|observed)\b`,
  // "was NOT found to carry …"
  String.raw`\bnot\s+(?:been\s+)?(?:found|shown)\s+to\s+(?:carry|have|harbou?r)\b`,
  String.raw`\bno(?:t)?\b`,
  String.raw`\bwithout\b`,
  String.raw`\bnegative\s+for\b`,
  String.raw`\babsen(?:ce|t)\s+of\b`,
  String.raw`\bno\s+evidence\s+of\b`,
  String.raw`\bfree\s+of\b`,
  String.raw`\bneither\b`,
  String.raw`\bnor\b`,
  String.raw`\bnone\s+of\b`,
  // "never received ICI", "nunca recibió", "mai trattata con bevacizumab" ("never smoker" is the smoking reader's)
  String.raw`\bnever\b|\bnunca\b|\bmai\b`,
  // a finding excluded by work-up ("ruled out: liver mets", "se descarta metástasis hepática", "escluse metastasi ossee");
  // "rule out" / "da escludere" (still to be done) are hypothetical, below
  String.raw`\bruled\s+out\b|\bexcluded\s*:|\bse\s+descarta(?:n|ron)?\b|\bdescartad[oa]s?\b|\b(?:si\s+)?esclud(?:e|ono)\b|\besclus[eaio]\b`,
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
  // "Non sono state rilevate …", "non si rilevano …": one denial, so its "rilevate" is not read as presence
  String.raw`\bnon\s+(?:(?:[eè]|sono)\s+stat[oaie]\s+|si\s+)?(?:rilevat|rilevan|individuat|identificat|evidenziat|evidenzian|riscontrat|riscontran|osservat)\w*`,
  // not the "non" of "non-small cell"
  String.raw`\bnon(?![-\w])`,
  String.raw`(?<!\S)né(?!\S)`,
  String.raw`\bnessun[oa]?\b`,
  // "senza metastasi a distanza", "senza mutazioni"
  String.raw`\bsenza\b`,
  String.raw`\bassenza\s+di\b`,
  String.raw`\bnegativ[oa]\s+per\b`,
];
/** Denials written after what they deny (a result column, "… was not detected"). */
const POST_NEGATION = [
  String.raw`\bnot\s+(?:detected|identified|found|present|amplified|seen|observed|mutated|rearranged)\b`,
  String.raw`\bnone\s+(?:detected|identified|found)\b`,
  String.raw`\b(?:(?:was|were|has\s+been|have\s+been)\s+)?(?:ruled\s+out|excluded)\b|\bdescartad[oa]s?\b|\besclus[eaio]\b`,
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
  // "BRCA1 c.68_69del: ausencia de la variante familiar"
  String.raw`\bausencia\s+de\b|\babsence\s+of\b|\bassenza\s+di\b`,
  // it
  String.raw`\bnon\s+(?:(?:[eèé]|sono)\s+(?:stat[oaie]\s+)?)?(?:rilevat|rilevabil|individuat|identificat|evidenziat|amplificat|riscontrat|present[ei]|mutat)\w*`,
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
const PSEUDO_NEGATION = String.raw`\bno\s+(?:response|benefit|improvement)\s+(?:to|after|with|on)\b|\bsin\s+respuesta\s+(?:a|tras)\b|\b(?:nessuna|senza)\s+risposta\s+(?:a|dopo)\b|\bno\s+m[uú]sculo[- ]?(?:invasiv|infiltrant)\w*|\bnon[- ]muscolo[- ]?(?:invasiv|infiltrant)\w*|\bnot\s+(?:only|necessarily|been\s+(?:cleared|approved|validated))\b|\bno\s+(?:change|increase|longer)\b|\bnon\s+solo\b|\bno\s+solo\b|\bgram[- ]negative\b|\bnegative\s+predictive\b|\b(?:never|non)[- ]?smok(?:er|ing)\b|\b(?:nunca|no)\s+fumador[a]?\b|\b(?:mai|non)\s+fumat(?:ore|rice)\b`;
/**
 * A clause after ';' or '.' that opens with these words continues the one before it ("No mutations in exons 9,
 * 13 and 17 of KIT; in particular, D816V …"): the scope of a denial runs on through it.
 */
const CONTINUATION = /^\s*(?:in\s+particular|in\s+particolare|en\s+particular|including|incluid[oa]s?|incluyendo|inclus[oaie]|compres[oaie]|specifically|namely|particularly|specificamente|espec[ií]ficamente)\b/i;
/** End the scope of a trigger. */
const TERMINATOR = String.raw`[.;](?=\s|$)|•|\bbut\b|\bhowever\b|\bwhereas\b|\bexcept\b|\balthough\b|\bpero\b|\bsin\s+embargo\b|\baunque\b|\bmientras\b|\bma\b|\btuttavia\b|\bmentre\b|\bsebbene\b`;
/**
 * A result that could not be given, a thing considered rather than found, or a general statement about the
 * test ("Amplification is called at 6 copies (for example MYC …)", "with the exception of ERBB2 amplification").
 */
/**
 * ConText's "hypothetical" for a future event: a change named as one that may arise later (under treatment, at
 * progression) is not a finding — a modal with a verb of emergence, or the condition "in case of progression".
 */
const FUTURE_EVENT = [
  String.raw`\b(?:may|might|could|can|will|would)\s+(?:later\s+|subsequently\s+|eventually\s+|also\s+)?(?:emerge|arise|develop|appear|occur|be\s+(?:acquired|selected))\b`,
  String.raw`\b(?:in\s+(?:the\s+)?(?:case|event)\s+of|at\s+(?:future|later|subsequent))\s+progression\b|\bpotential(?:ly)?\s+(?:future\s+)?resistance\b`,
  // es
  String.raw`\b(?:podr[ií]an?|pueden?|puede)\s+(?:tambi[eé]n\s+)?(?:aparecer|surgir|emerger|desarrollarse|adquirirse|seleccionarse)\b|\ben\s+caso\s+de\s+progresi[oó]n\b|\bresistencia\s+potencial\b|\bpotencial(?:es)?\s+(?:mutaciones\s+de\s+)?resistencia\b`,
  // it
  String.raw`\b(?:possono|potrebbero|pu[oò]|potrebbe|potranno)\s+(?:anche\s+)?(?:comparire|emergere|insorgere|svilupparsi|essere\s+(?:acquisit|selezionat)\w*)\b|\bin\s+caso\s+di\s+progressione\b|\bpotenzial[ei]\s+(?:mutazion[ei]\s+di\s+)?resistenza\b`,
].join('|');
const HYPOTHETICAL = String.raw`\bfor\s+example\b|\be\.g\.|\bsuch\s+as\b|\bwith\s+the\s+exception\s+of\b|\bthreshold\b|\bcut-?off\b|\blimit\s+of\s+detection\b|\bis\s+called\b|\bare\s+called\b|\b(?:is|are)\s+reported\s+(?:when|if|as)\b|\bdefined\s+as\b|\btest\s+\d+\s*[(:]|\bprevious(?:ly)?\s+(?:test|result|sample|report)s?\b|\bprior\s+(?:test|result|sample|report)s?\b|\bresultado\s+(?:previo|anterior)\b|\b(?:esame|referto|risultato)\s+precedente\b|\bpor\s+ejemplo\b|\btales\s+como\b|\bumbral\b|\bad\s+esempio\b|\bper\s+esempio\b|\bsoglia\b|\bif\b|\bwhether\b|\bwould\s+be\s+(?:an?\s+)?(?:option|considered|offered|indicated|eligible|candidate|reasonable|appropriate)\b|\bsarebbe\s+(?:candidat|indicat|eleggibil|un['’]\s*opzione|da\s+considerare)\w*|\bser[ií]a\s+(?:candidat|indicad|elegible|una\s+opci[oó]n)\w*|\bse\s*$|\beventual[ei]?\b|\beventualmente\b|\brule\s+out\b|\br\/o\b|\bto\s+be\s+(?:tested|confirmed|excluded)\b|\bpending\b|\bsuspected\b|\b(?:cannot|could\s+not)\s+be\s+(?:determined|evaluated|assessed|analy[sz]ed)\b|\binsufficient\b|\binsuficiente\b|\binsufficiente\b|\bno\s+(?:es|son|fue|fueron|resulta|resultó)\s+evaluables?\b|\bnon\s+(?:[eè]\s+|sono\s+|risulta\s+)?valutabil[ei]\b|\bindeterminate\b|\binconclusive\b|\bnot\s+(?:evaluable|assessable|determined)\b|\bquantity\s+not\s+sufficient\b|\bsi\s+se\s+detecta\b|\bdescartar\b|\bpendiente\b|\bno\s+(?:evaluable|concluyente|determinable)\b|\bindeterminad[oa]\b|\bda\s+escludere\b|\bin\s+attesa\b|\bnon\s+(?:valutabile|determinabile|conclusiv[oa])\b|\bindeterminat[oa]\b|${FUTURE_EVENT}`;
/**
 * ConText's experiencer (Harkema et al. 2009): a relative named before the thing in its sentence ("Maternal aunt:
 * carrier of …", "la madre con …") makes it the relative's, not the patient's — unless the patient's variant came
 * "from" that relative ("inherited from the mother"). "Familiar" after the disease is its hereditary form ("carcinoma
 * medular de tiroides familiar"), no relative. ("relatives" only in the plural: "relative copy number" is no one.)
 */
export const EXPERIENCER = /(?<!\b(?:from|by|dalla|dal|della|de\s+la|del|di|da)\s+(?:(?:the|his|her|la|il|su|sua|suo)\s+)?)\b(?:mother|father|sister|brother|aunt|uncle|cousin|grand(?:mother|father|parent)s?|daughter|niece|nephew|siblings?|relatives|maternal|paternal|family\s+(?:history|members?)|madre|padre|herman[oa]s?|t[ií][oa]s?|abuel[oa]s?|hij[oa]s?|(?<!\b(?:tiroides|carcinoma|c[aá]ncer|poliposis|adenomatosa|medular|mama|ovario)\s+)familiar(?:es)?|antecedentes\s+familiares|sorella|fratello|zi[oa]|nonn[oa]|cugin[oa]|figli[oa]|(?<!\b(?:tiroide|carcinoma|cancro|poliposi|adenomatosa|midollare|mammella|ovaio)\s+)familiar[ei]|familiarit[aà]|anamnesi\s+familiare)\b/i;
/**
 * A result the report withdraws or corrects ("reported in error", "as originally reported was …", "errata
 * corrige", "è stata rettificata", "fue corregido"): the old finding is not a finding.
 */
const RETRACTED = /\breported\s+in\s+error\b|\bin\s+error\b|\berroneous(?:ly)?\b|\btranscription\s+error\b|\bas\s+originally\s+reported\b|\boriginally\s+reported\s+as\b|\b(?:was|were|is|are|has\s+been|have\s+been)\s+(?:corrected|retracted|withdrawn|removed|rescinded|amended)\b|\bcorrected\s*:|\bretracted\b|\bwithdrawn\b|\berrata\s+corrige\b|\b(?:[eè]|sono)\s+stat[oaie]\s+(?:rettificat|corrett|ritirat|annullat|rimoss)\w*|\brettificat[oaie]\b|\bper\s+errore\b|\berroneamente\b|\bcome\s+originariamente\b|\b(?:fue|fueron|ha\s+sido|han\s+sido)\s+(?:corregid|retirad|anulad|eliminad)\w*|\bpor\s+error\b|\berr[oó]neamente\b|\bcomo\s+se\s+inform[oó]\s+(?:originalmente|inicialmente)\b/i;
/**
 * A sentence whose predicate is "were (specifically) assessed / tested / interrogated" lists what was tested, not
 * what was found ("No fusions detected. EML4-ALK, KIF5B-RET and … were specifically assessed."): read over the
 * whole clause, since every item of the list is the predicate's subject.
 */
export const LISTED_AS_TESTED = /\b(?:was|were|is|are|will\s+be|(?:has|have)\s+been)\s+(?:\w+ly\s+)?(?:assessed|tested|evaluated|analy[sz]ed|examined|screened|interrogated|queried|requested|ordered)\b|\bfue(?:ron)?\s+(?:\w+mente\s+)?(?:evaluad|analizad|estudiad|investigad)\w*|\b(?:[eè]|sono)\s+stat[oaie]\s+(?:\w+mente\s+)?(?:valutat|analizzat|esaminat|ricercat|testat)\w*/i;
/**
 * A plural denial closing a sentence ("EML4-ALK, KIF5B-RET and CD74-ROS1 transcripts were not detected") is the
 * predicate of every item listed before it, not only of the last one.
 */
const LIST_DENIED = /\b(?:were|are|have\s+been)\s+(?:all\s+)?(?:not\s+(?:detected|identified|found|present|observed)|negative|absent)\b|\bno\s+se\s+(?:detectaron|identificaron|observaron|encontraron)\b|\b(?:no\s+)?(?:fueron|son)\s+negativ[oa]s\b|\bnon\s+sono\s+(?:stat[ei]\s+)?(?:rilevat|identificat|riscontrat|present)\w*|\b(?:sono\s+)?(?:tutt[ei]\s+)?negativ[ei]\b/i;
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

/**
 * The text before a cue ends with a gene symbol or a change (within two words): the cue follows it. An imaging study
 * is the sentence's subject, not a gene the denial belongs to ("La PET-PSMA no muestra metástasis"), and so is a disease
 * written short ("CHC sin cirrosis", "HCC without vascular invasion").
 */
const ATTACHED = /(?:^|\s)(?!(?:PET|CT|TC|TAC|MRI|RM|RMN|FDG|PSMA|SPECT)(?:[-/](?:PET|CT|TC|TAC|MRI|RM|FDG|PSMA))*[),]?\s*$)(?!(?:HCC|CHC|NSCLC|CPNM|SCLC|CPCP|m?RCC|m?ccRCC|CCRm?|m?CRC|m?CRPC|m?HSPC|m?TNBC|m?BC|PTC|MTC|ATC|m?UC|NMIBC|MIBC|GEJ|ADC|CDI|CLI|HNSCC|SCC)[),]?\s*$)(?:[A-Z][A-Z0-9-]{1,12}|[A-Z]\d{1,4}[A-Z*]\w*|[pc]\.\S+)[),]?(?:\s+\(?[\d.,]+\s*%\)?,?)?(?:\s+(?:is|was|are|were|mutations?|variants?|amplification|fusion|status))?\s*$/;

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
  let clauseEnd = text.length;
  for (const m of text.matchAll(TERM)) {
    if (/^[.;]$/.test(m[0]) && CONTINUATION.test(text.slice(m.index! + 1))) continue;
    if (m.index! + m[0].length <= start) from = m.index! + m[0].length;
    else if (m.index! >= end) {
      clauseEnd = m.index!;
      if (m.index! < to) to = m.index!;
      break;
    }
  }
  if (LISTED_AS_TESTED.test(text.slice(from, clauseEnd).replace(/\([^()]*\)/g, ' '))) return 'hypothetical';
  const before = text.slice(from, start);
  const after = text.slice(end, to);
  // an aside in parentheses that does not hold the candidate ("TPS 60% (positive cut-off TPS ≥ 1%)") does not make it hypothetical
  const asides = (t: string) => t.replace(/\([^()]*\)/g, (m) => ' '.repeat(m.length));
  if (HYPO.test(asides(before)) || HYPO.test(asides(after))) return 'hypothetical';
  // a relative's finding, or a result withdrawn: not the patient's, not a finding (read with asides: "(as originally reported)")
  if (EXPERIENCER.test(before) || RETRACTED.test(before) || RETRACTED.test(after)) return 'hypothetical';
  // the nearest cue before, then the first cue after: a denial there denies the candidate
  let pre = cues(before, PRE).pop();
  // "NRAS wild-type, BRAF V600E": a denial written right after another gene is that gene's, not a pre-trigger
  if (pre?.kind === 'neg' && ATTACHED.test(before.slice(0, pre.start))) pre = undefined;
  const post = cues(after, POST)[0];
  if (pre?.kind === 'neg' && !(post?.kind === 'pos' && post.start < 3)) return 'not_detected';
  if (post?.kind === 'neg') return 'not_detected';
  // no word of its own: a list item takes the sentence's plural denial, unless a value (a VAF, a copy number) makes its row a result
  if (!post && stop < clauseEnd) {
    const rest = text.slice(end, clauseEnd);
    const predicate = LIST_DENIED.exec(rest);
    if (predicate && !/\d/.test(rest.slice(0, predicate.index).replace(/\b[A-Z][A-Z0-9-]*\d[A-Z0-9]*\b|\bexon\s+\d+|\bex[oó]n\s+\d+|\besone\s+\d+/gi, ''))) return 'not_detected';
  }
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

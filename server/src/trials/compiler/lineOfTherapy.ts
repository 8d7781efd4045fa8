import { num } from './text';

/**
 * The line of therapy an eligibility sentence requires, read as prior-line bounds (prior_therapy minLines /
 * maxLines; the patient's priorLines counts systemic lines for advanced disease).
 *
 * Why a grammar of its own: the prior-therapy detector reads drugs, classes and counted lines ("at least two
 * prior regimens"); the commonest line sentences name neither — "Refractory to or intolerant of standard
 * therapy", "Progressed on or after the most recent therapy", "Previously untreated", "Candidate for
 * first-line chemotherapy", "No prior systemic therapy for metastatic disease" — and stayed unread (and,
 * since issue 28, deciding: a trial with one is no match until checked). Grouped over the shared catalogue,
 * five forms carry most of them: a failure event on a standard / prior therapy, an ordinal line the patient
 * progressed after or is to receive, a treatment-naive state, a previously-treated state, and "no prior
 * systemic therapy for advanced disease". English only (the catalogue is English).
 *
 * Never a guess: a sentence that leaves a way in without prior therapy ("… or no standard therapy exists",
 * "or declined", "not a candidate for"), states an exception or a counting rule ("unless", "except",
 * "counts as a line"), or speaks of an early-disease or haematological setting (adjuvant, induction,
 * transplant, remission) is not read here and stays unread (and deciding).
 */
export interface LineReading {
  minLines?: number;
  maxLines?: number;
  /**
   * The sentence carries its own negation ("No prior systemic therapy for metastatic disease", "must not
   * have received treatment for their metastatic disease"): maxLines 0 is what it requires, whatever a
   * leading "No" would otherwise do to the item's polarity.
   */
  ownNegation?: boolean;
  /** The sentence's event is on therapy already given: drugs and classes it names are prior therapy. */
  given?: boolean;
}

/** Counted lines: "at least two prior regimens", "1-3 prior therapeutic regimens", "only one prior anti-tumor treatment regimen". */
export const LINES =
  /(?:(at least|≥|>=|a minimum of|minimum of|no fewer than|no more than|not more than|≤|<=|up to|maximum of|a maximum of|more than|>|less than|<|exactly|only)\s*)?(\d{1,2}|one|two|three|four|five|six)(?:(?:\s*(?:-|–|to|or)\s*|\s+(?:and|but)\s+(?:no|not)\s+more\s+than\s+)(\d{1,2}|one|two|three|four|five|six))?\s*(?:or more\s*)?(?:\(\d\)\s*)?(?:(?:prior|previous|systemic|standard|therapeutic|anti-?cancer|anti-?tumou?r|antineoplastic|lines? of)\s*)*(?:lines?|regimens?|(?<=(?:prior|previous|systemic|therapeutic|anti-?cancer|anti-?tumou?r|antineoplastic)\s*)(?:therap(?:y|ies)|treatments?))\b/i;

/** Bounds of a LINES match, or undefined when its number is not read. */
export function countedLines(m: RegExpExecArray): { minLines?: number; maxLines?: number } | undefined {
  const n = num(m[2]);
  if (n === undefined) return undefined;
  const to = m[3] !== undefined ? num(m[3]) : undefined;
  if (to !== undefined) return to >= n ? { minLines: n, maxLines: to } : undefined;
  const q = (m[1] ?? '').toLowerCase();
  if (/no more than|not more than|≤|<=|up to|maximum/.test(q)) return { maxLines: n };
  if (/less than|</.test(q)) return { maxLines: n - 1 };
  if (/more than|>/.test(q)) return { minLines: n + 1 };
  if (q === 'exactly' || q === 'only') return { minLines: n, maxLines: n };
  return { minLines: n };
}

/**
 * A line requirement's own way out, conditioned on standard therapy existing: "… progressed on at least one
 * standard regimen, if such a therapy exists", "… where available", "when one exists", "if applicable". The one
 * definition of it: here it is an escape (the line is not read as a requirement: read as ≥ 1 prior line it failed
 * untreated patients where no standard therapy exists), and compiler/index.ts strips it from a line-of-therapy
 * sentence before asking whether the sentence is conditional (it is not a condition on the patient, as "if BRAF
 * wild-type" is: the sentence's setting still decides, its line stays unread and deciding).
 */
const EXISTENCE = String.raw`\b(?:if|when|where)\s+(?:(?:such|a|an|any|one|the|this|it|they|there|standard|approved|available|effective|established|clinically|locally|medically|(?:standard[- ])?of[- ]care|therap(?:y|ies)|treatments?|regimens?|options?|care)\s+)*(?:(?:is|are|was|were|be)\s+)?(?:exists?|available|applicable)\b`;
export const EXISTENCE_CONDITION = new RegExp(EXISTENCE, 'i');
/** The existence condition at the end of a sentence, with what trails it up to the next comma or semicolon. */
export const TRAILING_EXISTENCE_CONDITION = new RegExp(String.raw`,?\s*${EXISTENCE}[^,;:]*$`, 'i');

/** A way in without prior therapy, or a decision left to someone: the line is not required. */
const ESCAPE_WORDS =
  /\bno (?:standard|effective|other|further|available|known|approved|curative|satisfactory|remaining|alternative)\b|\b(?:does|do) not exist|\bnot available\b|\bunavailable\b|\bnot (?:a )?candidates?\b|\bnot (?:be )?(?:eligible|suitable|amenable|appropriate)\b|\bineligible\b|\bunsuitable\b|\bdeclin\w*|\brefus\w*|\bunwilling\b|\bunable\b|\bcontraindicat\w*|\bfor (?:which|whom)\b|\bnot (?:expected|anticipated|likely)\b|\bin the opinion\b|\bjudg(?:e|ed|ment)\b|\bmay\b|\bnot (?:required|necessary|mandatory)\b|\boptional\b|\bwith or without (?:prior|previous|any)\b|\black\w*|\bor\s+(?:\w+\s+){0,2}(?:newly|initially) diagnosed\b|\bcontracept\w*|\babstinen\w*|\bpregnan\w*|\bchildbearing\b|\bbiops\w*|\bspecimens?\b|\bin case\b/i;
const ESCAPE = new RegExp(`${ESCAPE_WORDS.source}|${EXISTENCE}`, 'i');
/** Exceptions, conditions and counting rules: reading the sentence whole would be wrong. */
const EXCEPTION =
  /\b(?:unless|except(?:ion)?|excluding|other than|however|although|but|provided|if|regardless|whether|counts?|counted|considered|defined|definition|does not count|not (?:be )?(?:included|counted))\b|\bfor (?:patients|subjects|participants|those) (?:with|who|in)\b/i;
/** Settings where "line" does not mean systemic lines for advanced disease, or a therapy that is not systemic. */
const OTHER_SETTING =
  /\b(?:adjuvant|neoadjuvant|perioperative|(?<!non-)curative|induction|re-?induction|consolidation|maintenance|salvage|transplant\w*|SCT|ASCT|HSCT|remission|radiotherap\w*|radiation|radiosurgery|radioiodine|RAI|surg\w*|resect\w*|local (?:therapy|treatment)|loco-?regional|TACE|laser|hormon\w*|endocrine|steroids?|corticosteroids?|cycles?|currently|ongoing|undergoing|completed|prescribed|relapse|relapsed|locali[sz]ed|early|brain|CNS|lesions?)\b/i;

/** A therapy named only by what it was: "standard therapy", "the most recent therapy", "prior anti-tumor treatment regimen". */
const QUALIFIER = String.raw`(?:standard(?:[- ]of[- ]care)?|SOC|\(SOC\)|prior|previous|preceding|last|most recent|available|established|conventional|approved|systemic|therapeutic|anti-?(?:cancer|tumou?r|neoplastic)|antineoplastic|drug|medical|first[- ]line|front[- ]?line)`;
const OBJECT = String.raw`(?:(?:all|any|the|their|his|her|a|an|at least (?:one|1)|one|1)\s+)*(?:${QUALIFIER}[\s-]+(?:(?:and|or|,)\s+)?)+(?:anti-?(?:cancer|tumou?r)\s+)?(?:therap(?:y|ies)|treatments?|regimens?|lines? of (?:therapy|treatment))\b`;
/** A failure event on therapy given: refractory / resistant / intolerant to, progressed on / after, failed. */
const EVENT = new RegExp(
  String.raw`\b(?:(?:refractory|resistant|intoleran(?:t|ce))\s*,?\s*(?:to|of)\s*,?\s*(?:(?:and|or)\s+(?:refractory|resistant|intoleran(?:t|ce))\s*,?\s*(?:to|of)\s*,?\s*)?|(?:progress\w*|recurr\w*)(?:\s+(?:of\s+)?disease)?\s+(?:(?:on|after|during|following|despite|while (?:on|receiving)|or)\s+)+|(?:failed|failure (?:of|on|with|to)|failing)\s+(?:to\s+)?)${OBJECT}`,
  'i',
);
/** "First-line treatment failure", "failure of first-line therapy". */
const ORDINAL = String.raw`(?:first|1st|front|second|2nd|third|3rd|fourth|4th|fifth|5th)`;
const ORDINALS = new RegExp(String.raw`\b(${ORDINAL}(?:[- ]line)?(?:-?\s*(?:,\s*(?:or\s+)?|or|and\/or|and|to|–)\s*${ORDINAL}(?:[- ]line)?)*)[- ]?line\b`, 'i');
/** Therapy given before: progressed after, failed, received, relapsed after / refractory to an ordinal line. */
const GIVEN_BEFORE = /\b(?:after|following|failed|failure|progress\w*|refractory|resistant|received|receiving|beyond|intoleran\w*)\b/i;
/** Therapy to come: "candidate for", "eligible to receive", "planned", "starting". */
const TO_COME = /\b(?:candidates?|eligible|suitable|fit|planned|planning|scheduled|indicat\w*|starting|start|initiat\w*|to receive|to be treated|about to)\b/i;
const AT_LEAST = /\bat least\b|\bor (?:above|later|beyond|more|greater|higher|subsequent)\b|\band (?:above|beyond|later)\b|\bor more\b/i;
/** Treatment-naive state at the head of the item ("Previously untreated", "Treatment-naïve patients who …"). */
const NAIVE_STATE =
  /^\W*(?:(?:patients?|subjects?|participants?)\s+(?:must be|should be|are|who are|with)\s+)?(?:previously untreated|(?:systemic )?(?:anti-?cancer )?(?:treatment|therapy)[- ]na[iï]ve)\b(?!\s+(?:with|to|for\s+(?:\w+\s+)?(?:inhibitor|TKI|agent)))/i;
/** Previously-treated state at the head of the item ("Previously treated disease", "Previously treated CLL"). */
const TREATED_STATE = /^\W*(?:(?:patients?|subjects?|participants?)\s+with\s+)?previously treated\b(?!\s+(?:with|by|patients|subjects|participants|for|or)\b)/i;
/**
 * Beside a naive form, another way in: "Treatment-naive or after one prior line of …", "Failure of 1 prior
 * immunotherapy or no prior systemic therapy for metastatic RCC": both states are open.
 */
const OTHER_STATE =
  /\b(?:failure|failed|progress\w*|refractory|resistant|pre-?treated|previously treated|after|lines?|regimens?)\b|\bor\s+(?:\w+\s+){0,3}?(?:have|has|had|having|received|receiving|treated)\b/i;
const otherState = (s: string, m: RegExpExecArray) => OTHER_STATE.test(s.slice(0, m.index) + ' ' + s.slice(m.index + m[0].length));
/** "No prior systemic therapy for metastatic disease", "must not have received treatment for their metastatic disease". */
const NONE_FOR_ADVANCED = new RegExp(
  String.raw`\b(?:no|not (?:have )?(?:been )?(?:previously )?(?:received|treated)|never (?:been )?(?:received|treated)|without)\b(?:\s+(?:any|prior|previous|systemic|systematic|anti-?(?:cancer|tumou?r|neoplastic)|antineoplastic|drug|medical|line of|lines? of))*\s+(?:therap(?:y|ies)|treatments?)\s+(?:for|in)\s+(?:the\s+|their\s+|his\s+|her\s+)?(?:(?:locally\s+)?(?:advanced|metastatic|recurrent|unresectable|stage IV)(?:\s*(?:,|or|and\/or)\s*)?)+`,
  'i',
);
/** "Prior systemic therapy for metastatic disease" as an exclusion. */
const PRIOR_FOR_ADVANCED = new RegExp(
  String.raw`^\W*(?:any\s+)?(?:prior|previous)\s+(?:systemic|anti-?(?:cancer|tumou?r|neoplastic)|antineoplastic)\s+(?:therap(?:y|ies)|treatments?)\s+(?:for|in)\s+(?:the\s+)?(?:(?:locally\s+)?(?:advanced|metastatic|recurrent|unresectable|stage IV)(?:\s*(?:,|or|and\/or)\s*)?)+`,
  'i',
);

const ORDER: Record<string, number> = { first: 1, '1st': 1, front: 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, fifth: 5, '5th': 5 };

/** The line bounds an ordinal phrase states: "after first-line" ≥ 1 prior, "first- or second-line treatment" to receive ≤ 1 prior. */
function ordinalLines(s: string): LineReading | undefined {
  const m = ORDINALS.exec(s);
  if (!m) return undefined;
  const ords = [...m[1].matchAll(new RegExp(ORDINAL, 'gi'))].map((o) => ORDER[o[0].toLowerCase()]);
  const low = Math.min(...ords);
  const high = Math.max(...ords);
  const before = s.slice(0, m.index);
  const after = s.slice(m.index + m[0].length);
  // "no evidence of progression throughout her first line treatment", "first-line patients with PFS < 3 months":
  // a negated event, or a line that names no therapy, is not a line requirement
  if (/\b(?:no|not|without)\b/i.test(before) || !/\b(?:therap\w*|treatments?|chemo\w*|immuno\w*|regimens?)\b/i.test(s)) return undefined;
  // "first-line treatment failure", "failure of / progression after first-line therapy": lines already given
  if (GIVEN_BEFORE.test(before) || /^\s*(?:\w+\s+){0,2}(?:failure|failed)\b/i.test(after)) {
    if (TO_COME.test(before)) return undefined;
    // "after first-line" is at least one line; "after first or second line" is at least one
    return { minLines: low, given: true };
  }
  // to receive: "candidate for first-line chemotherapy", or the item is the line itself ("First-line therapy for bile duct cancer")
  // "First-line therapy for CRC that was irinotecan-based" speaks of a line given, with no bound read here
  if ((TO_COME.test(before) || /^\W*$/.test(before)) && !/\b(?:was|were|had|has been|have been|received|prior|previous(?:ly)?)\b/i.test(s)) {
    if (AT_LEAST.test(s)) return low > 1 ? { minLines: low - 1 } : undefined;
    return low > 1 ? { minLines: low - 1, maxLines: high - 1 } : { maxLines: high - 1 };
  }
  return undefined;
}

/**
 * The prior-line bounds one sentence states, or undefined when it states none this grammar reads (or reading
 * it could be wrong: see ESCAPE, EXCEPTION, OTHER_SETTING).
 */
export function readLineOfTherapy(text: string): LineReading | undefined {
  // "progressed on, or intolerable to standard treatment": the adjective as the event's, the comma before "or" as none
  const s = text.replace(/\bintolerable\b/gi, 'intolerant').replace(/,\s+or\b/gi, ' or');
  if (ESCAPE.test(s) || EXCEPTION.test(s) || OTHER_SETTING.test(s)) return undefined;
  // "Treatment-naïve and previously treated patients": both states are open
  if (/\b(?:previously )?(?:un)?treated\b.*\b(?:and|or)\b.*\b(?:previously\s+|pre-?)?(?:un)?treated\b|\bna[iï]ve\b.*\b(?:and|or)\b.*\btreated\b/i.test(s))
    return undefined;
  const none = NONE_FOR_ADVANCED.exec(s);
  if (none) return otherState(s, none) ? undefined : { maxLines: 0, ownNegation: true };
  if (PRIOR_FOR_ADVANCED.test(s)) return { minLines: 1, given: true };
  const naive = NAIVE_STATE.exec(s);
  if (naive) return otherState(s, naive) ? undefined : { maxLines: 0 };
  if (TREATED_STATE.test(s)) return { minLines: 1, given: true };
  const ord = ordinalLines(s);
  if (ord) return ord;
  const e = EVENT.exec(s);
  // "not be refractory to prior treatment" requires no failure, not no line
  if (e && !/\b(?:not|no|never|without)\s+(?:(?:be|been|have|had|being)\s+)?$/i.test(s.slice(0, e.index))) {
    const counted = LINES.exec(s);
    const bounds = counted ? countedLines(counted) : undefined;
    // a count in the sentence beside the event ("progression on at least two prior regimens") sets the floor
    return { minLines: Math.max(1, bounds?.minLines ?? 1), ...(bounds?.maxLines !== undefined ? { maxLines: bounds.maxLines } : {}), given: true };
  }
  return undefined;
}

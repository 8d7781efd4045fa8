import type { DecidingTopic } from '@oncodesk/shared/contracts';
import { isPermissive } from './text';

/**
 * Which topic an eligibility sentence the compiler could not read decides, if any.
 *
 * Why: an unread sentence is shown and counted "to check", but the verdict was taken on the criteria that
 * were read. When the unread sentence is about something the matcher otherwise decides — line of therapy
 * (refractory, intolerant, previously treated, treatment-naive), the disease setting (metastatic,
 * unresectable, adjuvant), the subtype or histology, prior therapy or a required biomarker — a "match" on
 * the rest is not one ("Refractory to or intolerant of standard therapy" left unread made ATTRACTION-2 a
 * high match for a first-line patient). The verdict (matcher/verdict.ts) reads the topic stored on the
 * free-text criterion at compile time; this lexicon is the one place that says which sentences decide.
 *
 * A small English lexicon, not a parser: the shared trial records are English, and the question is only
 * "is this about a deciding topic", not what it requires (that would be a detector of its own). Sentences
 * that only permit something ("prior radiotherapy allowed"), washout / recovery windows and sentences
 * about consent or logistics (compiled as administrative before they get here) do not decide.
 */
const TOPICS: ReadonlyArray<[DecidingTopic, RegExp]> = [
  [
    'line_of_therapy',
    /\b(?:refractory|intoleran(?:t|ce)|relapsed|(?:previously|heavily|pre-?)\s*(?:treated|untreated)|pretreated|treatment[- ]na[iï]ve|therapy[- ]na[iï]ve|chemo(?:therapy)?[- ]na[iï]ve|untreated|(?:first|second|third|1st|2nd|3rd)[- ]line|lines? of (?:prior |previous |systemic )?(?:therapy|treatment|chemotherapy)|standard(?:[- ]of[- ]care)? (?:therap(?:y|ies|eutic)|treatments?|options?|regimens?)|exhausted|no (?:alternative|other|further|effective|remaining|curative) (?:\w+[- ]?){0,3}(?:therap(?:y|ies|eutic)|treatments?|options?)|(?:failed|failure of|progressed (?:on|after|during|following)|progression (?:on|after|during|following)|progressive disease (?:on|after|during|following))\b)/i,
  ],
  [
    'prior_therapy',
    /\b(?:prior(?! to)|previous|preceding)\s+(?:\w+[- ]?){0,3}(?:therapy|therapies|treatment|chemotherapy|immunotherapy|radiotherapy|radiation|regimens?|inhibitors?|surgery|resection|platinum|taxane|fluoropyrimidine)\b|\b(?:must have|should have|has|have)\s+(?:\w+\s+){0,2}(?:received|undergone|been treated)\b|\bno (?:prior|previous) (?:\w+\s+){0,2}(?:therapy|treatment|chemotherapy)\b/i,
  ],
  [
    'setting',
    /\b(?:metasta(?:tic|sis|ses)|unresectable|non-?resectable|inoperable|resectable|operable|locally advanced|advanced|recurrent|adjuvant|neoadjuvant|early[- ]stage|localized|stage\s+(?:[IV]{1,3}|[0-4])[ABC]?|castrat(?:e|ion)[- ](?:resistant|sensitive)|hormone[- ]sensitive)\b/i,
  ],
  [
    'subtype',
    /\b(?:adenocarcinoma|squamous|small[- ]cell|non[- ]small|clear[- ]cell|papillary|chromophobe|ductal|lobular|serous|endometrioid|mucinous|urothelial|transitional cell|neuroendocrine|sarcomatoid|medullary|anaplastic|signet|triple[- ]negative|subtype|histolog(?:y|ic(?:al)?)\s+(?:type|subtype|variant))\b/i,
  ],
  // a gene's name alone makes no requirement ("imaging before third-generation EGFR-TKI treatment"): the
  // biomarker topic needs a word of alteration or expression, or a marker read as a status
  [
    'biomarker',
    /\b(?:mutations?|mutated|mutant|amplifi(?:ed|cation)|fusions?|rearrange(?:d|ments?)|translocations?|overexpress(?:ed|ion|ing)?|wild[- ]?type|alterations?|biomarkers?|HER-?2|ERBB2|hormone receptor|estrogen receptor|progesterone receptor|ER[+-]|PR[+-]|PD-?L1|MSI(?:-H)?|microsatellite|mismatch repair|dMMR|TMB|BRCA[12]?|HRD|homologous recombination|CLDN18|claudin)\b/i,
  ],
];

/** Timing and recovery from earlier treatment (a screening check, not the line of therapy). */
const WASHOUT = /\b(?:since|elapsed|wash-?out|recovered from|at least \d+ (?:days?|weeks?|months?)|within \d+ (?:days?|weeks?)\s+(?:of|prior|before))\b/i;

/**
 * Sentences that leave the topic open (either way is fine, it only may apply, a list "not limited to"), or
 * that clarify another item: notes and remarks, what is "not required", how prior regimens are counted.
 */
const EITHER_WAY =
  /^\W*(?:note|remark)s?\b|\b(?:not required|not limited to|counted as|permissible|regardless of|irrespective of|(?:pre-?)?treated or (?:un|non-?)treated|(?:un|non-?)treated or (?:pre-?)?treated|may have (?:been|had|received|undergone))\b/i;

/** A sentence that only permits, sets a washout window, or leaves its topic open: it decides nothing. */
const leavesOpen = (sentence: string) => isPermissive(sentence) || WASHOUT.test(sentence) || EITHER_WAY.test(sentence);

/**
 * Whether a sentence speaks to one deciding topic (with the same exceptions as decidingTopic): for a sentence
 * read in part, the part no detector read ("advanced solid tumour with no alternative standard therapy": the
 * setting read, the line of therapy not).
 */
export function speaksTo(sentence: string, topic: DecidingTopic): boolean {
  if (leavesOpen(sentence)) return false;
  return TOPICS.find(([t]) => t === topic)?.[1].test(sentence) ?? false;
}

/**
 * The deciding topic of an unread inclusion sentence, or undefined when it decides none of them (or only
 * permits something, or sets a washout window). The first topic found is reported; any one is enough.
 */
export function decidingTopic(sentence: string): DecidingTopic | undefined {
  if (leavesOpen(sentence)) return undefined;
  for (const [topic, re] of TOPICS) if (re.test(sentence)) return topic;
  return undefined;
}

import type { CompiledCriterion, CriterionSpec, DecidingTopic } from '@oncodesk/shared/contracts';
import { decidingTopic, speaksTo } from './decidingTopic';
import { TRAILING_EXISTENCE_CONDITION } from './lineOfTherapy';
import { isNegated, isPermissive, isSubItem, splitEligibility, type EligibilityItem, type Polarity } from './text';
import type { DetectCtx, Detector } from './types';
import { CRITERIA } from '../criteria/registry';
import type { Detection } from '../criteria/types';

export { splitEligibility, splitSentences } from './text';
export type { EligibilityItem, Polarity } from './text';

/**
 * Detectors in order, from the criterion kinds' modules (criteria/<kind>/ `detect`): each reads one criterion
 * kind (or a few related ones, sharing one Detection) from a sentence. Named by the kinds each reads.
 */
function detectorsOf(fallback: boolean): Array<[string, Detector]> {
  const kinds = new Map<Detection, string[]>();
  for (const m of Object.values(CRITERIA)) if (m.detect && !!m.detect.fallback === fallback) kinds.set(m.detect, [...(kinds.get(m.detect) ?? []), m.kind]);
  return [...kinds].sort(([a], [b]) => a.order - b.order).map(([d, names]) => [names.join('/'), d.run]);
}
export const DETECTORS: Array<[string, Detector]> = detectorsOf(false);
/** Read only when no detector found a criterion that concerns the patient (consent, contraception, logistics). */
const FALLBACK_DETECTORS = detectorsOf(true);

export interface CompileOptions {
  /** Prefix for criterion ids, local to the trial, e.g. "trial" or "arm1". */
  idPrefix: string;
  /** Start numbering at this index (to append to structured criteria). */
  startIndex?: number;
}

const SUBGROUP = /^\W*(?:for|in)\s+(?:the\s+)?(?:phase|cohort|part|arm|stage|group|dose[- ]escalation|dose[- ]expansion|expansion|escalation|patients (?:in|enrolled (?:in|to)|with)|(?:participants|subjects) (?:in|with))\b[^:]{0,80}:|^\W*(?:for|in)\s+the\s+(?:[\w-]+\s+){0,3}(?:cohort|part|phase|arm|portion|stage)\b[^,:;]{0,60},|^\W*(?:cohort|part|arm|group)\s+[A-Z0-9]{1,3}\b\s*(?:[:)-]|only|(?:patients|subjects|participants)\b)/i;

/** An item introducing alternatives: "meeting 1 of the following criteria:", "at least one of the following:". */
const ANY_OF = /\b(?:at least |any |only )?(?:1|one|either)\s+of\s+the\s+following\b[^.]*:?\s*$|\bany of the following\b[^.]*:?\s*$/i;

/**
 * Boilerplate defining reproductive status for the contraception and pregnancy rules ("A female of
 * child-bearing potential is any woman who ...", "Post-menopause is defined as:"): it defines a term,
 * it requires nothing of the patient (read as criteria, it failed every man on "postmenopausal").
 */
const DEFINITION = /^\W*(?:[\w()/-]+\s+){0,8}?(?:is|are)\s+defined\s+as\b|\b(?:is|are|includes?|means)\s+(?:any|all)\s+(?:wom[ae]n|females?|m[ae]n|males?|persons?|individuals?)\b/i;
const REPRODUCTIVE = /menopaus|child[- ]?bearing|\bfertile\b|reproductive potential|\bWOCBP\b/i;
export function isDefinition(text: string): boolean {
  return DEFINITION.test(text) && REPRODUCTIVE.test(text);
}
/** A definition (or an item under one) as compiled: administrative, never counted. */
const asDefinition = (item: EligibilityItem) => [{ polarity: item.section, spec: { kind: 'administrative', topic: 'definition' } as CriterionSpec, confidence: 0.6 }];

/**
 * An item naming the patients another criterion applies to, its sub-items listing them ("Documented
 * LVEF of less than 45 percent in patients with:" / "- Age greater than or equal to 60 years old"): the
 * sub-items qualify the parent, they are not criteria of the trial (read alone, the age line excluded
 * every patient over 60).
 */
const QUALIFIER_PARENT = /\b(?:in|for)\s+(?:patients|subjects|participants|those|women|men|individuals)\s+(?:who\s+(?:have|are)|with|aged|over|under|older|younger|having)\b[^.]*:\s*$/i;

const CONDITIONAL = /\b(?:if|unless|provided that|in case of|whether)\b|(?:,|\b)\s*(?:and\/)?or\s*[:;.]?\s*$|^\W*or\b/i;

/** An exclusion item that opens with "No" / "None of" / "Without" + what excludes ("No more than ..." aside). */
export function restatesExclusion(item: Pick<EligibilityItem, 'section' | 'text'>): boolean {
  return item.section === 'exclusion' && /^\W*(?:no|none of|without)\b/i.test(item.text) && !/^\W*no\s+(?:more|less|greater|fewer|longer|later|earlier|sooner)\b/i.test(item.text);
}

function invert(p: Polarity): Polarity {
  return p === 'inclusion' ? 'exclusion' : 'inclusion';
}

/** An unread sentence, with the topic it decides eligibility on (compiler/decidingTopic.ts) when it does. */
function unreadSpec(decides: DecidingTopic | undefined): CriterionSpec {
  return decides ? { kind: 'free_text', decides } : { kind: 'free_text' };
}

/**
 * A criterion that applies to some patients only (one cohort, a condition, one of alternatives): shown, never
 * deciding the verdict alone: confidence at most 0.5 (pregnancy aside) and, unread, no deciding topic.
 */
function notDecidingAlone<T extends { spec: CriterionSpec; confidence: number }>(c: T): T {
  if (c.spec.kind === 'pregnancy') return c;
  return { ...c, confidence: Math.min(c.confidence, 0.5), ...(c.spec.kind === 'free_text' ? { spec: unreadSpec(undefined) } : {}) };
}

/** Compiles one item (sentence) into criteria; never returns an empty list (free text fallback). */
export function compileItem(item: EligibilityItem): Array<{ polarity: Polarity; spec: CriterionSpec; confidence: number }> {
  // sub-headings that carry the meaning of their items ("Age" / "- 18 and over")
  const text = item.heading && /^(?:age|sex|gender|performance status|menopausal status)$/i.test(item.heading) ? `${item.heading}: ${item.text}` : item.text;
  // an exclusion written "No X" (under an Exclusion heading) excludes X: the "No" restates the heading,
  // it does not turn the item into a requirement of X (read on 40 sampled items of the shared trials:
  // "No prior tx with cisplatin", "No history or presence of CNS disease"); "Not adequate function" and
  // other "not" + state items keep the literal reading
  if (isDefinition(text)) return asDefinition(item);
  const restated = restatesExclusion(item);
  const negated = isNegated(item.text) && !restated;
  const ctx: DetectCtx = { section: item.section, negated, restated, permissive: isPermissive(text), heading: item.heading };
  const out: Array<{ polarity: Polarity; spec: CriterionSpec; confidence: number }> = [];
  for (const [, detect] of DETECTORS) {
    let found: ReturnType<Detector>;
    try {
      found = detect(text, ctx);
    } catch {
      found = [];
    }
    for (const d of found) {
      let polarity: Polarity;
      if (d.polarity) polarity = d.polarity;
      else {
        polarity = item.section;
        if (negated && !d.ownsNegation) polarity = invert(polarity);
        if (d.flip) polarity = invert(polarity);
      }
      out.push({ polarity, spec: d.spec, confidence: d.confidence });
    }
  }
  // consent, contraception, logistics: read only when no detector found a criterion that concerns the patient
  if (!out.length)
    for (const [, detect] of FALLBACK_DETECTORS) for (const d of detect(text, ctx)) out.push({ polarity: d.polarity ?? item.section, spec: d.spec, confidence: d.confidence });
  if (!out.length) out.push({ polarity: negated ? invert(item.section) : item.section, spec: unreadSpec(item.section === 'inclusion' ? decidingTopic(text) : undefined), confidence: 0 });
  // read in part: an inclusion sentence whose setting or disease was read but whose line of therapy was not ("advanced
  // solid tumour that progressed on standard therapy or for which no standard therapy exists", "… with no alternative
  // standard-of-care option") keeps that part unread and deciding — read as "advanced" alone it made phase 1
  // baskets a match for treatment-naive patients (issue 28, bench:patients read by an oncologist)
  else if (item.section === 'inclusion' && !negated && !out.some((c) => c.spec.kind === 'prior_therapy') && speaksTo(text, 'line_of_therapy'))
    out.push({ polarity: item.section, spec: unreadSpec('line_of_therapy'), confidence: 0 });
  // criteria for one cohort / part / phase only, or under a condition ("if BRAF wild-type"), are shown
  // but never decide the trial verdict alone; in a line-of-therapy sentence, "…, if such a therapy exists" is the
  // line's own way out (lineOfTherapy.ts EXISTENCE_CONDITION), not a condition on the patient
  if (SUBGROUP.test(item.text) || CONDITIONAL.test(speaksTo(text, 'line_of_therapy') ? item.text.replace(TRAILING_EXISTENCE_CONDITION, '') : item.text)) return out.map(notDecidingAlone);
  return out;
}

/** Compiles free-text eligibility criteria into structured criteria, each keeping its source sentence. */
export function compileEligibility(text: string, options: CompileOptions): CompiledCriterion[] {
  const items = splitEligibility(text);
  const out: CompiledCriterion[] = [];
  let i = options.startIndex ?? 0;
  let afterOr: EligibilityItem | undefined;
  // "meeting 1 of the following criteria:" followed by deeper-indented items: those are alternatives
  let anyOf: EligibilityItem | undefined;
  // a definition or a qualifier ending in ":" and the deeper-indented items under it
  let parent: { item: EligibilityItem; definition: boolean } | undefined;
  for (const item of items) {
    if (!isSubItem(anyOf, item)) anyOf = undefined;
    if (parent && !isSubItem(parent.item, item)) parent = undefined;
    // skip pure headings / boilerplate without content
    if (item.text.length < 4) continue;
    const source = item.heading && /^(?:age|sex|gender|performance status|menopausal status)$/i.test(item.heading) ? `${item.heading}: ${item.text}` : item.text;
    // the item after one that ends in "or" is its alternative ("Age > 60, or" / "Complex karyotype"):
    // neither decides the verdict alone (the first is capped by CONDITIONAL)
    const alternative = (!!afterOr && afterOr.section === item.section) || !!anyOf;
    const compiled = parent?.definition ? asDefinition(item) : compileItem(item);
    // a qualifier and its sub-items apply to some patients only: shown, never deciding alone
    const qualified = !!parent || QUALIFIER_PARENT.test(item.text);
    for (const compiledOne of compiled) {
      const capped = alternative || qualified;
      const c = capped ? notDecidingAlone(compiledOne) : compiledOne;
      out.push({ id: `${options.idPrefix}#${i++}`, polarity: c.polarity, spec: c.spec, source: source.slice(0, 4000), confidence: c.confidence, origin: 'text' });
    }
    afterOr = /(?:,|\b)\s*(?:and\/)?or\s*[:;.]?\s*$/i.test(item.text) ? item : undefined;
    // alternatives only among inclusion items: an exclusion heading "patients with any of the following are not
    // eligible" excludes on each item alone (excluded if A or if B), so its items decide as written
    if (!anyOf && item.section === 'inclusion' && item.indent !== undefined && ANY_OF.test(item.text)) anyOf = item;
    if (!parent && item.indent !== undefined && /:\s*$/.test(item.text)) {
      const definition = isDefinition(item.text);
      if (definition || QUALIFIER_PARENT.test(item.text)) parent = { item, definition };
    }
  }
  return out;
}

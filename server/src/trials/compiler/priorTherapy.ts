import type { Detector } from './types';
import { drugClasses, findDrugs } from '../../vocab/drugKnowledge';
import { ALLERGY } from './hypersensitivity';
import { WINDOW } from './recentTherapy';
import { EXISTENCE_CONDITION, LINES, countedLines, readLineOfTherapy } from './lineOfTherapy';

const CUE = /\b(?:prior|previous(?:ly)?|received|receiving|treated with|treatment with|therapy with|exposure|exposed|refractory|progress\w*|failure|failed|resistant|intoleran\w*|naive|naïve|pretreated|pre-treated|relapsed|after|following|history of)\b/i;
const NAIVE = /\b(?:naive|naïve|untreated|no prior|not (?:have )?(?:been )?(?:previously )?(?:received|treated)|without prior|have not received|has not received|never received)\b/i;
/** Current medication (concomitant_medication) rather than therapy received; time windows are recent_therapy (WINDOW). */
const CURRENT = /\bconcurrent|\bconcomitant|\bduring (?:the )?study/i;
// "more than one prior therapy in the metastatic setting" counts lines too: LINES (lineOfTherapy.ts)

/**
 * Sentences about the therapy the patient is to receive, not what they received: "Eligible to receive
 * treatment with the selected doublet-chemotherapy" (AURA3), "Candidate for treatment with pembrolizumab".
 */
const TO_RECEIVE = /\b(?:eligible|candidates?|suitable|fit|appropriate|planned|scheduled|able|willing|indicated)\s+(?:to receive|for (?:treatment|therapy|receiving)|to (?:be treated|start|begin|undergo))\b|\bcandidates? for\b/i;
/** Cues that a sentence speaks of therapy already given, even beside a "to receive" phrase. */
const GIVEN = /\b(?:prior|previous(?:ly)?|received|progress\w*|failure|failed|refractory|resistant|pretreated|pre-treated|relapsed|after|following|history of)\b/i;
/**
 * Allergy or intolerance to a drug ("Known intolerance to bevacizumab", "hypersensitivity to
 * oxaliplatin"): an exclusion the patient data rarely decides, never a requirement of prior exposure.
 * "Progressed on or intolerant to imatinib" keeps its prior-therapy reading (a cue of therapy given).
 */
const INTOLERANCE = /\bintoleran\w*/i;
/**
 * Toxicity left by therapy given ("Adverse events from prior anti-cancer therapy that have not resolved to Grade ≤ 1",
 * "imAEs from prior cancer immunotherapy", "toxicities attributed to previous treatment"): a condition of the
 * patient now, not a statement of the therapy received.
 */
const RESIDUAL_TOXICITY = /\b(?:adverse (?:events?|reactions?|effects?)|(?:im|ir)?AEs?|toxicit(?:y|ies)|side[- ]effects?)\b[^.;]{0,60}?\b(?:from|of|due to|attributed to|attributable to|related to|caused by|associated with|resulting from)\s+(?:\w+\s+){0,2}?(?:prior|previous|earlier)\b/i;
/**
 * A prior therapy named by its mechanism or target rather than a drug ("Prior treatment with investigational product
 * which has MoA of Treg depletion", "prior therapy targeting CD39"): a class the vocabulary does not know, never
 * "any systemic therapy".
 */
const BY_MECHANISM = /\b(?:which|that)\s+(?:has|have|is|are|shares?)\b[^.;]{0,40}\b(?:MoA|mechanism)|\b(?:MoA|mechanism of action)\b|\b(?:targeting|directed (?:against|at)|that targets?)\s+[A-Z0-9]/;
/** Ways into a line-of-therapy requirement without having received it: refused, declined, ineligible or unsuitable for it. */
const WAY_IN_WITHOUT_THERAPY = /\b(?:refused|refuses|declined|declines)\b|\b(?:are|is|be|been|was|were)\s+(?:ineligible|not eligible|unsuitable|not suitable|not (?:a )?candidates?)\s+(?:for|to)\b|,\s*(?:are\s+)?ineligible\b/i;
/** A list's lead-in ("Has received prior anticancer treatment with the following therapies (specified time periods…):"): its items say which. */
const LIST_HEAD = /\b(?:the following|as follows)\b/i;

/** A counted floor ("at least one … regimen") whose own clause ends in "if such a therapy exists" / "where available". */
function floorHasWayOut(s: string): boolean {
  for (const l of s.matchAll(new RegExp(LINES.source, 'gi'))) {
    const after = s.slice((l.index ?? 0) + l[0].length);
    const c = EXISTENCE_CONDITION.exec(after);
    if (c && !/[.;]|\band\b(?!\/or)/i.test(after.slice(0, c.index))) return true;
  }
  return false;
}

/** Prior therapies required or excluded: drugs, drug classes, "any systemic therapy", number of lines. */
export const detectPriorTherapy: Detector = (item, ctx) => {
  if (ctx.permissive || WINDOW.test(item) || CURRENT.test(item)) return [];
  // "who have failed, are ineligible, refused, or become intolerant to at least first line": the line offers ways in
  // without prior therapy, so it is no count of lines received (left unread: a line-of-therapy sentence stays
  // deciding, compiler/index.ts), as "received or refused" below
  if (!ctx.negated && ctx.section === 'inclusion' && WAY_IN_WITHOUT_THERAPY.test(item)) return [];
  const line = readLineOfTherapy(item.replace(/\bprior to\b/gi, 'before'));
  // a negated event ("Not refractory to prior therapy") is not a line count; the naive forms carry their own negation
  if (line && !(ctx.negated && !line.ownNegation)) {
    // "No prior systemic therapy for metastatic disease" requires no prior line, under either heading (an
    // exclusion "No X" restates its heading); a positive exclusion of that form is not one the grammar reads
    if (line.ownNegation && ctx.section === 'exclusion' && !ctx.restated) return [];
    const named = line.given ? findDrugs(item) : [];
    const drugs = [...new Set(named.map((m) => m.drug).filter((d): d is string => !!d))];
    const classes = [...new Set(named.map((m) => m.drugClass).filter((c): c is string => !!c))];
    return [
      {
        spec: { kind: 'prior_therapy', drugs, classes, anySystemic: drugs.length || classes.length ? undefined : true, minLines: line.minLines, maxLines: line.maxLines },
        confidence: 0.7,
        ...(line.ownNegation ? { polarity: 'inclusion' as const, ownsNegation: true } : {}),
      },
    ];
  }
  // registry text without bullets joins sentences into one item ("Subject has a known intolerance to
  // bevacizumab. Subject has untreated brain metastases."): each sentence is judged on its own
  const s = item
    .split(/(?<=[.;])\s+(?=[A-Z])/)
    .filter((x) => !(TO_RECEIVE.test(x) && !GIVEN.test(x)) && !ALLERGY.test(x) && !(INTOLERANCE.test(x) && !GIVEN.test(x.replace(INTOLERANCE, ''))) && !RESIDUAL_TOXICITY.test(x))
    .join(' ')
    // "within 24 hours prior to the start of nivolumab" speaks of time, not of therapy received
    .replace(/\bprior to\b/gi, 'before');
  if (!s || (!CUE.test(s) && !LINES.test(s))) return [];
  const mentions = findDrugs(s);
  const drugs = new Set<string>();
  const classes = new Set<string>();
  for (const m of mentions) {
    if (m.drug) drugs.add(m.drug);
    if (m.drugClass) classes.add(m.drugClass);
  }
  let minLines: number | undefined;
  let maxLines: number | undefined;
  // every count of the sentence: "at least one but no more than three prior regimens" is 1 to 3
  let countNegation = false;
  if (/therap|treatment|regimen|line/i.test(s))
    for (const l of s.matchAll(new RegExp(LINES.source, 'gi'))) {
      const b = countedLines(l);
      if (b?.minLines !== undefined) minLines = Math.max(minLines ?? 0, b.minLines);
      if (b?.maxLines !== undefined) maxLines = Math.min(maxLines ?? 20, b.maxLines);
      // "No more than 2 prior lines": the leading "No" is the count's, not a negation of the item
      if (l.index === s.search(/\S/) && /^not? more than/i.test(l[1] ?? '')) countNegation = true;
    }
  if (minLines !== undefined && maxLines !== undefined && minLines > maxLines) return [];
  // "progressed on at least one standard regimen, if such a therapy exists": a floor followed in its own clause by
  // the existence condition (the one definition in lineOfTherapy.ts) has its own way out; it is no requirement of
  // prior lines (the line stays unread and deciding). "At least one line of chemotherapy and hormonal therapy
  // (where applicable)", "… one prior regimen. Targeted therapy if available": the condition is another clause's
  if (minLines !== undefined && floorHasWayOut(s)) minLines = undefined;
  const anySystemic = !drugs.size && !classes.size && !BY_MECHANISM.test(s) && !LIST_HEAD.test(s) && /\b(?:systemic (?:therapy|treatment|anti-?cancer)|anti-?cancer (?:therapy|treatment)|prior (?:therapy|treatment)|chemotherapy-naive|treatment-naive|treatment naïve)\b/i.test(s);
  if (!drugs.size && !classes.size && !anySystemic && minLines === undefined && maxLines === undefined) return [];
  // "must have received or refused first-line standard systemic therapy": a way in without prior therapy, no
  // requirement of it (left unread: a line-of-therapy sentence stays deciding, compiler/index.ts)
  if (!ctx.negated && ctx.section === 'inclusion' && /\b(?:received|receiving|had)\s+or\s+(?:have\s+|has\s+)?(?:refused|declined)\b/i.test(s)) return [];
  const naive = NAIVE.test(s);
  // a sentence about the drug's class must not also count each member as required
  const classList = [...classes];
  for (const d of drugs) for (const c of drugClasses(d)) if (classList.includes(c) && classList.length === 1 && drugs.size > 2) classes.delete(c);
  return [
    {
      spec: { kind: 'prior_therapy', drugs: [...drugs], classes: [...classes], anySystemic: anySystemic || undefined, minLines, maxLines },
      confidence: minLines !== undefined || maxLines !== undefined ? 0.7 : 0.75,
      // "treatment-naive" inside an inclusion item means prior therapy is excluded ("No prior X" under an
      // Exclusion heading already excludes X)
      flip: naive && !ctx.negated && !ctx.restated && minLines === undefined,
      ownsNegation: countNegation,
    },
  ];
};

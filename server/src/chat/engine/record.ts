import type { Citation, Trial } from '@oncodesk/shared/contracts';
import type { Answer } from './answers';
import { criteriaSections } from './answers';
import { say, type Lang } from './messages';
import { criteriaLines, cut, withoutListMarker } from './quote';
import { trialCite } from './retrieved';

/**
 * Facts of a trial record that no single field holds and a clinician asks for by name: its age limits
 * (the registry's minimum / maximum and the criteria sentences that state an age, "20 years or older",
 * "≤ 365 days of age at diagnosis") and its design (the registry's allocation, model and masking, the
 * sentences of its titles and summary that say "randomized", "single arm", "double-blind", and its arms).
 * Both quote the record and cite it; neither infers what the record does not state.
 */

/** A sentence that states an age limit (not "women of childbearing age", not "within 5 years"). */
const AGE =
  /\b(?:age[ds]?|aged)\b|\byears? (?:old|of age)\b|\b(?:years?|yrs?) or (?:older|over|above|more)\b|\b(?:days?|months?) of age\b|\bedad\b|\bet[aà]\b/i;
const NOT_AGE = /child-?bearing|reproductive|fertile|menopaus|\(140 ?- ?age\)|cockcroft/i;

/** The criteria sentences of a record, each with its side (inclusion / exclusion, or none when the text has no headings). */
function sentences(t: Trial): Array<{ id: string; text: string }> {
  const s = criteriaSections(t.eligibility.text);
  const out = (['inclusion', 'exclusion'] as const).flatMap((pol) =>
    s[pol].map((text, i) => ({ id: `text-${pol}-${i}`, text: `${pol === 'exclusion' ? '✕ ' : ''}${text}` })),
  );
  if (out.length) return out;
  return criteriaLines(t.eligibility.text)
    .map(withoutListMarker)
    .filter((x) => x.length >= 8)
    .map((text, i) => ({ id: `text-${i}`, text }));
}

export function ageLimits(t: Trial, patientId: string | undefined, lang: Lang): Answer {
  const citations: Citation[] = [trialCite(t, patientId)];
  const lines = [say('ageLimits', lang, { id: t.id })];
  const { minAge, maxAge } = t.eligibility;
  const range = [
    minAge && minAge > 0 ? say('ageMin', lang, { n: minAge }) : '',
    maxAge !== undefined && maxAge < 120 ? say('ageMax', lang, { n: maxAge }) : '',
  ].filter(Boolean);
  if (range.length) lines.push(`- [1] ${say('ageRegistry', lang, { range: range.join(', ') })}`);
  // sentences with a number first: "aged 18 to 70" says more than "age appropriate"
  const stated = sentences(t)
    .filter((x) => AGE.test(x.text) && !NOT_AGE.test(x.text))
    .sort((a, b) => Number(/\d/.test(b.text)) - Number(/\d/.test(a.text)))
    .slice(0, 4);
  for (const x of stated) {
    citations.push({ kind: 'criterion', id: `${t.id}#${x.id}`, trialId: t.id, ...(patientId ? { patientId } : {}), label: cut(x.text, 120) });
    lines.push(`- [${citations.length}] ${cut(x.text)}`);
  }
  if (lines.length === 1) return { content: say('noAgeLimit', lang, { id: t.id }), citations };
  return { content: lines.join('\n'), citations };
}

/** Words of study design as records write them (titles and summaries are English). */
const DESIGN =
  /\b(?:non-?)?randomi[sz]ed\b|\brandomi[sz]ation\b|\bsingle[- ](?:arm|group|cent(?:er|re))\b|\bone[- ]arm\b|\bopen[- ]label\b|\b(?:single|double|triple|quadruple)[- ]blind(?:ed)?\b|\bblinded\b|\bplacebo[- ]controlled\b|\bcontrolled\b|\bnon-?comparative\b|\bcross-?over\b|\bparallel[- ](?:group|assignment|arm)\b|\bdose[- ]escalation\b|\bmulti-?cent(?:er|re)\b/i;
const ALLOCATION = /\b(?:non-?)?randomi[sz]|\bsingle[- ](?:arm|group)\b|\bone[- ]arm\b/i;

export function design(t: Trial, patientId: string | undefined, lang: Lang): Answer {
  const citations: Citation[] = [trialCite(t, patientId)];
  const lines = [say('design', lang, { id: t.id })];
  const d = t.design;
  const fields = d ? (['allocation', 'model', 'masking'] as const).filter((k) => d[k]).map((k) => `${say(k, lang)}: ${d[k]}`) : [];
  if (fields.length) lines.push(`- [1] ${say('designFields', lang, { fields: fields.join('; ') })}`);
  // the titles and the summary's sentences that state the design, as written
  const texts = [t.officialTitle, t.briefTitle, ...(t.summary ?? '').split(/(?<=[.;])\s+/)].filter((x): x is string => !!x);
  const seen = new Set<string>();
  const stated = texts.filter((x) => DESIGN.test(x) && !seen.has(x) && seen.add(x)).slice(0, 3);
  for (const x of stated) lines.push(`- [1] ${cut(x, 300)}`);
  // a single-group model is one arm: nothing to randomise
  const allocationStated = !!d?.allocation || /single group/i.test(d?.model ?? '') || stated.some((x) => ALLOCATION.test(x));
  if (!allocationStated) lines.push(say('noAllocation', lang));
  if (t.cohorts.length) {
    lines.push('', say('designArms', lang, { n: t.cohorts.length }));
    for (const c of t.cohorts.slice(0, 8)) lines.push(`- ${cut(c.label, 120)}${c.type ? ` (${c.type})` : ''}`);
  }
  return { content: lines.join('\n'), citations };
}

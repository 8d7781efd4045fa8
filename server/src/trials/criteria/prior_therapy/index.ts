import { msg } from '@oncodesk/shared/contracts';
import { drugClassLabel, drugClasses } from '../../../vocab/drugKnowledge';
import { detectPriorTherapy } from '../../compiler/priorTherapy';
import { anyTherapyHolds, linesRule, inRange, unrecorded } from '../facts';
import { type CriterionModule, DIM_PRIOR } from '../types';

/**
 * Whether a line rule is met by the fewest lines the record shows (PatientView.linesAtLeast) when it does not count
 * them: a minimum it reaches, with no maximum ("failed one or more lines" after "progressed on osimertinib").
 */
function metByFewest(minLines: number | undefined, maxLines: number | undefined, fewest: number): boolean {
  return minLines !== undefined && maxLines === undefined && fewest >= minLines;
}

/** Criterion kind 'prior_therapy': its detector, truth, words and verdict flags. */
export const priorTherapy: CriterionModule<'prior_therapy'> = {
  kind: 'prior_therapy',
  detect: { order: 110, run: detectPriorTherapy },
  holds(spec, v) {
    if (!v.treatmentsKnown) return undefined;
    if (spec.minLines !== undefined || spec.maxLines !== undefined) {
      const lines = v.lines ?? (v.anyPriorTherapy ? undefined : 0);
      // lines not counted: the fewest the record shows can meet a minimum (never a maximum)
      if (lines === undefined && !metByFewest(spec.minLines, spec.maxLines, v.linesAtLeast)) return undefined;
      const ok = lines === undefined || inRange(lines, spec.minLines, spec.maxLines);
      if (!spec.drugs.length && !spec.classes.length) return ok;
      if (!ok) return false;
    }
    if (spec.anySystemic) return v.anyPriorTherapy;
    return anyTherapyHolds(v, spec.drugs, spec.classes);
  },
  describe(spec, v, holds) {
    const p = v.p;
    if (!v.treatmentsKnown) return unrecorded('treatment history');
    const lineRule = spec.minLines !== undefined || spec.maxLines !== undefined;
    const lines = v.lines ?? (v.anyPriorTherapy ? undefined : 0);
    if (lineRule && lines === undefined && !metByFewest(spec.minLines, spec.maxLines, v.linesAtLeast)) return unrecorded('number of prior lines');
    // met by the fewest lines the record shows: the therapies it records are the fact
    if (lineRule && lines === undefined && !(spec.drugs.length || spec.classes.length))
      return {
        fact: v.drugs.size ? msg('received', { what: [...v.drugs].join(', ') }) : msg('priorSystemic'),
        reason: linesRule(spec.minLines, spec.maxLines),
      };
    if (lineRule && lines !== undefined && (!(spec.drugs.length || spec.classes.length) || !inRange(lines, spec.minLines, spec.maxLines)))
      return { fact: msg('linesFact', { lines }), reason: linesRule(spec.minLines, spec.maxLines) };
    if (spec.anySystemic)
      return {
        fact: v.anyPriorTherapy ? (v.drugs.size ? msg('received', { what: [...v.drugs].join(', ') }) : msg('priorSystemic')) : msg('noPriorSystemic'),
        reason: msg('priorSystemic'),
      };
    const reason = msg('prior', { what: [...spec.drugs, ...spec.classes.map((c) => (drugClassLabel(c) ? `@{class:${c}}` : c))].join(', ') });
    if (holds) {
      const d = spec.drugs.find((x) => v.drugs.has(x));
      if (d) return { fact: msg('received', { what: d }), reason };
      const c = spec.classes.find((x) => v.classes.has(x))!;
      const via = [...v.drugs].find((x) => drugClasses(x).includes(c));
      const cls = drugClassLabel(c) ? `@class:${c}` : c;
      return { fact: via ? msg('receivedVia', { drug: via, class: cls }) : msg('received', { what: cls }), reason };
    }
    if (holds === undefined)
      return {
        fact: msg('receivedWhichUnknown', {
          what: (p.priorTreatments ?? [])
            .filter((t) => t.candidates?.length)
            .map((t) => t.name)
            .join(', '),
        }),
        reason,
      };
    return { fact: v.drugs.size ? msg('received', { what: [...v.drugs].join(', ') }) : msg('noMatchingPrior'), reason };
  },
  dimension: DIM_PRIOR,
  speaksToLevel: true,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

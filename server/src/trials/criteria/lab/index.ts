import { msg } from '@oncodesk/shared/contracts';
import { labText, toUcum } from '../../../vocab/labUnits';
import { detectLab } from '../../compiler/lab';
import { labOf, recordedLab, cmp } from '../facts';
import { type CriterionModule } from '../types';

/** Criterion kind 'lab': its detector, truth, words and verdict flags. */
export const lab: CriterionModule<'lab'> = {
  kind: 'lab',
  detect: { order: 140, run: detectLab },
  holds(spec, v) {
    const lab = labOf(v, spec.analyte, spec.unit, spec.value);
    if (!lab) return undefined;
    if (spec.unit === 'xULN') return lab.uln ? cmp(spec.op, lab.value / lab.uln, spec.value) : undefined;
    return cmp(spec.op, lab.value, spec.value);
  },
  describe(spec, v) {
    const p = v.p;
    const lab = labOf(v, spec.analyte, spec.unit, spec.value);
    if (!lab) return { reason: msg('notRecorded', { what: `@${spec.analyte}` }) };
    if (spec.unit === 'xULN')
      return lab.uln
        ? {
            fact: msg('labUln', { analyte: `@${spec.analyte}`, value: lab.value, ratio: (lab.value / lab.uln).toFixed(2) }),
            reason: msg('compare', { what: `@${spec.analyte}`, op: spec.op, value: `${spec.value}×ULN` }),
          }
        : { fact: msg('labFact', { analyte: `@${spec.analyte}`, value: lab.value }), reason: msg('notRecorded', { what: 'ULN' }) };
    // the value as recorded, and in the protocol's unit when that differs ("88 µmol/L = 0.9955 mg/dL")
    const rec = recordedLab(p, spec.analyte)!;
    const asRecorded = labText(rec.value, rec.unit ? toUcum(rec.unit) : lab.unit);
    const inCriterion = labText(lab.value, lab.unit);
    return {
      fact: msg('labFact', { analyte: `@${spec.analyte}`, value: asRecorded === inCriterion || !rec.unit ? inCriterion : `${asRecorded} = ${inCriterion}` }),
      reason: msg('compare', { what: `@${spec.analyte}`, op: spec.op, value: `${spec.value}${spec.unit ? ' ' + spec.unit : ''}` }),
    };
  },
  dimension: 0,
  speaksToLevel: true,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

import { msg, GLEASON_OF_GRADE_GROUP } from '@oncodesk/shared/contracts';
import { detectHistologicGrade } from '../../compiler/histologicGrade';
import { range } from '../facts';
import { type CriterionModule, DIM_SETTING } from '../types';

/** Criterion kind 'histologic_grade': its detector, truth, words and verdict flags. */
export const histologicGrade: CriterionModule<'histologic_grade'> = {
  kind: 'histologic_grade',
  detect: { order: 190, run: detectHistologicGrade },
  holds(spec, v) {
    const p = v.p;
    if (spec.grade) return p.tumorGrade === undefined ? undefined : p.tumorGrade === spec.grade;
    if (p.gleasonGradeGroup === undefined) return undefined;
    // the grade group's scores all inside the criterion's range: met; all outside: not met
    const [lo, hi] = GLEASON_OF_GRADE_GROUP[p.gleasonGradeGroup];
    const min = spec.gleasonMin ?? 2;
    const max = spec.gleasonMax ?? 10;
    if (lo >= min && hi <= max) return true;
    return hi < min || lo > max ? false : undefined;
  },
  describe(spec, v) {
    const p = v.p;
    if (spec.grade) {
      const g = p.tumorGrade;
      const reason = msg('tumourGrade', { grade: `@${spec.grade}_grade` });
      return g ? { fact: msg('value', { value: `@${g}_grade` }), reason } : { reason: msg('notRecordedSuffix', { what: '@tumour grade' }) };
    }
    const { gleasonMin: min, gleasonMax: max } = spec;
    const reason = msg('gleason', {
      range: min !== undefined && max !== undefined ? (min === max ? `${min}` : `${min}–${max}`) : min !== undefined ? `≥ ${min}` : `≤ ${max}`,
    });
    const gg = p.gleasonGradeGroup;
    if (!gg) return { reason: msg('notRecordedSuffix', { what: '@Gleason score' }) };
    const [lo, hi] = GLEASON_OF_GRADE_GROUP[gg];
    return { fact: msg('gleasonFact', { score: lo === hi ? lo : `${lo}–${hi}`, group: gg }), reason };
  },
  dimension: DIM_SETTING,
  speaksToLevel: true,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

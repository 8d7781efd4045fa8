import { msg } from '@oncodesk/shared/contracts';
import { oncoNode, ONCOTREE_ROOT } from '../../../vocab/diseaseTree';
import { detectDiagnosis } from '../../compiler/diagnosis';
import { derived, unrecorded } from '../facts';
import { type CriterionModule, DIM_DISEASE } from '../types';

/** Criterion kind 'diagnosis': its detector, truth, words and verdict flags. */
export const diagnosis: CriterionModule<'diagnosis'> = {
  kind: 'diagnosis',
  detect: { order: 60, run: detectDiagnosis },
  holds(spec, v) {
    const code = v.code;
    if (!code || spec.unresolved) return undefined;
    for (const c of spec.codes) if (v.lineage.has(c)) return true;
    if (code !== ONCOTREE_ROOT) {
      const sub = derived(v).subtree;
      for (const c of spec.codes) if (sub.has(c.toUpperCase())) return undefined;
    }
    return false;
  },
  describe(spec, v, holds) {
    const p = v.p;
    const text = p.diagnosisText ? msg('value', { value: p.diagnosisText }) : undefined;
    if (spec.unresolved) return { fact: text, reason: msg('diseaseUnresolved', { text: spec.text ?? '—' }) };
    if (!p.oncotreeCode) return { fact: text, ...unrecorded('OncoTree diagnosis') };
    const code = v.code;
    if (!code) return { fact: msg('diagnosisCode', { code: p.oncotreeCode.toUpperCase() }), reason: msg('unknownCode') };
    const fact = msg('diagnosisNamed', { code, name: oncoNode(code)?.name ?? code });
    if (holds) {
      const c = spec.codes.find((x) => v.lineage.has(x))!;
      return { fact, reason: msg(c === code ? 'trialDisease' : 'trialDiseaseSubtree', { codes: c }) };
    }
    return { fact, reason: msg(holds === undefined ? 'moreSpecificDiagnosis' : 'trialDisease', { codes: spec.codes.join(', ') }) };
  },
  dimension: DIM_DISEASE,
  speaksToLevel: true,
  counted: true,
  topical: true,
  alternatives: false,
  registryField: true,
};

import type { Condition, Observation } from '@medplum/fhirtypes';
import type { FocusArea } from '@oncodesk/shared/contracts';
import { loinc, snomed, systems } from '../profiles';
import { mCategoryOf, stageOf } from '../terms/stage';
import { byDateDesc, claims, codings, hasCode, textOf, type Entry, type ParsedBundle } from './bundle';
import type { Collector } from './collect';

const STAGE_GROUP_PROFILES = ['mcode-tnm-stage-group', 'mcode-tnm-clinical-stage-group', 'mcode-tnm-pathological-stage-group', 'mcode-tnm-pathologic-stage-group', 'mcode-cancer-stage'];
const M_PROFILES = ['mcode-tnm-distant-metastases-category', 'mcode-tnm-clinical-distant-metastases-category', 'mcode-tnm-pathological-distant-metastases-category'];
/** cM and pM category (SNOMED), distant metastases clinical and pathology (LOINC). */
const M_SNOMED = ['399387003', '371497001'];
const M_LOINC = ['21907-1', '21901-4'];

const usable = (o: Observation) => o.resourceType === 'Observation' && o.status !== 'entered-in-error' && o.status !== 'cancelled';

const isPathologic = (o: Observation) => hasCode(o.code, systems.snomed, [snomed.pathologicStageGroup]) || hasCode(o.code, systems.loinc, [loinc.tnmStageGroupPathologic]) || claims(o, 'mcode-tnm-pathological-stage-group', 'mcode-tnm-pathologic-stage-group');

export function isStageGroup(o: Observation): boolean {
  return claims(o, ...STAGE_GROUP_PROFILES) || hasCode(o.code, systems.loinc, [loinc.tnmStageGroupClinical, loinc.tnmStageGroupPathologic]) || hasCode(o.code, systems.snomed, [snomed.clinicalStageGroup, snomed.pathologicStageGroup, snomed.figoStage]);
}

function stageOfConcept(cc: Observation['valueCodeableConcept']): string | undefined {
  for (const x of codings(cc)) {
    const s = stageOf(x);
    if (s) return s;
  }
  return typeof cc?.text === 'string' ? stageOf({ display: cc.text }) : undefined;
}

/**
 * The stage group: the latest stage group observation (pathologic before clinical on the same day),
 * else the primary condition's stage summary. A different stage elsewhere is reported as superseded.
 */
export function readStage(b: ParsedBundle, primary: Entry, focusArea: FocusArea, c: Collector): { stage: string; ref: string } | undefined {
  const obs = b.entries.filter((e) => usable(e.resource as Observation) && isStageGroup(e.resource as Observation));
  obs.sort((x, y) => byDateDesc(x, y) || Number(isPathologic(y.resource as Observation)) - Number(isPathologic(x.resource as Observation)));
  const found: { stage: string; ref: string; what: string }[] = [];
  for (const e of obs) {
    const s = stageOfConcept((e.resource as Observation).valueCodeableConcept);
    if (s) found.push({ stage: s, ref: e.ref, what: 'stage group observation' });
    else c.skip(e.ref, 'unknown_stage', textOf((e.resource as Observation).valueCodeableConcept));
  }
  const cond = primary.resource as Condition;
  for (const st of Array.isArray(cond.stage) ? cond.stage : []) {
    const s = stageOfConcept(st?.summary);
    if (s) found.push({ stage: s, ref: primary.ref, what: 'condition stage summary' });
  }
  const chosen = found[0];
  if (!chosen) return undefined;
  c.propose({ questionId: `stage.${focusArea}`, value: chosen.stage, resource: chosen.ref, detail: `Stage ${chosen.stage} (${chosen.what})` });
  for (const f of found.slice(1)) {
    if (f.stage !== chosen.stage) c.skip(f.ref, 'superseded', `Stage ${f.stage} (${f.what}); stage ${chosen.stage} from ${chosen.ref} is used`);
    else c.seen.add(f.ref);
  }
  return { stage: chosen.stage, ref: chosen.ref };
}

/** The latest distant-metastases (M) category: M0 or M1, with its resource. */
export function readMCategory(b: ParsedBundle, c: Collector): { m: 'M0' | 'M1'; ref: string } | undefined {
  const obs = b.entries.filter((e) => {
    const o = e.resource as Observation;
    return usable(o) && (claims(o, ...M_PROFILES) || hasCode(o.code, systems.snomed, M_SNOMED) || hasCode(o.code, systems.loinc, M_LOINC));
  });
  obs.sort(byDateDesc);
  let latest: { m: 'M0' | 'M1'; ref: string } | undefined;
  for (const e of obs) {
    const o = e.resource as Observation;
    const m = codings(o.valueCodeableConcept).map(mCategoryOf).find(Boolean) ?? mCategoryOf({ display: o.valueCodeableConcept?.text });
    if (!m) c.skip(e.ref, 'no_value', textOf(o.valueCodeableConcept));
    else if (!latest) latest = { m, ref: e.ref };
    else c.seen.add(e.ref);
  }
  return latest;
}

import type { Observation } from '@medplum/fhirtypes';
import { loinc, systems } from '../profiles';
import { byDateDesc, claims, codings, hasCode, type ParsedBundle } from './bundle';
import type { Collector } from './collect';

/** LOINC answers of the ECOG scale (LL529-9). */
const ECOG_ANSWERS: Record<string, number> = { 'LA9622-7': 0, 'LA9623-5': 1, 'LA9624-3': 2, 'LA9625-0': 3, 'LA9626-8': 4 };

/**
 * Karnofsky -> ECOG as NCI CTEP protocols pair them: 100-90 is 0, 80-70 is 1, 60-50 is 2, 40-30 is 3,
 * 20-10 is 4 (0, dead, has none).
 */
export function ecogOfKarnofsky(k: number): number | undefined {
  if (!Number.isFinite(k) || k < 10 || k > 100) return undefined;
  return k >= 90 ? 0 : k >= 70 ? 1 : k >= 50 ? 2 : k >= 30 ? 3 : 4;
}

function scoreOf(o: Observation): number | undefined {
  if (typeof o.valueInteger === 'number') return o.valueInteger;
  if (typeof o.valueQuantity?.value === 'number') return o.valueQuantity.value;
  for (const x of [...codings(o.valueCodeableConcept), ...(Array.isArray(o.interpretation) ? o.interpretation.flatMap(codings) : [])]) {
    if (x.code && ECOG_ANSWERS[x.code] !== undefined) return ECOG_ANSWERS[x.code];
  }
  return undefined;
}

/** ECOG from the latest ECOG observation, else from the latest Karnofsky score. */
export function readPerformance(b: ParsedBundle, c: Collector): void {
  const of = (code: string, profile: string) =>
    b.entries
      .filter((e) => {
        const o = e.resource as Observation;
        return o.resourceType === 'Observation' && o.status !== 'entered-in-error' && (hasCode(o.code, systems.loinc, [code]) || claims(o, profile));
      })
      .sort(byDateDesc);
  const ecog = of(loinc.ecog, 'mcode-ecog-performance-status');
  const karnofsky = of(loinc.karnofsky, 'mcode-karnofsky-performance-status');
  for (const e of ecog) {
    const s = scoreOf(e.resource as Observation);
    if (s === undefined || !Number.isInteger(s)) c.skip(e.ref, 'no_value');
    else if (!c.proposals.some((p) => p.questionId === 'ecog')) c.propose({ questionId: 'ecog', value: String(s), resource: e.ref, detail: `ECOG ${s}` });
    else c.seen.add(e.ref);
  }
  for (const e of karnofsky) {
    const k = scoreOf(e.resource as Observation);
    const s = k === undefined ? undefined : ecogOfKarnofsky(k);
    if (s === undefined) c.skip(e.ref, 'no_value');
    else if (!c.proposals.some((p) => p.questionId === 'ecog')) c.propose({ questionId: 'ecog', value: String(s), resource: e.ref, detail: `Karnofsky ${k} (ECOG ${s})` });
    else c.skip(e.ref, 'superseded', `Karnofsky ${k}; ECOG is read from a newer or ECOG observation`);
  }
}

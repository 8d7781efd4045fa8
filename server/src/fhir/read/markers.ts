import type { Observation } from '@medplum/fhirtypes';
import type { FocusArea } from '@oncodesk/shared/contracts';
import { systems } from '../profiles';
import { MARKER_LOINC, NUMERIC_UNITS, markerQuestion, qualitativeResult, type Marker } from '../terms/markers';
import { byDateDesc, claims, codings, textOf, type Entry, type ParsedBundle } from './bundle';
import type { Collector } from './collect';

const NUMERIC: ReadonlySet<Marker> = new Set(['PSA', 'CEA', 'AFP', 'TMB', 'PDL1_TPS']);

export function markerOf(o: Observation): Marker | undefined {
  return codings(o.code)
    .filter((x) => x.system === systems.loinc && typeof x.code === 'string')
    .map((x) => MARKER_LOINC[x.code!])
    .find(Boolean);
}

/** The value of a marker observation as its survey answer, or the reason it has none. */
function valueOf(marker: Marker, o: Observation): { value: unknown; detail: string } | { reason: string; detail: string } {
  if (NUMERIC.has(marker)) {
    const q = o.valueQuantity;
    if (typeof q?.value !== 'number') return { reason: 'not_numeric', detail: textOf(o.valueCodeableConcept) || (typeof o.valueString === 'string' ? o.valueString : '') };
    const unit = (q.code ?? q.unit ?? '').trim();
    if (!NUMERIC_UNITS[marker]!.test(unit)) return { reason: 'unit_not_supported', detail: `${q.value} ${unit}` };
    return { value: q.value, detail: `${q.value}${unit ? ` ${unit}` : ''}` };
  }
  const concepts = [o.valueCodeableConcept, ...(Array.isArray(o.interpretation) ? o.interpretation : [])];
  const text = [...concepts.map(textOf), typeof o.valueString === 'string' ? o.valueString : ''].filter(Boolean).join(' | ');
  const v = qualitativeResult(marker, concepts.flatMap(codings), text);
  return v ? { value: v, detail: text } : { reason: 'result_not_understood', detail: text };
}

/** Tumour markers (HER2, ER, PR, PSA, CEA, AFP, MSI, TMB, PD-L1 TPS): the latest result of each. */
export function readMarkers(b: ParsedBundle, focusArea: FocusArea, c: Collector): void {
  const byMarker = new Map<Marker, Entry[]>();
  for (const e of b.entries) {
    const o = e.resource as Observation;
    if (o.resourceType !== 'Observation' || o.status === 'entered-in-error' || o.status === 'cancelled') continue;
    const m = markerOf(o);
    if (m) byMarker.set(m, [...(byMarker.get(m) ?? []), e]);
    else if (claims(o, 'mcode-tumor-marker-test', 'mcode-tumor-marker')) c.skip(e.ref, 'marker_not_in_survey', textOf(o.code));
  }
  for (const [marker, entries] of byMarker) {
    entries.sort(byDateDesc);
    let done = false;
    for (const e of entries) {
      const r = valueOf(marker, e.resource as Observation);
      if ('reason' in r) c.skip(e.ref, r.reason, `${marker}: ${r.detail}`);
      else if (done) c.skip(e.ref, 'superseded', `${marker}: ${r.detail}`);
      else {
        c.propose({ questionId: markerQuestion(marker, focusArea), value: r.value, resource: e.ref, detail: `${marker}: ${r.detail}` });
        done = true;
      }
    }
  }
}

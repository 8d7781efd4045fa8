import type { CodeableConcept, Observation, ObservationComponent, Patient } from '@medplum/fhirtypes';
import { loinc, mcodeProfiles, snomed, systems } from '../profiles';
import { hgncTable } from '../terms/genes';
import { EXPORT_LOINC, markerQuestion, type Marker } from '../terms/markers';
import { answer, concept, refTo, stableId, stated, type ExportContext } from './context';

const laboratory = concept(systems.observationCategory, 'laboratory', 'Laboratory');

/** Qualitative results as codes where the meaning is plain, words where it is a scale of its own. */
const QUALITATIVE: Record<string, CodeableConcept> = {
  positive: concept(systems.snomed, snomed.positive, 'Positive (qualifier value)', 'Positive'),
  negative: concept(systems.snomed, snomed.negative, 'Negative (qualifier value)', 'Negative'),
  low: { text: 'HER2-low (IHC 1+, or 2+ with negative ISH)' },
  high: concept(systems.loinc, 'LA26203-2', 'MSI-H', 'MSI-H'),
  stable: { text: 'MSS (microsatellite stable)' },
};
const MSI_LOW: CodeableConcept = { text: 'MSI-L (microsatellite instability low)' };

const UNITS: Partial<Record<Marker, { unit: string; code: string }>> = {
  PSA: { unit: 'ng/mL', code: 'ng/mL' },
  CEA: { unit: 'ng/mL', code: 'ng/mL' },
  AFP: { unit: 'ng/mL', code: 'ng/mL' },
  TMB: { unit: 'mutations/Mb', code: '1/1000000{Base}' },
  PDL1_TPS: { unit: '%', code: '%' },
};

const MARKERS: Marker[] = ['HER2', 'ER', 'PR', 'PSA', 'CEA', 'AFP', 'MSI', 'PDL1_TPS', 'TMB'];

/** Tumour marker tests (TMB among them: its LOINC is in mCODE's tumour marker value set). */
export function markerObservations(ctx: ExportContext, patient: Patient): Observation[] {
  const out: Observation[] = [];
  for (const m of MARKERS) {
    const q = markerQuestion(m, ctx.focusArea);
    const v = ctx.answers[q];
    if (v === undefined || (typeof v === 'string' && !stated(ctx, q))) continue;
    const value: Partial<Observation> =
      typeof v === 'number'
        ? { valueQuantity: { value: v, unit: UNITS[m]!.unit, system: systems.ucum, code: UNITS[m]!.code } }
        : { valueCodeableConcept: m === 'MSI' && v === 'low' ? MSI_LOW : QUALITATIVE[v as string] };
    if (!value.valueQuantity && !value.valueCodeableConcept) continue;
    out.push({
      resourceType: 'Observation',
      id: stableId(ctx.folderId, `marker:${m}`),
      meta: { profile: [mcodeProfiles.tumorMarkerTest] },
      status: 'final',
      category: [laboratory],
      code: concept(systems.loinc, EXPORT_LOINC[m].code, EXPORT_LOINC[m].display),
      subject: refTo(patient),
      effectiveDateTime: ctx.today,
      ...value,
    });
  }
  return out;
}

const symbolToHgnc = () => new Map(Object.entries(hgncTable()).map(([id, s]) => [s, id]));

const component = (code: string, value: CodeableConcept): ObservationComponent => ({ code: { coding: [{ system: systems.loinc, code }] }, valueCodeableConcept: value });

/** Genomic variants: the gene(s), the protein change (HGVS p.), the change type, and the answer's own wording. */
export function variantObservations(ctx: ExportContext, patient: Patient): Observation[] {
  const items = answer<string[]>(ctx, 'alterations') ?? [];
  const hgnc = symbolToHgnc();
  return items.flatMap((item) => {
    const parsed = ctx.survey.parseVariant(item);
    if ('error' in parsed) return [];
    const { gene, proteinChange, category } = parsed.alteration;
    const fusion = /^([A-Z0-9-]+)::([A-Z0-9-]+)$/.exec(proteinChange ?? '');
    const genes = fusion ? [fusion[1], fusion[2]] : [gene];
    const protein = proteinChange && !fusion && /^[A-Z*]\d/.test(proteinChange) ? proteinChange : undefined;
    const components: ObservationComponent[] = genes.map((g) =>
      component(loinc.geneStudied, hgnc.has(g) ? { coding: [{ system: systems.hgnc, code: hgnc.get(g)!, display: g }], text: g } : { text: g }),
    );
    if (protein) components.push(component(loinc.proteinHgvs, { text: `p.${protein}` }));
    else components.push(component(loinc.dnaChangeType, { text: category.replace(/_/g, ' ') }));
    components.push(component(loinc.variationCode, { text: item }));
    return [
      {
        resourceType: 'Observation',
        id: stableId(ctx.folderId, `variant:${item.toUpperCase()}`),
        meta: { profile: [mcodeProfiles.genomicVariant] },
        status: 'final',
        category: [laboratory],
        code: concept(systems.loinc, loinc.genomicVariant, 'Genetic variant assessment'),
        subject: refTo(patient),
        effectiveDateTime: ctx.today,
        // a wild type is a gene tested without a variant found
        valueCodeableConcept: category === 'wild_type' ? concept(systems.loinc, loinc.absent, 'Absent') : concept(systems.loinc, loinc.present, 'Present'),
        component: components,
      } satisfies Observation,
    ];
  });
}

const ECOG_LA = ['LA9622-7', 'LA9623-5', 'LA9624-3', 'LA9625-0', 'LA9626-8'];

export function ecogObservation(ctx: ExportContext, patient: Patient): Observation | null {
  const v = stated(ctx, 'ecog');
  if (v === undefined) return null;
  const n = Number(v);
  return {
    resourceType: 'Observation',
    id: stableId(ctx.folderId, 'ecog'),
    meta: { profile: [mcodeProfiles.ecogPerformanceStatus] },
    status: 'final',
    category: [concept(systems.observationCategory, 'survey', 'Survey')],
    code: concept(systems.loinc, loinc.ecog, 'ECOG Performance Status score'),
    subject: refTo(patient),
    effectiveDateTime: ctx.today,
    valueInteger: n,
    interpretation: [{ coding: [{ system: systems.loinc, code: ECOG_LA[n] }] }],
  };
}

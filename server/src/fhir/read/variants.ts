import type { Observation, ObservationComponent } from '@medplum/fhirtypes';
import { loinc, systems } from '../profiles';
import { geneCandidates } from '../terms/genes';
import { proteinChangeOf } from '../terms/hgvs';
import { claims, codings, hasCode, textOf, type ParsedBundle } from './bundle';
import type { Collector } from './collect';

export const isVariantObservation = (o: Observation) =>
  o.resourceType === 'Observation' && (hasCode(o.code, systems.loinc, [loinc.genomicVariant]) || claims(o, 'mcode-genomic-variant', 'mcode-cancer-genetic-variant', 'variant'));

const componentsWith = (o: Observation, code: string): ObservationComponent[] => (Array.isArray(o.component) ? o.component.filter((x) => hasCode(x?.code, systems.loinc, [code])) : []);

/** Every string a component's value carries (codes, displays, text, valueString). */
function strings(x: ObservationComponent): string[] {
  const cc = x.valueCodeableConcept;
  return [...codings(cc).flatMap((k) => [k.code ?? '', k.display ?? '']), typeof cc?.text === 'string' ? cc.text : '', typeof x.valueString === 'string' ? x.valueString : ''].filter(Boolean);
}

function kindOf(text: string, genes: number): string {
  const t = text.toLowerCase();
  if (/amplif|copy number gain/.test(t)) return 'Amplification';
  if (/homozygous deletion|copy number loss|gene deletion|\bloss\b/.test(t)) return 'Deletion';
  if (/fusion|rearrangement|translocation/.test(t) || genes > 1) return 'Fusion';
  return 'Mutation';
}

/** Genomic variants as `alterations` items: "GENE p.change" from the HGVS components, else the gene-level finding. */
export function readVariants(b: ParsedBundle, c: Collector): void {
  for (const e of b.entries) {
    const o = e.resource as Observation;
    if (!isVariantObservation(o) || o.status === 'entered-in-error' || o.status === 'cancelled') continue;
    const read = componentsWith(o, loinc.geneStudied).map((x) => geneCandidates(codings(x.valueCodeableConcept)[0] ?? {}, x.valueCodeableConcept?.text));
    if (read.includes(null)) {
      c.skip(e.ref, 'gene_code_conflict', 'the HGNC id and the gene symbol shown name different genes');
      continue;
    }
    const genes = (read as string[][]).filter((g) => g.length);
    if (!genes.length) {
      c.skip(e.ref, 'no_gene');
      continue;
    }
    const hgvs = [...componentsWith(o, loinc.proteinHgvs), ...componentsWith(o, loinc.variationCode)].flatMap(strings);
    const protein = hgvs.map(proteinChangeOf).find(Boolean);
    if (hasCode(o.valueCodeableConcept, systems.loinc, [loinc.absent]) || /\babsent\b|not detected/i.test(textOf(o.valueCodeableConcept))) {
      // one gene tested and nothing found is a wild type; a named variant found absent says nothing more
      if (genes.length === 1 && !protein) c.propose({ questionId: 'alterations', value: `${genes[0][0]} Wild Type`, alternatives: genes[0].slice(1).map((g) => `${g} Wild Type`), item: true, resource: e.ref, detail: `${genes[0][0]} not detected` });
      else c.skip(e.ref, 'variant_absent', textOf(o.valueCodeableConcept));
      continue;
    }
    const words = [...(Array.isArray(o.interpretation) ? o.interpretation.map(textOf) : []), ...componentsWith(o, loinc.dnaChangeType).flatMap(strings), textOf(o.code), typeof o.valueCodeableConcept?.text === 'string' ? o.valueCodeableConcept.text : ''].join(' | ');
    const kind = protein ? undefined : kindOf(words, genes.length);
    let items: string[];
    if (genes.length > 1 && (kind === 'Fusion' || !protein)) {
      // the 3' partner (listed second) is usually the kinase a fusion is named after in trials: EML4::ALK is "ALK Fusion"
      const [five, three] = [genes[0][0], genes[1][0]];
      items = [`${three} ${five}::${three}`, `${five} ${five}::${three}`, `${three} Fusion`, `${five} Fusion`];
    } else {
      items = genes[0].flatMap((g) => (protein ? [`${g} ${protein}`] : [`${g} ${kind}`]));
      // a protein change the survey does not take still says which gene is altered
      if (protein) items.push(...genes[0].map((g) => `${g} Mutation`));
    }
    // a variation code written as the survey names it ("EGFR Exon 19 Deletion", OncoDesk's export) is tried first
    const named = componentsWith(o, loinc.variationCode).flatMap(strings).filter((s) => /^[A-Za-z0-9-]{2,20} \S/.test(s) && !/[:(]/.test(s.split(' ')[0]));
    const [value, ...alternatives] = [...new Set([...named, ...items])];
    c.propose({ questionId: 'alterations', value, alternatives, item: true, resource: e.ref, detail: [genes.map((g) => g[0]).join('/'), protein ?? kind, hgvs[0]].filter(Boolean).join(' ') });
  }
}

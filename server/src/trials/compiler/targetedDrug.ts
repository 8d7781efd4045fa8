/**
 * A trial that exists to test a targeted drug needs the drug's target in the patient's tumour: a selective
 * FGFR2 inhibitor is studied in FGFR2-altered tumours even when the record's criteria forget to say so.
 * When the criteria state no alteration requirement, this derives one from the title ("Highly Selective
 * FGFR2 Inhibitor") or from the interventions (a drug of an alteration-driven class: ALK, ROS1, RET, TRK,
 * KRAS G12C, MET, BRAF, FGFR, IDH inhibitors), its genes as alternatives of one source (any of them meets
 * it). Its confidence is below DECISIVE_CONFIDENCE: it never rules a patient out on its own, but a patient
 * without the target is not a match ("unknown", the source says why) and one with it can be.
 * Multi-kinase drugs (cabozantinib, lenvatinib) are given without a target alteration and derive nothing.
 */
import type { CompiledCriterion } from '@oncodesk/shared/contracts';
import { findGenes } from '../../vocab/geneNames';
import { CLASS_TARGETS, drugClasses, findDrugs } from '../../vocab/drugKnowledge';

/** Below the verdict's DECISIVE_CONFIDENCE (0.6): the requirement is inferred, not stated. */
export const TARGET_REQUIREMENT_CONFIDENCE = 0.5;

/** Drug classes whose use presupposes an alteration of their target gene. */
const ALTERATION_DRIVEN = [
  'alk_inhibitor',
  'ros1_inhibitor',
  'ret_inhibitor',
  'trk_inhibitor',
  'kras_g12c_inhibitor',
  'met_inhibitor',
  'braf_inhibitor',
  'fgfr_inhibitor',
  'idh_inhibitor',
];
/** Genes whose name before "inhibitor" in a title means the trial enrols tumours altered in them. */
const DRIVER_GENES = new Set([...ALTERATION_DRIVEN.flatMap((c) => CLASS_TARGETS[c] ?? []), 'FGFR4']);
/** "<GENE> inhibitor", "<GENE>-selective", "<GENE> TKI", "<GENE>-targeted", "<GENE> degrader". */
const AGENT_AFTER =
  /^[\s-]*(?:selective[\s-]+|kinase[\s-]+|tyrosine[\s-]+kinase[\s-]+)?(?:inhibitors?|inhibition|TKIs?|targeted|targeting|directed|degraders?|blockers?|selective)\b/i;

/** Targeted classes outside those: a driver drug given with one of them is there for another rationale. */
const OTHER_TARGETED = new Set([...Object.keys(CLASS_TARGETS).filter((c) => !ALTERATION_DRIVEN.includes(c)), 'mek_inhibitor']);

export interface TargetedDrugInput {
  briefTitle: string;
  officialTitle?: string;
  conditions?: string[];
  interventions: Array<{ name: string; otherNames?: string[] }>;
  cohorts?: Array<{ criteria: CompiledCriterion[] }>;
}

/** A requirement the record states: an alteration to have, or a HER2 status (its own criterion kind). */
function statesBiomarker(criteria: CompiledCriterion[]): boolean {
  return criteria.some(
    (c) => c.polarity === 'inclusion' && ((c.spec.kind === 'alteration' && !c.spec.wildType) || (c.spec.kind === 'receptor' && c.spec.marker === 'HER2')),
  );
}

/** The target requirement a targeted-drug trial implies and its criteria do not state (none or one group). */
export function deriveTargetRequirement(
  input: TargetedDrugInput,
  existing: CompiledCriterion[],
  options: { idPrefix: string; startIndex: number },
): CompiledCriterion[] {
  if (statesBiomarker(existing) || (input.cohorts ?? []).some((co) => statesBiomarker(co.criteria))) return [];
  const genes = new Set<string>();
  let source: string | undefined;
  for (const title of [input.briefTitle, input.officialTitle ?? '']) {
    for (const g of findGenes(title)) {
      if (!DRIVER_GENES.has(g.gene) || !AGENT_AFTER.test(title.slice(g.end, g.end + 40))) continue;
      genes.add(g.gene);
      source ??= `Title: ${title}`;
    }
  }
  if (!genes.size) {
    const perIntervention = input.interventions.map((iv) => {
      const classes = new Set<string>();
      for (const m of findDrugs([iv.name, ...(iv.otherNames ?? [])].join('; '))) {
        if (m.drugClass) classes.add(m.drugClass);
        // a multi-kinase drug hits a driver's kinase among many: it is not given for the alteration
        if (m.drug && !drugClasses(m.drug).includes('multikinase_inhibitor')) for (const c of drugClasses(m.drug)) classes.add(c);
      }
      return { iv, classes };
    });
    // ceritinib with trametinib in melanoma, nilotinib with dabrafenib: the pairing has its own population
    if (perIntervention.some(({ classes }) => [...classes].some((c) => OTHER_TARGETED.has(c)))) return [];
    for (const { iv, classes } of perIntervention) {
      const before = genes.size;
      for (const c of ALTERATION_DRIVEN) if (classes.has(c)) for (const g of CLASS_TARGETS[c] ?? []) genes.add(g);
      if (genes.size > before) source ??= `Intervention: ${iv.name}`;
    }
  }
  if (!genes.size || !source) return [];
  // the record takes a stance on the target (excludes it, wants it wild-type: "Enasidenib ... w/o IDH2
  // Mutation"), or its title / conditions select another gene's tumours ("Harboring GNAQ/11 Mutations")
  if (existing.some((c) => c.spec.kind === 'alteration' && genes.has(c.spec.gene))) return [];
  for (const t of [input.briefTitle, input.officialTitle ?? '', ...(input.conditions ?? [])]) {
    if (/\b(?:w\/o|without|wild[- ]?type|negative)\b/i.test(t)) return [];
    if (findGenes(t).some((g) => !genes.has(g.gene))) return [];
  }
  let i = options.startIndex;
  // one source for all genes: the verdict reads inclusion alterations of one source as alternatives
  return [...genes].map((gene) => ({
    id: `${options.idPrefix}#${i++}`,
    polarity: 'inclusion',
    spec: { kind: 'alteration', gene, category: 'any' },
    source: source.slice(0, 4000),
    confidence: TARGET_REQUIREMENT_CONFIDENCE,
    origin: 'derived',
  }));
}

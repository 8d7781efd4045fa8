import type { FocusArea } from '@oncodesk/shared/contracts';

/**
 * Whether a stage group means distant spread (M1): the one definition the matcher, the guideline engine,
 * the FHIR reader and the clinical language reader use. AJCC 8th edition / FIGO 2018, per focus area:
 * stage IV is not always distant — prostate IVA is node-positive M0, thyroid IVA and liver IVA are
 * locoregional, cervix IVA is invasion of the bladder or rectum; some groups do not decide (UNDECIDED).
 */
const DISTANT: Record<FocusArea, ReadonlySet<string>> = {
  breast: new Set(['IV']),
  lung: new Set(['IV', 'IVA', 'IVB']),
  stomach: new Set(['IV', 'IVB']),
  colon: new Set(['IV', 'IVA', 'IVB', 'IVC']),
  prostate: new Set(['IVB']),
  liver: new Set(['IVB']),
  thyroid: new Set(['IVC']),
  cervix_uteri: new Set(['IVB']),
  bladder: new Set(['IVB']),
  kidney: new Set(),
};

/**
 * Stage IV groups that may be M0 or M1 in a focus area: the stage alone does not decide. Kidney IV is T4 M0
 * or M1; bladder IVA is T4b M0 or M1a (non-regional nodes); thyroid IVB is M1 in differentiated cancer of a
 * patient 55 or older but T4b / N1 M0 in medullary and anaplastic cancer.
 */
const UNDECIDED: Partial<Record<FocusArea, ReadonlySet<string>>> = { kidney: new Set(['IV']), bladder: new Set(['IVA']), thyroid: new Set(['IVB']) };

/** "Stage IIIb" → "IIIB"; undefined when it is not a stage group. */
export function stageGroup(stage: string | undefined): string | undefined {
  const s = stage
    ?.trim()
    .toUpperCase()
    .replace(/^STAGE\s*/, '');
  return s && /^(0|I{1,3}|IV)(IS|[A-C])?\d?$/.test(s) ? s : undefined;
}

/**
 * True: the group means distant metastasis; false: it does not; undefined: the stage alone does not say
 * (no stage, kidney IV, or a IVA/IVB group without a known focus area — head and neck IVA/IVB are M0, lung
 * IVA is M1). Without a focus area, "IV" with no substage and IVC mean M1 in the staging systems that use
 * them (breast, stomach, melanoma, pancreas; thyroid, colon, head and neck IVC).
 */
export function stageMeansDistant(focusArea: FocusArea | undefined, stage: string | undefined): boolean | undefined {
  const g = stageGroup(stage);
  if (!g) return undefined;
  if (!g.startsWith('IV')) return false;
  if (!focusArea) return g === 'IV' || g === 'IVC' ? true : undefined;
  if (UNDECIDED[focusArea]?.has(g)) return undefined;
  return DISTANT[focusArea].has(g);
}

/**
 * The stage number (1–4) that distant spread (M1) places a patient in when no stage is recorded: IV in the
 * AJCC 8th / FIGO 2018 system of every focus area but thyroid, where M1 differentiated cancer of a patient
 * younger than 55 is stage II (undefined there, and without a focus area: testicular M1 is stage III).
 */
export function stageNumberOfDistantSpread(focusArea: FocusArea | undefined): number | undefined {
  return focusArea && focusArea !== 'thyroid' ? 4 : undefined;
}

import type { FocusArea } from '@oncodesk/shared/contracts';

/**
 * Tumour marker tests by LOINC code, and what their results read as. The codes are members of the
 * mCODE STU4 tumor-marker-test value set (checked in test/fhir/terms.test.ts); AFP is LOINC 1834-1.
 */

export type Marker = 'ER' | 'PR' | 'HER2' | 'PSA' | 'CEA' | 'AFP' | 'MSI' | 'TMB' | 'PDL1_TPS';

export const MARKER_LOINC: Record<string, Marker> = {
  '85337-4': 'ER',
  '40556-3': 'ER',
  '16112-5': 'ER',
  '85339-0': 'PR',
  '40557-1': 'PR',
  '16113-3': 'PR',
  '48676-1': 'HER2',
  '85319-2': 'HER2',
  '18474-7': 'HER2',
  '72383-3': 'HER2',
  '31150-6': 'HER2',
  '85318-4': 'HER2',
  '2857-1': 'PSA',
  '83112-3': 'PSA',
  '35741-8': 'PSA',
  '2039-6': 'CEA',
  '83085-1': 'CEA',
  '1834-1': 'AFP',
  '62862-8': 'MSI',
  '81695-9': 'MSI',
  '43368-0': 'MSI',
  '94076-7': 'TMB',
  '94077-5': 'TMB',
  '83053-9': 'PDL1_TPS',
};

/** The code the export writes for each marker (first choice of the table above). */
export const EXPORT_LOINC: Record<Marker, { code: string; display: string }> = {
  ER: { code: '40556-3', display: 'Estrogen receptor Ag [Presence] in Tissue by Immune stain' },
  PR: { code: '40557-1', display: 'Progesterone receptor Ag [Presence] in Tissue by Immune stain' },
  HER2: { code: '48676-1', display: 'HER2 [Interpretation] in Tissue' },
  PSA: { code: '2857-1', display: 'Prostate specific Ag [Mass/volume] in Serum or Plasma' },
  CEA: { code: '2039-6', display: 'Carcinoembryonic Ag [Mass/volume] in Serum or Plasma' },
  AFP: { code: '1834-1', display: 'Alpha-1-Fetoprotein [Mass/volume] in Serum or Plasma' },
  MSI: { code: '81695-9', display: 'Microsatellite instability [Interpretation] in Cancer specimen Qualitative' },
  TMB: { code: '94076-7', display: 'Mutations/Megabase [# Ratio] in Tumor' },
  PDL1_TPS: { code: '83053-9', display: 'Cells.programmed cell death ligand 1/100 viable tumor cells in Tissue by Immune stain' },
};

/** The survey question a marker answers in a focus area (the survey refuses it where it does not apply). */
export function markerQuestion(marker: Marker, focusArea: FocusArea): string {
  switch (marker) {
    case 'ER':
      return 'breast.er';
    case 'PR':
      return 'breast.pr';
    case 'HER2':
      return `${focusArea}.her2`;
    case 'PSA':
      return 'prostate.psa';
    case 'CEA':
      return 'colon.cea';
    case 'AFP':
      return 'liver.afp';
    case 'MSI':
      return 'msi';
    case 'TMB':
      return 'tmb';
    case 'PDL1_TPS':
      return 'lung.pdl1_tps';
  }
}

/** Numeric markers and the units their questions take (UCUM, case-insensitive). */
export const NUMERIC_UNITS: Partial<Record<Marker, RegExp>> = {
  PSA: /^(ng\/ml|ug\/l|µg\/l)$/i,
  CEA: /^(ng\/ml|ug\/l|µg\/l)$/i,
  AFP: /^(ng\/ml|ug\/l|µg\/l)$/i,
  TMB: /^(\/mb|1\/1000000\{base\}|\{mutations\}\/mb|mut\/mb|mutations\/mb|)$/i,
  PDL1_TPS: /^(%|)$/,
};

const POSITIVE = new Set(['10828004', 'LA6576-8', '52101004', 'LA9633-4']);
const NEGATIVE = new Set(['260385009', 'LA6577-6', '2667000', 'LA9634-2']);

/** A qualitative result as the marker's survey option, or undefined when it says nothing the survey takes. */
export function qualitativeResult(marker: Marker, codes: { code?: string }[], text: string): string | undefined {
  const t = text.toLowerCase();
  if (marker === 'MSI') {
    if (/msi-?h|\bhigh\b|instability-high/.test(t)) return 'high';
    if (/msi-?l|\blow\b/.test(t)) return 'low';
    if (/\bmss\b|stable/.test(t)) return 'stable';
  }
  if (marker === 'HER2') {
    if (/her2-?low|\b1\+|ihc\s*2\+.*(negative|not amplified)/.test(t)) return 'low';
    if (/\b3\+|amplified/.test(t) && !/not amplified|non-?amplified/.test(t)) return 'positive';
    if (/\b0\b|ihc\s*0/.test(t) && !/positive/.test(t)) return 'negative';
    if (/equivocal|\b2\+/.test(t)) return undefined;
  }
  const positive = codes.some((c) => c.code && POSITIVE.has(c.code)) || /\bpositive\b|\bdetected\b|\bpresent\b/.test(t);
  const negative = codes.some((c) => c.code && NEGATIVE.has(c.code)) || /\bnegative\b|not detected|\babsent\b/.test(t);
  if (positive === negative) return undefined;
  // MSI reported as present / positive is microsatellite instability, i.e. MSI-high
  if (marker === 'MSI') return positive ? 'high' : 'stable';
  return positive ? 'positive' : 'negative';
}

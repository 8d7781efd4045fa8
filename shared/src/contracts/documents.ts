import { z } from 'zod';

/** Reports uploaded to a patient folder and what was read from them, each finding with where it came from. */

export const FindingKind = z.enum(['variant', 'copy_number', 'fusion', 'tmb', 'msi', 'pdl1', 'biomarker', 'lab']);
export type FindingKind = z.infer<typeof FindingKind>;

/** Where a finding was read: page (1-based), the text of its line or cell, and its box on the page (PDF points, top-left origin). */
export const FindingSource = z.object({
  page: z.number().int().min(1),
  text: z.string().max(2000),
  box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).optional(),
});
export type FindingSource = z.infer<typeof FindingSource>;

/**
 * What the report asserts about a finding. `detected` (also when absent: findings stored before this field),
 * `not_detected` (the report names it to deny it: "MSI-High NOT DETECTED", "RET amplification not detected"),
 * `equivocal` (an equivocal amplification), `subclonal`, `germline`, `vus` (unknown significance),
 * `synonymous` (no amino-acid change), `resistance` (the report ties it to lack of response).
 */
export const FindingAssertion = z.enum(['detected', 'not_detected', 'equivocal', 'subclonal', 'germline', 'vus', 'synonymous', 'resistance']);
export type FindingAssertion = z.infer<typeof FindingAssertion>;

/** Assertions that never become a patient alteration or answer: shown as read, never applied. */
export const NON_ACTIONABLE_ASSERTIONS: readonly FindingAssertion[] = ['not_detected', 'vus', 'synonymous'];

/** A finding's assertion; a finding stored before assertions existed marked unknown significance in `interpretation`. */
export function assertionOf(f: { assertion?: FindingAssertion; interpretation?: string }): FindingAssertion {
  return f.assertion ?? (f.interpretation === 'vus' ? 'vus' : 'detected');
}

/** Whether accepting a finding may change the patient (a VUS, a synonymous change or a denied finding never does). */
export function isActionable(f: { assertion?: FindingAssertion; interpretation?: string }): boolean {
  return !NON_ACTIONABLE_ASSERTIONS.includes(assertionOf(f));
}

/**
 * Why accepting a finding can never change the patient (the code the API refuses it with), or undefined:
 * its assertion, or a TMB given as a count without its panel size (not a burden per megabase).
 */
export function notActionableReason(f: { kind: string; unit?: string; assertion?: FindingAssertion; interpretation?: string }): string | undefined {
  if (!isActionable(f)) return `assertion_${assertionOf(f)}`;
  if (f.kind === 'tmb' && f.unit !== 'mut/Mb') return 'tmb_not_per_mb';
  return undefined;
}

export const DocumentFinding = z.object({
  id: z.string(),
  kind: FindingKind,
  gene: z.string().optional(),
  proteinChange: z.string().optional(),
  cdna: z.string().optional(),
  transcript: z.string().optional(),
  /** Variant allele fraction, 0..1. */
  vaf: z.number().min(0).max(1).optional(),
  copyNumber: z.number().optional(),
  /** Copy-number direction for copy_number findings. */
  change: z.enum(['amplification', 'deletion']).optional(),
  partner: z.string().optional(),
  name: z.string().optional(),
  loinc: z.string().optional(),
  /** Lab findings: the analyte key ("bilirubin"), which the interface names in its language. */
  analyte: z.string().optional(),
  value: z.union([z.number(), z.string()]).optional(),
  unit: z.string().optional(),
  flag: z.string().optional(),
  referenceRange: z.string().optional(),
  /** A status ("MSI-High"); findings stored before `assertion` existed may hold "vus" here. */
  interpretation: z.string().optional(),
  /** What the report asserts (absent: detected). */
  assertion: FindingAssertion.optional(),
  /** Variants: the read depth at the position, when the report gives it. */
  depth: z.number().int().min(0).optional(),
  status: z.enum(['proposed', 'accepted', 'rejected']),
  source: FindingSource,
  /** The survey question an accepted finding answered (so a rejection can take it back). */
  appliedTo: z.string().optional(),
  /** What was read, kept when the clinician edits the finding. */
  original: z.record(z.string(), z.unknown()).optional(),
});
export type DocumentFinding = z.infer<typeof DocumentFinding>;

export const DocumentKind = z.enum(['ngs', 'lab', 'other']);
export type DocumentKind = z.infer<typeof DocumentKind>;

export const ReportDocument = z.object({
  id: z.string(),
  patientId: z.string(),
  name: z.string(),
  kind: DocumentKind,
  /** processing -> done, or failed with a machine-readable reason. */
  status: z.enum(['processing', 'done', 'failed']),
  reason: z.string().optional(),
  pages: z.number().int().optional(),
  /** Pages read by OCR (a scanned PDF or a photo): the clinician checks those values with more care. */
  ocrPages: z.number().int().optional(),
  /** The vault file holding the bytes (null once the file was deleted from the vault). */
  vaultItemId: z.string().nullable(),
  findings: z.array(DocumentFinding),
  createdAt: z.string(),
});
export type ReportDocument = z.infer<typeof ReportDocument>;

export const DocumentListQuery = z.object({ patientId: z.string().min(1).max(64) });
export const DocumentListResponse = z.object({ documents: z.array(ReportDocument) });
export type DocumentListResponse = z.infer<typeof DocumentListResponse>;
export const DocumentParams = z.object({ id: z.uuid({ error: 'not_found' }) });
export const FindingParams = z.object({ id: z.uuid({ error: 'not_found' }), findingId: z.string().min(1).max(20) });

/** PATCH /documents/:id/findings/:findingId: accept, reject (or reopen) a finding, optionally correcting it. */
export const PatchFindingRequest = z.object({
  status: z.enum(['proposed', 'accepted', 'rejected']),
  edit: z
    .object({
      gene: z.string().min(1).max(40).optional(),
      proteinChange: z.string().min(1).max(60).optional(),
      value: z.union([z.number(), z.string().max(40)]).optional(),
      interpretation: z.string().max(40).optional(),
      /** Labs: the unit (a laboratory spelling or UCUM code) and the reference range. */
      unit: z.string().min(1).max(24).optional(),
      referenceRange: z.string().max(40).optional(),
    })
    .optional(),
});
export type PatchFindingRequest = z.infer<typeof PatchFindingRequest>;

/** GET /documents/:id/pages/:page: a page as an image with its size in PDF points (to draw a finding's box over it). */
export const PageParams = z.object({ id: z.uuid({ error: 'not_found' }), page: z.coerce.number().int().min(1).max(500) });
export const DocumentPage = z.object({ page: z.number().int(), width: z.number(), height: z.number(), image: z.string() });
export type DocumentPage = z.infer<typeof DocumentPage>;

/** POST /documents/process-directory: read every report already in a vault folder (default: the patient's). */
export const ProcessDirectoryRequest = z.object({ patientId: z.string().min(1).max(64), folderId: z.uuid({ error: 'not_found' }).optional() });
export type ProcessDirectoryRequest = z.infer<typeof ProcessDirectoryRequest>;
export const ProcessDirectoryResponse = z.object({
  documents: z.array(ReportDocument),
  /** Files left alone: already read, empty, too large, or not a format a reader takes. */
  skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
});
export type ProcessDirectoryResponse = z.infer<typeof ProcessDirectoryResponse>;

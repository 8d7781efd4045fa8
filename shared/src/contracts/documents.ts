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
  value: z.union([z.number(), z.string()]).optional(),
  unit: z.string().optional(),
  flag: z.string().optional(),
  referenceRange: z.string().optional(),
  /** pathogenic | vus (unknown significance) | not_detected | a status ("MSI-High") */
  interpretation: z.string().optional(),
  status: z.enum(['proposed', 'accepted', 'rejected']),
  source: FindingSource,
});
export type DocumentFinding = z.infer<typeof DocumentFinding>;

export const DocumentKind = z.enum(['ngs', 'lab', 'other']);
export type DocumentKind = z.infer<typeof DocumentKind>;

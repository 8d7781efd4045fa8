import type { Citation } from '@oncodesk/shared/contracts';

export type CitationTarget = { route: string } | { url: string };

const seg = encodeURIComponent;

/**
 * Where a cited source opens: a page of the trials remote (reached by URL, never imported) or, for a
 * CIViC evidence item, its own site. Null when the source cannot be opened (no patient to open it for).
 */
export function citationTarget(citation: Citation, chatPatientId: string | null): CitationTarget | null {
  const patientId = citation.patientId ?? chatPatientId;
  if (citation.kind === 'evidence') return citation.url ? { url: citation.url } : null;
  if (!patientId) return null;
  const base = `/clinical-trials/${seg(patientId)}`;
  switch (citation.kind) {
    case 'trial':
      return { route: `${base}/trial/${seg(citation.trialId ?? citation.id)}` };
    case 'criterion':
      // the match graph is the page that lists a trial's criteria one by one (by criterion id)
      return citation.trialId ? { route: `${base}/graph/${seg(citation.trialId)}#criterion-${seg(citation.id)}` } : null;
    case 'guideline':
      return { route: `${base}/recommendations` };
    case 'document':
      return { route: `${base}/reports` };
    case 'patient':
      return { route: `${base}/survey` };
    default:
      return null;
  }
}

import type { FhirSkipped } from '@oncodesk/shared/contracts';

/** One answer (or, with `item`, one item of a multi-answer) read from a resource, before validation. */
export interface Proposal {
  questionId: string;
  value: unknown;
  resource: string;
  /** Further values to try, in order, when `value` does not validate (e.g. drug name spellings). */
  alternatives?: unknown[];
  item?: boolean;
  detail?: string;
}

/** What the readers found: proposals, resources they set aside and why, and which resources they used. */
export class Collector {
  readonly proposals: Proposal[] = [];
  readonly skipped: FhirSkipped[] = [];
  readonly seen = new Set<string>();

  propose(p: Proposal): void {
    this.proposals.push(p);
    this.seen.add(p.resource);
  }

  skip(resource: string, reason: string, detail?: string): void {
    this.skipped.push({ resource, reason, ...(detail ? { detail: detail.slice(0, 300) } : {}) });
    this.seen.add(resource);
  }
}

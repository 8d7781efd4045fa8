import type { Expected } from './reports';
import type { Negative } from './vendorReports';

export interface HeldOutDoc {
  name: string;
  text: string;
  expected: Expected[];
  negatives: Negative[];
  genesInResults?: Set<string>;
}

/** The held-out reports (test/documents/heldout/reports.json): read only once the rules were done. */
export function heldOutDocs(): HeldOutDoc[] {
  return [];
}

/**
 * The reports written by others (../shared/data/external/reports: two Guardant360 vendor samples, an
 * EHR-pasted OncoPanel result and an MGH-style text) with what a person read from each (expected.json),
 * turned into expectations for the finding model: the findings stated (with their assertion: VUS,
 * synonymous, denied), what the report names and denies (`negatives`), and the genes its results name
 * (`genesInResults`: a positive finding on any other gene was read outside the results).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sharedDataDir } from '../../src/config/sharedData';
import { proteinOf } from '../../src/documents/extract/ngs';
import type { Expected } from './reports';
import type { Negative } from './vendorReports';

export interface ExternalDoc {
  set: 'guardant360' | 'text';
  name: string;
  file: string;
  expected: Expected[];
  negatives: Negative[];
  genesInResults: Set<string>;
}

type Change = { gene: string; change: string };
const pc = (p: string) => proteinOf(p) ?? p.replace(/^p\./, '');

export function externalDocs(): ExternalDoc[] {
  const dir = path.join(sharedDataDir(), 'external', 'reports');
  const out: ExternalDoc[] = [];
  const g = JSON.parse(fs.readFileSync(path.join(dir, 'guardant360', 'expected.json'), 'utf8')) as { documents: Array<Record<string, unknown>> };
  for (const d of g.documents) {
    const variants = [...((d.variants ?? []) as Change[]), ...((d.summary_table_variants ?? []) as Change[]), ...((d.other_somatic_variants_only_in_tumor_response_map ?? []) as Change[])];
    const vus = (d.vus ?? []) as Change[];
    const synonymous = (d.synonymous ?? []) as Change[];
    const msiHigh = /MSI-High DETECTED/i.test(String(d.msi)) && !/NOT DETECTED/i.test(String(d.msi));
    const tmb = d.tmb as { value: number };
    out.push({
      set: 'guardant360',
      name: String(d.file),
      file: path.join(dir, 'guardant360', String(d.file)),
      expected: [
        ...variants.map((v) => ({ kind: 'variant', gene: v.gene, proteinChange: v.change })),
        { kind: 'tmb', value: tmb.value, unit: 'mut/Mb' },
        { kind: 'msi', interpretation: 'MSI-High', assertion: msiHigh ? 'detected' : 'not_detected' },
        ...vus.map((v) => ({ kind: 'variant', gene: v.gene, proteinChange: v.change, assertion: 'vus' })),
        ...synonymous.map((v) => ({ kind: 'variant', gene: v.gene, proteinChange: v.change, assertion: 'synonymous' })),
      ],
      negatives: [...((d.guideline_genes_evaluated_negative ?? []) as string[]).map((gene) => ({ gene: gene === 'NTRK' ? 'NTRK1' : gene })), ...(msiHigh ? [] : [{ kind: 'msi', interpretation: 'MSI-High' }])],
      genesInResults: new Set([...variants, ...vus, ...synonymous].map((v) => v.gene)),
    });
  }
  const t = JSON.parse(fs.readFileSync(path.join(dir, 'text', 'expected.json'), 'utf8')) as { documents: Array<Record<string, unknown>> };
  for (const d of t.documents) {
    const expected: Expected[] = [];
    const genes = new Set<string>();
    if (d.mutations) {
      // OncoPanel: tiers 1-2 are its actionable findings; tiers 3-4 ("investigational", of uncertain or unstudied significance) its VUS
      for (const m of d.mutations as Array<{ tier: number; gene: string; cdna: string; protein: string | null }>) {
        genes.add(m.gene);
        expected.push({ kind: 'variant', gene: m.gene, ...(m.protein ? { proteinChange: pc(m.protein) } : { cdna: m.cdna }), ...(m.tier >= 3 ? { assertion: 'vus' } : {}) });
      }
      for (const s of (d.cnv_segments ?? []) as Array<{ genes?: string[] }>) for (const x of s.genes ?? []) genes.add(x.replace(/\s*\(.*$/, ''));
      expected.push({ kind: 'msi', interpretation: 'MS-Stable' });
    }
    if (d.snvs) {
      for (const [gene, protein, cdna] of [...(d.snvs as string[][]), ...((d.indels ?? []) as string[][])]) {
        genes.add(gene);
        if (protein === 'p.=') expected.push({ kind: 'variant', gene, cdna, assertion: 'synonymous' });
        else if (/^p\./.test(protein)) expected.push({ kind: 'variant', gene, proteinChange: pc(protein) });
        else expected.push({ kind: 'variant', gene, cdna });
      }
      for (const c of (d.cnv ?? []) as Array<{ gene: string; type: string }>) {
        genes.add(c.gene);
        expected.push({ kind: 'copy_number', gene: c.gene, change: /gain|amplif/i.test(c.type) ? 'amplification' : 'deletion' });
      }
    }
    const tmb = d.tmb as { value: number; unit: string } | undefined;
    // a count without its panel size is read as a count: it must not be taken for mutations per megabase
    if (tmb) expected.push({ kind: 'tmb', value: tmb.value, unit: /count/i.test(tmb.unit) ? 'mutations' : 'mut/Mb' });
    out.push({ set: 'text', name: String(d.file), file: path.join(dir, 'text', String(d.file)), expected, negatives: [], genesInResults: genes });
  }
  return out;
}

import { XMLParser } from 'fast-xml-parser';
import type { FindingAssertion } from '@oncodesk/shared/contracts';
import { canonicalProteinChange } from '../../vocab/proteinChange';
import type { Line } from '../layout';
import { ReportReadError } from '../readError';
import type { Draft } from './draft';
import { geneSymbol, proteinOf } from './ngs';

/**
 * Findings of a FoundationOne ResultsReport XML (the structured file Foundation Medicine delivers beside the
 * PDF): `rr:ResultsReport > rr:ResultsPayload > variant-report` holds `short-variants/short-variant`
 * (gene, protein-effect, cds-effect, allele-fraction or percent-reads, depth, transcript, status,
 * equivocal, subclonal), `copy-number-alterations/copy-number-alteration` (gene, type, copy-number,
 * equivocal), `rearrangements/rearrangement` (targeted-gene, other-gene, description, equivocal) and
 * `biomarkers` (`microsatellite-instability@status`, `tumor-mutation-burden@score/@unit`). A variant whose
 * status is "unknown" is the report's VUS. Parsing is fast-xml-parser's (entities, namespaces kept in names).
 */

/** Whether the bytes are a FoundationOne results XML (told by content: the root or the variant report). */
export function isFoundationXml(head: string): boolean {
  return /^\s*(?:\uFEFF)?\s*<(?:\?xml|[A-Za-z])/.test(head) && /ResultsReport|variant-report/.test(head);
}

type Attrs = Record<string, string | undefined>;
const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** The first element named `name` (any namespace prefix) anywhere under `node`. */
function find(node: unknown, name: string): Record<string, unknown> | undefined {
  if (!node || typeof node !== 'object') return undefined;
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    if (k.replace(/^[\w-]+:/, '') === name) return (Array.isArray(v) ? v[0] : v) as Record<string, unknown>;
  }
  for (const v of Object.values(node as Record<string, unknown>)) {
    for (const c of asList(v)) {
      const f = find(c, name);
      if (f) return f;
    }
  }
  return undefined;
}

const attrs = (node: unknown): Attrs => Object.fromEntries(Object.entries((node ?? {}) as Record<string, unknown>).filter(([k]) => k.startsWith('@')).map(([k, v]) => [k.slice(1), String(v)]));
const yes = (v: string | undefined) => /^(?:true|yes)$/i.test(v ?? '');

/** A made line for provenance: the element as a person reads it (the XML has no page to point at). */
const lineOf = (text: string, n: number): Line => ({ page: 1, items: [{ str: text, x: 0, y: n * 12, width: text.length * 6, height: 10 }], text, box: { x: 0, y: n * 12, width: text.length * 6, height: 10 }, boxless: true });

function assertionOf(a: Attrs, vus = false): FindingAssertion {
  if (vus) return 'vus';
  if (yes(a.equivocal)) return 'equivocal';
  if (yes(a.subclonal)) return 'subclonal';
  return 'detected';
}

export function foundationXmlFindings(bytes: Uint8Array): Draft[] {
  let doc: unknown;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // a document type declaration may define entities that expand without bound: results XML has none
    if (/<!(?:DOCTYPE|ENTITY)/i.test(text)) throw new Error('doctype');
    doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, processEntities: true }).parse(text, true);
  } catch {
    throw new ReportReadError('format_unsupported');
  }
  const report = find(doc, 'variant-report');
  if (!report) throw new ReportReadError('format_unsupported');
  const out: Draft[] = [];
  let n = 0;
  const push = (d: Omit<Draft, 'line'>, text: string) => out.push({ ...d, line: lineOf(text, n++) } as Draft);

  for (const v of asList(find(report, 'short-variants')?.['short-variant'])) {
    const a = attrs(v);
    const gene = geneSymbol(a.gene ?? '');
    if (!gene) continue;
    const pc = a['protein-effect'] ? proteinOf(a['protein-effect']) : undefined;
    const cdna = a['cds-effect'] ? `c.${a['cds-effect'].replace(/^c\./, '')}` : undefined;
    const fraction = a['allele-fraction'] !== undefined ? Number(a['allele-fraction']) : a['percent-reads'] !== undefined ? Number(a['percent-reads']) / 100 : undefined;
    const synonymous = (pc && /^([A-Z])\d+\1$/.test(pc)) || /synonymous|silent/i.test(a['functional-effect'] ?? '');
    push(
      {
        kind: 'variant',
        gene,
        ...(pc ? { proteinChange: canonicalProteinChange(pc) } : {}),
        cdna,
        transcript: a.transcript,
        ...(fraction !== undefined && Number.isFinite(fraction) && fraction >= 0 && fraction <= 1 ? { vaf: fraction } : {}),
        ...(a.depth && /^\d+$/.test(a.depth) ? { depth: Number(a.depth) } : {}),
        assertion: synonymous ? 'synonymous' : assertionOf(a, a.status === 'unknown'),
      },
      `short-variant ${a.gene} ${a['protein-effect'] ?? ''} ${a['cds-effect'] ?? ''} ${a['functional-effect'] ?? ''} status=${a.status ?? ''}`.replace(/\s+/g, ' '),
    );
  }
  for (const c of asList(find(report, 'copy-number-alterations')?.['copy-number-alteration'])) {
    const a = attrs(c);
    const gene = geneSymbol(a.gene ?? '');
    if (!gene || !a.type) continue;
    const change = /amplif|gain/i.test(a.type) ? 'amplification' : /loss|deletion/i.test(a.type) ? 'deletion' : undefined;
    if (!change) continue;
    const copies = Number(a['copy-number']);
    push(
      { kind: 'copy_number', gene, change, ...(Number.isFinite(copies) && a['copy-number'] !== undefined ? { copyNumber: copies } : {}), assertion: assertionOf(a, a.status === 'unknown') },
      `copy-number-alteration ${a.gene} ${a.type} copy-number=${a['copy-number'] ?? ''}${yes(a.equivocal) ? ' equivocal' : ''}`,
    );
  }
  for (const r of asList(find(report, 'rearrangements')?.['rearrangement'])) {
    const a = attrs(r);
    const gene = geneSymbol(a['targeted-gene'] ?? '');
    if (!gene) continue;
    const partner = a['other-gene'] && !/^N\/?A$/i.test(a['other-gene']) ? geneSymbol(a['other-gene']) : undefined;
    push(
      { kind: 'fusion', gene, ...(partner && partner !== gene ? { partner } : {}), assertion: assertionOf(a, a.status === 'unknown') },
      `rearrangement ${a['targeted-gene']} ${a['other-gene'] ?? ''} ${a.description ?? ''}`.replace(/\s+/g, ' '),
    );
  }
  const biomarkers = find(report, 'biomarkers');
  const msi = attrs(find(biomarkers, 'microsatellite-instability'));
  const level = { 'MSI-H': 'MSI-High', 'MSI-L': 'MSI-Low', MSS: 'MS-Stable' }[msi.status ?? ''];
  // "unknown" / "cannot be determined": nothing is stated
  if (level) push({ kind: 'msi', name: 'MSI', interpretation: level, assertion: 'detected' }, `microsatellite-instability status=${msi.status}`);
  const tmb = attrs(find(biomarkers, 'tumor-mutation-burden'));
  if (tmb.score !== undefined && Number.isFinite(Number(tmb.score))) {
    const perMb = /per-megabase|mut\/mb|muts\/mb/i.test(tmb.unit ?? '');
    push({ kind: 'tmb', name: 'TMB', value: Number(tmb.score), ...(perMb ? { unit: 'mut/Mb' } : {}), assertion: 'detected' }, `tumor-mutation-burden score=${tmb.score} unit=${tmb.unit ?? ''}`);
  }
  return out;
}

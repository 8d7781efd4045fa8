import fs from 'node:fs';
import path from 'node:path';
import type { SupportingEvidence } from '@oncodesk/shared/contracts';
import { REFERENCE_FILES } from '../vocab/reference/readShared';
import { resolveDisease } from '../vocab/diseases';
import { isWithin } from '../vocab/diseaseTree';
import { canonicalProteinChange } from '../vocab/proteinChange';

/**
 * CIViC predictive evidence of level A (validated) or B (clinical) that supports sensitivity or response
 * to a therapy (CC0, the release in the shared reference data), attached to recommendations as
 * supporting evidence: never a recommendation on its own.
 */
export interface CivicItem {
  id: string;
  gene: string;
  /** The profile's variant part ("L858R", "Exon 19 Deletion", "Fusion"; "" for gene-level). */
  variant: string;
  profile: string;
  disease: string;
  /** OncoTree code the CIViC disease resolves to, when it does. */
  code?: string;
  therapies: string[];
  level: 'A' | 'B';
  citation: string;
  url: string;
}

export interface CivicSupport {
  release: string;
  items: CivicItem[];
  /** Supporting items for drugs given to an alteration, in a disease. */
  supporting(drugs: string[], alteration: { gene: string; proteinChange?: string; category: string }, patientCode: string | undefined, limit?: number): SupportingEvidence[];
}

const GENERIC: Record<string, string[]> = { mutation: ['MUTATION', ''], fusion: ['FUSION', 'REARRANGEMENT', ''], amplification: ['AMPLIFICATION', 'OVEREXPRESSION', ''], deletion: ['DELETION', 'LOSS', ''], expression: ['EXPRESSION', 'OVEREXPRESSION', ''], any: ['MUTATION', ''] };

/** Reads the CIViC evidence file; null when the shared data is not there (the answers then carry no CIViC items). */
export function loadCivicSupport(dataDir: string): CivicSupport | null {
  const file = path.join(dataDir, REFERENCE_FILES.drugs[1]);
  if (!fs.existsSync(file)) return null;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const head = lines[0].split('\t');
  const col = (name: string) => head.indexOf(name);
  const c = { profile: col('molecular_profile'), disease: col('disease'), therapies: col('therapies'), type: col('evidence_type'), direction: col('evidence_direction'), level: col('evidence_level'), significance: col('significance'), citation: col('citation'), status: col('evidence_status'), id: col('evidence_id'), url: col('evidence_civic_url') };
  const items: CivicItem[] = [];
  const codeOf = new Map<string, string | undefined>();
  for (const line of lines.slice(1)) {
    const f = line.split('\t');
    if (f.length < head.length || f[c.type] !== 'Predictive' || f[c.direction] !== 'Supports' || f[c.status] !== 'accepted') continue;
    if (f[c.level] !== 'A' && f[c.level] !== 'B') continue;
    if (!/^(?:Sensitivity\/Response|Sensitivity|Response)$/.test(f[c.significance])) continue;
    const profile = f[c.profile];
    // single-gene profiles only ("EGFR L858R"); combined profiles ("EGFR L858R AND EGFR T790M") are left out
    if (/\b(?:AND|OR|NOT)\b/.test(profile)) continue;
    const space = profile.indexOf(' ');
    const gene = (space === -1 ? profile : profile.slice(0, space)).toUpperCase();
    const disease = f[c.disease];
    if (!codeOf.has(disease)) codeOf.set(disease, resolveDisease(disease));
    items.push({
      id: `EID${f[c.id]}`,
      gene,
      variant: space === -1 ? '' : profile.slice(space + 1),
      profile,
      disease,
      code: codeOf.get(disease),
      therapies: f[c.therapies].split(',').map((t) => t.trim().toLowerCase()).filter(Boolean),
      level: f[c.level] as 'A' | 'B',
      citation: f[c.citation],
      url: f[c.url],
    });
  }
  const release = path.basename(file).replace(/_ClinicalEvidenceSummaries\.tsv$/, '');
  return {
    release,
    items,
    supporting(drugs, alt, patientCode, limit = 3) {
      const wanted = new Set(drugs.map((d) => d.toLowerCase()));
      const pc = alt.proteinChange ? canonicalProteinChange(alt.proteinChange).toUpperCase() : undefined;
      const generic = GENERIC[alt.category] ?? [''];
      const hits = items.filter((it) => {
        if (it.gene !== alt.gene || !it.therapies.some((t) => wanted.has(t))) return false;
        const v = canonicalProteinChange(it.variant).toUpperCase();
        // the patient's own variant, or a gene-level profile of its kind ("EGFR Mutation", "ALK Fusion")
        return (pc !== undefined && v === pc) || generic.includes(v) || (alt.category === 'fusion' && /::/.test(it.variant));
      });
      // the patient's disease (or its family) first, level A before B
      const rank = (it: CivicItem) => (patientCode && it.code && (it.code === patientCode || isWithin(patientCode, it.code) || isWithin(it.code, patientCode)) ? 0 : 2) + (it.level === 'A' ? 0 : 1);
      return hits
        .sort((a, b) => rank(a) - rank(b))
        .slice(0, limit)
        .map((it) => ({ id: it.id, level: it.level, molecularProfile: it.profile, disease: it.disease, therapies: it.therapies.join(', '), citation: it.citation, url: it.url }));
    },
  };
}

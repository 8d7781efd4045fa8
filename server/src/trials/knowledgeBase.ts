import { createHash } from 'node:crypto';
import { GENES } from '../vocab/genes';
import { ownedOncotreeNodes } from '../vocab/oncotree';
import { referenceVocabularies } from '../vocab/reference/active';
import { DISEASE_SYNONYMS } from './vocab/diseases';
import { CASE_SENSITIVE_DISEASE_ABBREVIATIONS, CLINICAL_DISEASE_SYNONYMS } from './vocab/clinicalDiseaseSynonyms';
import { CLINICAL_GENE_ALIASES } from './vocab/genes';
import { CLASS_PHRASES, CLASS_TARGETS, DRUGS, REGIMENS } from './vocab/drugs';
import { ANTINEOPLASTIC_HORMONES, HORMONE_CATEGORIES, MITRE_CATEGORY_CLASSES } from './vocab/importedDrugs';

/**
 * Stored trials are compiled: their criteria, disease codes and genes were read with the vocabularies
 * and the compiler of the day. Each stored trial records the knowledge-base version it was compiled with;
 * at start, trials of another version are compiled again from the shared trial data (loader.ts), so a
 * database never keeps serving trials read with older vocabularies after an upgrade. (Recompiling at
 * every start would cost ~15 s of CPU each time; comparing one string costs nothing.)
 *
 * The version is made of: COMPILER_VERSION, bumped by hand whenever the compiler's output changes (a
 * detector, a rule); the imported vocabularies' versions (source files and reader); and a digest of the
 * owned lists (synonyms, clinical aliases, drug classes...), so editing those needs no bump.
 */
export const COMPILER_VERSION = '2026-11-26.5';

let ownedDigest: string | null = null;
function ownedListsDigest(): string {
  if (ownedDigest) return ownedDigest;
  const owned = [DISEASE_SYNONYMS, CLINICAL_DISEASE_SYNONYMS, CASE_SENSITIVE_DISEASE_ABBREVIATIONS, CLINICAL_GENE_ALIASES, DRUGS, CLASS_TARGETS, REGIMENS, CLASS_PHRASES.map(([re, c]) => [re.source, re.flags, c]), MITRE_CATEGORY_CLASSES, [...HORMONE_CATEGORIES], [...ANTINEOPLASTIC_HORMONES], GENES.map(([s, , a]) => [s, a]), ownedOncotreeNodes()];
  ownedDigest = createHash('sha1').update(JSON.stringify(owned)).digest('hex').slice(0, 12);
  return ownedDigest;
}

/** "compiler@…;owned@…;oncotree@…;genes@…;drugs@…" for the vocabularies installed now. */
export function knowledgeBaseVersion(): string {
  const v = referenceVocabularies();
  const part = (name: 'oncotree' | 'genes' | 'drugs') => `${name}@${v[name]?.version ?? 'owned'}`;
  return [`compiler@${COMPILER_VERSION}`, `owned@${ownedListsDigest()}`, part('oncotree'), part('genes'), part('drugs')].join(';');
}

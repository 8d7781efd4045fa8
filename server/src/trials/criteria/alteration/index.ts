import { msg } from '@oncodesk/shared/contracts';
import { proteinChangeMatches } from '../../../vocab/proteinChange';
import { detectAlteration } from '../../compiler/alteration';
import { variantClassMatches, categoryMatches, breaksWildType, altText } from '../facts';
import { type CriterionModule, DIM_BIOMARKER } from '../types';

/** Criterion kind 'alteration': its detector, truth, words and verdict flags. */
export const alteration: CriterionModule<'alteration'> = {
  kind: 'alteration',
  detect: { order: 70, run: detectAlteration },
  holds(spec, v) {
    const alts = v.alterations;
    if (!alts.length) return undefined;
    let inGene = false;
    let mutated = false;
    let wild = false;
    let unspecified = false;
    for (const a of alts) {
      if (spec.gene !== '*' && a.gene !== spec.gene) continue;
      inGene = true;
      if (a.category === 'wild_type') wild = true;
      else if (spec.wildType) {
        if (breaksWildType(spec, a.category)) mutated = true;
      } else {
        mutated = true;
        // same rule as evaluateCriterion: a gene without the kind of alteration cannot be told apart
        if (a.category === 'other' && !a.proteinChange && spec.category !== 'any') {
          unspecified = true;
          continue;
        }
        const cat = categoryMatches(spec.category, a.category);
        if (
          cat &&
          (!spec.proteinChange || proteinChangeMatches(a.gene, spec.proteinChange, spec.wildcard, a.proteinChange)) &&
          variantClassMatches(spec.variantClass, a.proteinChange)
        )
          return true;
        if (cat && !a.proteinChange && (spec.proteinChange || spec.variantClass)) unspecified = true;
      }
    }
    if (spec.wildType) return mutated ? false : wild ? true : undefined;
    if (unspecified) return undefined;
    if (mutated || (inGene && wild)) return false;
    return spec.category === 'expression' ? undefined : false;
  },
  describe(spec, v, holds) {
    const gene = spec.gene;
    const inGene = gene === '*' ? v.alterations : v.alterations.filter((a) => a.gene === gene);
    const mutated = inGene.filter((a) => a.category !== 'wild_type');
    const label = `${gene}${spec.proteinChange ? ' ' + spec.proteinChange + (spec.wildcard ? '*' : '') : ''}${spec.category !== 'any' ? ` @{${spec.category}}` : ''}`;
    const list = (xs: typeof mutated) => msg('value', { value: xs.map(altText).join(', ') });
    if (spec.wildType) {
      const against = mutated.filter((a) => breaksWildType(spec, a.category));
      if (against.length) return { fact: list(against), reason: msg('requiresWildType', { gene }) };
      return holds ? { fact: msg('wildType', { gene }), reason: msg('requiresWildType', { gene }) } : { reason: msg('notRecorded', { what: gene }) };
    }
    if (!v.alterations.length) return { reason: msg('noGenomics') };
    if (holds) {
      const hit = mutated.find(
        (a) =>
          categoryMatches(spec.category, a.category) &&
          (!spec.proteinChange || proteinChangeMatches(a.gene, spec.proteinChange, spec.wildcard, a.proteinChange)),
      );
      return { fact: hit ? msg('value', { value: altText(hit) }) : list(mutated), reason: msg('alteration', { label }) };
    }
    if (holds === undefined) {
      const bare = mutated.find((a) => !a.proteinChange);
      if (bare && bare.category === 'other')
        return { fact: msg('alteredKindUnknown', { gene: bare.gene }), reason: msg('alterationKindNotReported', { label }) };
      if (bare) return { fact: msg('variantUnknown', { gene: bare.gene, category: `@${bare.category}` }), reason: msg('variantNotReported', { label }) };
      return { reason: msg('expressionNotSequenced', { label }) };
    }
    if (mutated.length) return { fact: list(mutated), reason: msg('differentVariant', { label }) };
    if (inGene.length) return { fact: msg('wildType', { gene }), reason: msg('alteration', { label }) };
    return { fact: msg('notAmongAlterations'), reason: msg('alteration', { label }) };
  },
  dimension: DIM_BIOMARKER,
  speaksToLevel: true,
  counted: true,
  topical: true,
  alternatives: true,
  registryField: false,
};

import { msg } from '@oncodesk/shared/contracts';
import { detectMsiMmr } from '../../compiler/msiMmr';
import { derived } from '../facts';
import { type CriterionModule, type Detection, DIM_BIOMARKER } from '../types';

/** The detector reading msi, mmr (one pass over the sentence for all of them). */
export const msiDetection: Detection = { order: 90, run: detectMsiMmr };

/** Criterion kind 'msi': its detector, truth, words and verdict flags. */
export const msi: CriterionModule<'msi'> = {
  kind: 'msi',
  detect: msiDetection,
  holds(spec, v) {
    const msi = derived(v).msi;
    if (!msi) return undefined;
    return spec.status === 'high' ? msi === 'high' : msi !== 'high';
  },
  describe(spec, v) {
    const m = derived(v).msi;
    return m
      ? { fact: msg('status', { what: 'MSI', status: `@${m}` }), reason: msg('status', { what: 'MSI', status: `@${spec.status}` }) }
      : { reason: msg('notRecorded', { what: 'MSI' }) };
  },
  dimension: DIM_BIOMARKER,
  speaksToLevel: true,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

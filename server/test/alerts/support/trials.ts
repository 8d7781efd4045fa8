import fs from 'node:fs';
import path from 'node:path';
import { sharedDataDir } from '../../../src/config/sharedData';
import { parseTrials, type Trial } from '../../../src/trials';
import { fixtureDocument } from '../../trials-api/fixtures';

/** A real record from the shared NCI CTS data (nci-cts/trials.jsonl), as the importer reads it. */
export function realTrial(nctId: string): Trial {
  const file = path.join(sharedDataDir(), 'trials', 'nci-cts', 'trials.jsonl');
  const line = fs.readFileSync(file, 'utf8').split('\n').find((l) => l.includes(`"${nctId}"`));
  if (!line) throw new Error(`${nctId} is not in ${file}`);
  const r = parseTrials(line, 'trials.jsonl');
  const trial = r.trials.find((t) => t.id === nctId);
  if (!trial) throw new Error(`${nctId} not read: ${JSON.stringify(r.errors)}`);
  return trial;
}

/** Another trial made from a real one (a new id, other fields as given), as a registry update would bring. */
export function derivedTrial(from: Trial, id: string, patch: Partial<Trial> = {}): Trial {
  return { ...structuredClone(from), id, nctId: id, ...patch };
}

/**
 * The fixture's HER2 breast cancer trial (NCT90000003) after a registry update turned it into an EGFR
 * L858R lung cancer trial recruiting in Milan: a changed trial that now matches the lung patient.
 */
export function breastTrialTurnedLung(): Trial {
  const doc = fixtureDocument() as { studies: Array<{ protocolSection: Record<string, Record<string, unknown>> }> };
  const p = doc.studies[2].protocolSection;
  // a title that requires no prior therapy: "after progression" would make the verdict depend on a treatment history the
  // lung patient's folder does not record (unknown, never "Match": trials/matcher/verdict.ts)
  p.identificationModule.briefTitle = 'Osimertinib in EGFR L858R non-small cell lung cancer, a second study';
  p.conditionsModule.conditions = ['Non-small Cell Lung Cancer'];
  p.eligibilityModule.eligibilityCriteria = String(doc.studies[0].protocolSection.eligibilityModule.eligibilityCriteria);
  p.contactsLocationsModule.locations = [{ facility: 'Istituto Demo Milano', city: 'Milan', country: 'Italy', status: 'RECRUITING', geoPoint: { lat: 45.4642, lon: 9.19 } }];
  const r = parseTrials(JSON.stringify({ studies: [doc.studies[2]] }), 'update.json');
  if (r.errors.length || r.trials[0]?.id !== 'NCT90000003') throw new Error(JSON.stringify(r.errors));
  return r.trials[0];
}

/**
 * NCT04181060 (osimertinib ± bevacizumab, EGFR-mutant NSCLC, recruiting) as the NCI listing gives it, with
 * the compiled eligibility of the fixture's EGFR lung study: the listing carries no criteria text, and a
 * record that states no criteria can never match (matcher/verdict.ts statesEligibility), so an alert
 * needs a record that states them.
 */
export function lungTrialWithCriteria(): Trial {
  const doc = fixtureDocument() as { studies: unknown[] };
  const r = parseTrials(JSON.stringify({ studies: [doc.studies[0]] }), 'lung.json');
  if (r.errors.length || !r.trials[0]?.eligibility.text) throw new Error(JSON.stringify(r.errors));
  return { ...realTrial('NCT04181060'), eligibility: r.trials[0].eligibility };
}

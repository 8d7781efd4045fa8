import { normalizePatient } from '../../src/language/normalizePatient';
import { REGIMENS } from '../../src/vocab/drugKnowledge';

/** A line read as the wizard's free-text start reads it. */
export const read = (t: string) => normalizePatient(t);

/** The phrases of a line left "not understood" because the line asks or hedges them. */
export const uncertain = (t: string) =>
  read(t)
    .notUnderstood.filter((u) => u.reason === 'uncertain')
    .map((u) => u.text);

/** The drugs of a line's prior treatments, a regimen named by its drugs ("FOLFOX" -> fluorouracil, oxaliplatin, ...). */
export const drugs = (t: string) => read(t).patient.priorTreatments.flatMap((x) => REGIMENS[x.name.toLowerCase()] ?? [x.name]);

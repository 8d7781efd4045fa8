import { normalizePatient } from '../../src/language/normalizePatient';

/** A line read as the wizard's free-text start reads it. */
export const read = (t: string) => normalizePatient(t);

/** The phrases of a line left "not understood" because the line asks or hedges them. */
export const uncertain = (t: string) =>
  read(t)
    .notUnderstood.filter((u) => u.reason === 'uncertain')
    .map((u) => u.text);

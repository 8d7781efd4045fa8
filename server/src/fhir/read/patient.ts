import type { Patient } from '@medplum/fhirtypes';
import type { Collector } from './collect';
import type { Entry } from './bundle';

/** Whole years between a FHIR date (YYYY, YYYY-MM or YYYY-MM-DD) and today; a missing month or day counts as the first. */
export function ageOn(birthDate: string, today: Date): number | undefined {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(birthDate);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2] ?? 1), Number(m[3] ?? 1)];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < mo || (today.getUTCMonth() + 1 === mo && today.getUTCDate() < d)) age--;
  return age;
}

/** A folder name from the patient's name: its text, else given and family names. */
export function nameOf(p: Patient): string | undefined {
  const n = Array.isArray(p.name) ? p.name.find((x) => x?.use === 'official') ?? p.name[0] : undefined;
  if (!n) return undefined;
  const text = typeof n.text === 'string' ? n.text : [...(Array.isArray(n.given) ? n.given : []), n.family].filter((x) => typeof x === 'string').join(' ');
  return text.trim().slice(0, 80) || undefined;
}

const GENDER: Record<string, string> = { female: 'female', male: 'male', other: 'other' };

/** Age and sex from the Patient. */
export function readPatient(entry: Entry, c: Collector, today: Date): void {
  const p = entry.resource as Patient;
  if (typeof p.birthDate === 'string') {
    const age = ageOn(p.birthDate, today);
    if (age === undefined) c.skip(entry.ref, 'invalid_date', `birthDate ${p.birthDate}`);
    else c.propose({ questionId: 'age', value: age, resource: entry.ref, detail: `born ${p.birthDate}` });
  }
  if (typeof p.gender === 'string') {
    if (GENDER[p.gender]) c.propose({ questionId: 'gender', value: GENDER[p.gender], resource: entry.ref });
    else c.skip(entry.ref, 'gender_unknown', `gender ${p.gender}`);
  }
}

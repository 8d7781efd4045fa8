import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Credits, PatientData } from '@oncodesk/shared/contracts';
import type { Database } from '../db/schema';
import { creditsOf, spendSearch } from './service';

/** How long a bought search lasts for the same patient and answers. */
export const PASS_HOURS = 24;

/**
 * The patient's answers as a search pass knows them: the derived patient without its location (the
 * search scope is not the patient), keys sorted so the same answers always give the same fingerprint.
 */
export function patientFingerprint(patient: PatientData): string {
  const { location: _location, ...rest } = patient;
  const stable = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(stable) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, stable((v as Record<string, unknown>)[k])])) : v;
  return createHash('sha256').update(JSON.stringify(stable(rest))).digest('hex');
}

/**
 * A credit buys a patient's search: the first search of a patient (or of changed answers, or after
 * PASS_HOURS) takes one credit, every other scope of the same patient and answers is free. Run inside
 * the transaction that saves the results, so a credit is never taken without a result saved, and 402
 * `no_searches_left` leaves nothing changed. One statement claims the pass, so two tabs searching the
 * same patient at once buy it once (the second waits on the row and finds it fresh).
 */
export async function buySearch(trx: Kysely<Database>, userId: string, patientId: string, fingerprint: string): Promise<{ credits: Credits; charged: boolean }> {
  const bought = await trx
    .insertInto('search_passes')
    .values({ user_id: userId, patient_id: patientId, fingerprint })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'patient_id'])
        .doUpdateSet({ fingerprint, bought_at: sql`now()` })
        .where((eb) => eb.or([eb('search_passes.fingerprint', '<>', fingerprint), eb('search_passes.bought_at', '<', sql<Date>`now() - make_interval(hours => ${PASS_HOURS})`)])),
    )
    .returning('bought_at')
    .executeTakeFirst();
  if (bought) await spendSearch(trx, userId, patientId);
  return { credits: await creditsOf(trx, userId), charged: !!bought };
}

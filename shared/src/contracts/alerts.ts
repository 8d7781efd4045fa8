import { z } from 'zod';
import { PatientId } from './patients';

/**
 * Alerts on new matching trials. A clinician turns "alert me" on in a folder's results: the search shown
 * there is saved; after each trial sync the server re-matches it and a daily digest mails (at most once
 * a day, in the user's language) the trials that are new to the match, now match after a change, or now
 * recruit. The results page marks trials first seen since the clinician's last visit.
 */

/** Why a trial is in a digest. */
export const AlertReason = z.enum(['new_trial', 'now_matches', 'now_recruiting']);
export type AlertReason = z.infer<typeof AlertReason>;

/** GET /alerts/folders/:patientId (and the answer of PUT / DELETE): the folder's alert. */
export const FolderAlert = z.object({
  patientId: z.string(),
  enabled: z.boolean(),
  /** The saved search the alert watches (a results page's search key), null when off. */
  searchKey: z.string().nullable(),
  /** When it was turned on. */
  since: z.string().nullable(),
});
export type FolderAlert = z.infer<typeof FolderAlert>;

export const AlertParams = z.object({ patientId: PatientId });

/** PUT /alerts/folders/:patientId: alert on this search of the folder (it must have been run). */
export const EnableAlertRequest = z.object({ searchKey: z.string().min(1).max(200) });
export type EnableAlertRequest = z.infer<typeof EnableAlertRequest>;

/** POST /alerts/folders/:patientId/visit: the results were opened; which trials are new since the last visit. */
export const FolderVisitResponse = z.object({
  patientId: z.string(),
  alert: FolderAlert,
  /** The previous visit new trials are counted from (null on the first visit: nothing is new). */
  since: z.string().nullable(),
  /** Trials first seen in the folder's results after `since`. */
  newTrialIds: z.array(z.string()),
});
export type FolderVisitResponse = z.infer<typeof FolderVisitResponse>;

/** GET / POST /alerts/unsubscribe?token=: the signed link of a digest (works signed out). */
export const UnsubscribeQuery = z.object({ token: z.string().min(1).max(1000) });
export const UnsubscribeBody = z.object({ token: z.string().min(1).max(1000).optional() }).loose();
/** What an unsubscribe link turns off: one folder's alert, or all of the user's. */
export const UnsubscribeScope = z.enum(['folder', 'all']);
export const UnsubscribeResponse = z.object({
  scope: UnsubscribeScope,
  /** Folder alerts turned off by this request (0 when they were off already). */
  turnedOff: z.number().int(),
});
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;

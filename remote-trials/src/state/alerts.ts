import { useCallback, useEffect, useState } from 'react';
import type { FolderAlert } from '@oncodesk/shared';
import { alertsApi } from '@oncodesk/shared/api';

export interface FolderAlertsView {
  /** The folder's alert (null until the server answered). */
  alert: FolderAlert | null;
  /** Trials first seen in the folder's results since the clinician's previous visit. */
  newTrialIds: ReadonlySet<string>;
  /** A toggle is on its way to the server. */
  saving: boolean;
  /** Turns "alert me" on for this search of the folder, or off. */
  setEnabled: (on: boolean, searchKey: string) => Promise<void>;
}

const none: ReadonlySet<string> = new Set();

/**
 * A folder's alert and its "new since your last visit" trials. Opening the results page is the visit:
 * the server records it and answers which trials appeared since the previous one (a reload soon after is
 * the same visit, so the marks stay until the clinician comes back later).
 */
export function useFolderAlerts(patientId: string, onError: (e: unknown) => void): FolderAlertsView {
  const [alert, setAlert] = useState<FolderAlert | null>(null);
  const [newTrialIds, setNew] = useState<ReadonlySet<string>>(none);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!patientId) return;
    let live = true;
    setAlert(null);
    setNew(none);
    alertsApi
      .visit(patientId)
      .then((v) => {
        if (!live) return;
        setAlert(v.alert);
        setNew(new Set(v.newTrialIds));
      })
      // the results work without it: no marks, the switch stays unknown
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [patientId]);

  const setEnabled = useCallback(
    async (on: boolean, searchKey: string) => {
      setSaving(true);
      try {
        setAlert(on ? await alertsApi.enable(patientId, searchKey) : await alertsApi.disable(patientId));
      } catch (e) {
        onError(e);
      } finally {
        setSaving(false);
      }
    },
    [patientId, onError],
  );

  return { alert, newTrialIds, saving, setEnabled };
}

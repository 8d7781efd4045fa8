import { useCallback, useState } from 'react';

/**
 * A busy flag for a button or dialog that runs one async action: `whileBusy(task)` sets it for as long
 * as the task runs (also when it throws), so spinners never stick after a failure.
 */
export function useBusy(): [busy: boolean, whileBusy: <T>(task: () => Promise<T>) => Promise<T>] {
  const [busy, setBusy] = useState(false);
  const whileBusy = useCallback(async <T,>(task: () => Promise<T>): Promise<T> => {
    setBusy(true);
    try {
      return await task();
    } finally {
      setBusy(false);
    }
  }, []);
  return [busy, whileBusy];
}

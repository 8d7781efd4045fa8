import { useEffect, useState } from 'react';

/**
 * True on phone-sized screens (<= 600px): the chat moves its conversation list into a drawer, the match
 * graph draws smaller nodes. Follows the window as it is resized.
 */
export function useIsNarrow(): boolean {
  const query = '(max-width: 600px)';
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && !!window.matchMedia?.(query).matches);
  useEffect(() => {
    const mq = window.matchMedia?.(query);
    if (!mq) return;
    const on = () => setNarrow(mq.matches);
    mq.addEventListener?.('change', on);
    return () => mq.removeEventListener?.('change', on);
  }, []);
  return narrow;
}

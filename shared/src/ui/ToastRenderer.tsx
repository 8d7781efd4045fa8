import message from 'antd/es/message';
import { useEffect, useRef } from 'react';

export interface ToastItem {
  id: string;
  kind: 'success' | 'danger';
  message: string;
}

/** Shows queued toasts with antd's message (split from ToastHost so it loads only when needed). */
export default function ToastRenderer({ queue, onShown, seconds }: { queue: ToastItem[]; onShown: (ids: string[]) => void; seconds: number }) {
  const [api, holder] = message.useMessage();
  const shown = useRef(new Set<string>()); // effects may run twice (StrictMode): show each toast once
  useEffect(() => {
    const fresh = queue.filter((t) => !shown.current.has(t.id));
    if (!fresh.length) return;
    for (const item of fresh) {
      shown.current.add(item.id);
      void api.open({ type: item.kind === 'success' ? 'success' : 'error', content: item.message, duration: seconds, className: `od-toast od-toast-${item.kind}` });
    }
    onShown(fresh.map((t) => t.id));
  }, [queue, api, onShown, seconds]);
  return holder;
}

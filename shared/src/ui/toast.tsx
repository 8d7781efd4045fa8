import { lazy, Suspense, useEffect, useState } from 'react';
import { bus } from '@oncodesk/shared';
import type { ToastItem } from './ToastRenderer';

/** How long a toast stays, per the spec. */
export const TOAST_SECONDS = 3.5;

/** Any app can raise a toast; the page's single ToastHost shows it. */
export const toast = {
  success: (text: string) => bus.emit('ui:toast/v1', { kind: 'success', message: text }),
  danger: (text: string) => bus.emit('ui:toast/v1', { kind: 'danger', message: text }),
};

// antd's message code loads with the first toast, not with the first screen.
const ToastRenderer = lazy(() => import('./ToastRenderer'));

/**
 * Renders toasts raised on the bus (mounted once by the host or by a standalone remote's shell).
 * Listens from the first render; toasts raised while the renderer loads are queued and shown once it is in.
 */
export function ToastHost() {
  const [queue, setQueue] = useState<ToastItem[]>([]);
  const [active, setActive] = useState(false);
  useEffect(
    () =>
      bus.on('ui:toast/v1', (item) => {
        setActive(true);
        setQueue((q) => [...q, { ...item, id: Math.random().toString(36).slice(2) }]);
      }),
    [],
  );
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <ToastRenderer queue={queue} onShown={(ids) => setQueue((q) => q.filter((t) => !ids.includes(t.id)))} seconds={TOAST_SECONDS} />
    </Suspense>
  );
}

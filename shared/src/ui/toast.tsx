import message from 'antd/es/message';
import { useEffect } from 'react';
import { bus } from '../bus/eventBus';

/** How long a toast stays, per the spec. */
export const TOAST_SECONDS = 3.5;

/** Any app can raise a toast; the page's single ToastHost shows it. */
export const toast = {
  success: (text: string) => bus.emit('ui:toast/v1', { kind: 'success', message: text }),
  danger: (text: string) => bus.emit('ui:toast/v1', { kind: 'danger', message: text }),
};

/** Renders toasts raised on the bus (mounted once by the host or by a standalone remote's shell). */
export function ToastHost() {
  const [api, holder] = message.useMessage();
  useEffect(
    () =>
      bus.on('ui:toast/v1', ({ kind, message: text }) => {
        void api.open({ type: kind === 'success' ? 'success' : 'error', content: text, duration: TOAST_SECONDS, className: `od-toast od-toast-${kind}` });
      }),
    [api],
  );
  return holder;
}

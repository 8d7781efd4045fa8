/**
 * The few global rules antd tokens do not cover, injected once per page (no CSS loader needed in any app).
 * Modal fade of 200 ms and 80% wide modals on mobile, per the spec.
 */
const css = `
.od-modal .ant-modal-content, .ant-fade-enter, .ant-fade-appear, .ant-fade-leave { animation-duration: 200ms !important; }
@media (max-width: 600px) { .od-modal { width: 80% !important; max-width: 80% !important; } }
.od-beta-notice { font-size: 12px; }
`;

export function ensureGlobalStyles(): void {
  if (typeof document === 'undefined' || document.getElementById('od-global-styles')) return;
  const style = document.createElement('style');
  style.id = 'od-global-styles';
  style.textContent = css;
  document.head.appendChild(style);
}

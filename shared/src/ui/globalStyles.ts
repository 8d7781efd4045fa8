import { theme } from './theme';
import { cspNonce } from './csp';

const token = theme.token ?? {};

/**
 * The few global rules antd tokens do not cover, injected once per page (no CSS loader needed in any app):
 * the page's text and link styles from the theme (antd styles only its own components), the modal fade
 * of 200 ms and 80% wide modals on mobile, per the spec.
 */
const css = `
body { font-family: ${token.fontFamily}; color: rgba(0, 0, 0, 0.88); font-size: 14px; line-height: 1.5714; }
a { color: ${token.colorLink}; text-decoration: none; }
.od-modal .ant-modal-content, .ant-fade-enter, .ant-fade-appear, .ant-fade-leave { animation-duration: 200ms !important; }
@media (max-width: 600px) { .od-modal { width: 80% !important; max-width: 80% !important; } }
.od-beta-notice { font-size: 12px; }
/* no page scrolls sideways on a phone: tags (a site "5758 km · NYP / Columbia University Medical Center / …"),
   long words and URLs wrap inside their box; "body" outranks antd's zero-specificity :where() rules */
body .ant-tag { white-space: normal; max-width: 100%; overflow-wrap: anywhere; }
.od-content { overflow-wrap: anywhere; min-width: 0; }
/* an input's unit ("años") in antd's 25% black fails WCAG AA contrast; the theme's description grey passes */
body .ant-input-suffix, body .ant-input-number-suffix { color: rgba(0, 0, 0, 0.58); }
`;

/**
 * Adds a stylesheet to the page once (by id): how apps ship their few rules without a CSS loader. It
 * carries the page's CSP nonce (see csp.ts), without which the policy refuses it.
 */
export function injectStyles(id: string, text: string): void {
  if (typeof document === 'undefined' || document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  const nonce = cspNonce();
  if (nonce) style.nonce = nonce;
  style.textContent = text;
  document.head.appendChild(style);
}

export function ensureGlobalStyles(): void {
  injectStyles('od-global-styles', css);
}

import { injectStyles } from '@oncodesk/shared/ui';
/** Layout rules of the shell (sidebar 242px / 64px, mobile top bar at <= 600px), injected once. */
const css = `
.od-shell { display: flex; min-height: 100vh; }
.od-sidebar { position: sticky; top: 0; height: 100vh; display: flex; flex-direction: column; gap: 8px; background: #1f1646; color: #fff;
  padding: 12px 10px; box-sizing: border-box; transition: width 200ms ease; overflow-x: hidden; overflow-y: auto; flex-shrink: 0; z-index: 20; }
/* a short window (a laptop zoomed in, a phone on its side) scrolls the sidebar instead of cutting off the language and profile menus */
.od-sidebar[data-expanded='true'] { width: 242px; }
.od-sidebar[data-expanded='false'] { width: 64px; }
.od-sidebar .od-brand { display: flex; align-items: center; justify-content: space-between; min-height: 40px; }
.od-sidebar .od-brand-name { font-weight: 700; font-size: 18px; letter-spacing: .3px; white-space: nowrap; }
.od-sidebar .od-brand-name small { font-weight: 500; font-size: 11px; margin-left: 6px; color: #c9bdf5; }
.od-nav { display: flex; flex-direction: column; gap: 4px; margin-top: 8px; }
.od-nav a { display: flex; align-items: center; gap: 12px; padding: 10px 12px; border-radius: 8px; color: #ddd6fb; text-decoration: none; white-space: nowrap; }
.od-nav a:hover { background: rgba(255,255,255,.08); color: #fff; }
.od-nav a.active { background: #5b3cc4; color: #fff; }
.od-nav .anticon { font-size: 18px; flex-shrink: 0; }
.od-nav a span { overflow: hidden; text-overflow: ellipsis; }
/* expanded, a long label (Italian "Procedura guidata sperimentazioni cliniche") wraps onto a second line instead of being cut */
.od-sidebar[data-expanded='true'] .od-nav a { white-space: normal; }
.od-sidebar[data-expanded='true'] .od-nav a span { overflow-wrap: anywhere; }
.od-sidebar .od-spacer { flex: 1; }
.od-sidebar .od-plan { font-size: 12px; color: #c9bdf5; padding: 0 12px; overflow-wrap: break-word; }
.od-sidebar .od-chat-disclaimer { font-size: 11px; line-height: 1.4; color: #a99ee0; padding: 0 12px; }
.od-sidebar .od-side-button { color: #ddd6fb !important; justify-content: flex-start; width: 100%; display: flex; align-items: center; gap: 10px; height: 40px; }
.od-sidebar .od-profile-name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.od-main { flex: 1; min-width: 0; display: flex; flex-direction: column; }
.od-content { flex: 1; padding: 24px; box-sizing: border-box; }
.od-topbar { display: none; }
.od-signed-out { min-height: 100vh; display: flex; flex-direction: column; }
@media (max-width: 600px) {
  .od-shell { flex-direction: column; }
  .od-topbar { display: flex; align-items: center; justify-content: space-between; gap: 8px; height: 56px; padding: 0 12px;
    background: #1f1646; color: #fff; position: sticky; top: 0; z-index: 15; }
  .od-topbar .od-brand-name { font-weight: 700; font-size: 17px; }
  .od-topbar .ant-btn { color: #fff !important; }
  .od-sidebar { position: fixed; inset: 0; width: 100vw !important; height: 100vh; display: none; }
  .od-sidebar[data-mobile-open='true'] { display: flex; }
  .od-content { padding: 12px; }
}
`;

export function ensureShellStyles(): void {
  injectStyles('od-shell-styles', css);
}

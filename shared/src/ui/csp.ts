/**
 * The page's Content-Security-Policy nonce for the <style> elements the apps and antd (CSS-in-JS) inject.
 *
 * The server's policy refuses any <style> without the nonce of the response that served the page. The
 * host page receives it in `<meta property="csp-nonce" nonce="…">` (server/src/web/plugin.ts); a foreign
 * page that embeds a remote passes its own through the mount props (`nonce`). Browsers hide a nonce
 * attribute's value (only the element's `.nonce` property has it), so it is read once and kept on
 * globalThis under a versioned symbol: the host and every remote (each bundles its own copy of this
 * module) see the same value.
 */
const KEY = Symbol.for('oncodesk.csp-nonce/v1');
type WithNonce = typeof globalThis & { [KEY]?: string };

export function cspNonce(): string | undefined {
  const g = globalThis as WithNonce;
  if (g[KEY]) return g[KEY];
  if (typeof document === 'undefined') return undefined;
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || undefined;
  if (nonce) g[KEY] = nonce;
  return nonce;
}

/** Sets the nonce explicitly (a foreign page's, from the mount props). */
export function setCspNonce(nonce: string | undefined): void {
  if (nonce) (globalThis as WithNonce)[KEY] = nonce;
}

/** The `csp` prop of antd's ConfigProvider: antd's style and icon <style> elements carry the nonce. */
export function antdCsp(): { nonce?: string } {
  const nonce = cspNonce();
  return nonce ? { nonce } : {};
}

/**
 * Gets the page ready for the server's Content-Security-Policy before any app code runs (the host's boot,
 * a remote's mount): library <style> elements get the nonce, and zod never probes for eval.
 */
export function prepareForCsp(): void {
  nonceLibraryStyles();
  zodWithoutEval();
}

/**
 * zod 4 probes `new Function('')` once to decide whether to compile its parsers; the policy has no
 * 'unsafe-eval', so the probe is refused and reported as a violation. `jitless` skips the probe (the
 * parsers then interpret, which is plenty for forms). It is set on the page-wide object z.config()
 * writes (globalThis.__zod_globalConfig, shared by every bundled copy of zod), so the first screen does
 * not load zod for it; shared/test/csp.test.ts checks that z.config() reads it.
 */
function zodWithoutEval(): void {
  const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  g.__zod_globalConfig ??= {};
  g.__zod_globalConfig.jitless = true;
}

const patched = Symbol.for('oncodesk.csp-nonce-styles/v1');

/**
 * Gives the nonce to the <style> elements @rc-component/util inserts without one. antd passes the nonce
 * to its CSS-in-JS styles, but @rc-component/portal's scroll locker (every Modal and Drawer: `html body
 * { overflow-y: hidden }`, and a scrollbar-measuring rule with a random id) calls the same `updateCSS`
 * with no way to pass a nonce (react-component/portal#35 proposes one; ant-design/ant-design#53032), so
 * the policy would refuse them and the page would scroll behind a modal. They are recognised by the
 * `data-rc-order` attribute rc-util sets before inserting; only <style> elements appended to <head> by
 * that code are touched, nothing else on the page. Hand-written because no library provides it.
 */
function nonceLibraryStyles(): void {
  if (typeof document === 'undefined' || !document.head) return;
  const head = document.head as HTMLHeadElement & { [patched]?: true };
  if (head[patched]) return;
  head[patched] = true;
  const give = (node: Node) => {
    const nonce = cspNonce();
    if (nonce && node instanceof HTMLStyleElement && !node.nonce && node.hasAttribute('data-rc-order')) node.nonce = nonce;
  };
  const append = head.appendChild.bind(head);
  const insertBefore = head.insertBefore.bind(head);
  head.appendChild = <T extends Node>(node: T): T => {
    give(node);
    return append(node);
  };
  head.insertBefore = <T extends Node>(node: T, child: Node | null): T => {
    give(node);
    return insertBefore(node, child);
  };
}

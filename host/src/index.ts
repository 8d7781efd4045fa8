/** webpack's chunk loader puts this nonce on the <script> tags it adds. */
declare let __webpack_nonce__: string | undefined;
// The server gives the page's own <script> the response's CSP script nonce (server/src/web/plugin.ts).
__webpack_nonce__ = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;

// Async boundary: lets Module Federation negotiate shared singletons before any app code runs.
void import('./bootstrap');

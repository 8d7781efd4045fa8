// The vault screens' calls, all through the shared typed client.
export { vaultApi } from '@oncodesk/shared/api';

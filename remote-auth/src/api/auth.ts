// The auth screens' calls, all through the shared typed client.
export { authApi, usersApi } from '@oncodesk/shared/api';

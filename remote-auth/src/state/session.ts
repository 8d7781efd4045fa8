import { storage, type AuthResponse } from '@oncodesk/shared';

/**
 * Starts the session the server issued. Switching from the signed-out to the signed-in routes is a
 * full page load (the shell then fetches the user and emits auth:changed).
 */
export function startSession(response: AuthResponse, to = '/'): void {
  storage.set('jwt', response.jwt);
  storage.set('user', response.user);
  window.location.assign(to);
}

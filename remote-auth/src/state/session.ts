import { bus, storage, type AuthResponse } from '@oncodesk/shared';

/**
 * Starts the session the server issued. Switching from the signed-out to the signed-in routes is a
 * full page load (the shell then fetches the user and emits auth:changed).
 */
export function startSession(response: AuthResponse, to = '/'): void {
  storage.set('jwt', response.jwt);
  storage.set('user', response.user);
  window.location.assign(to);
}

/**
 * Ends the session after the account was deleted: asks the shell to sign out and, since a remote may run
 * without the shell (embedded), also clears our storage and reloads to the signed-out routes itself.
 */
export function endSessionAfterDeletion(): void {
  endSessionHere('deleted');
}

/** Signs this browser out after its session ended on the server ("sign out everywhere", deletion). */
export function endSessionHere(reason: 'user' | 'deleted'): void {
  bus.emit('auth:logout-requested/v1', { reason });
  storage.clearExceptLanguage();
  bus.emit('auth:changed/v1', { user: null, jwt: null });
  window.location.assign('/');
}

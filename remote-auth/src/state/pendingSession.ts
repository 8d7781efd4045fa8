import type { AuthResponse } from '@oncodesk/shared';

/**
 * The session a sign-up just returned, held in memory only while the "verification pending" page is
 * shown (same page load), so the user can continue into the app without typing the password again.
 */
let pending: AuthResponse | null = null;
export const setPendingSession = (response: AuthResponse | null) => {
  pending = response;
};
export const pendingSession = () => pending;

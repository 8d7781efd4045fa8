import { create } from 'zustand';
import { bus, storage, type User } from '@oncodesk/shared';

interface AuthState {
  jwt: string | null;
  user: User | null;
  /** Reads the session from storage and, if there is one, fetches the current user. */
  restore(): Promise<void>;
  setUser(user: User): void;
  /** Logout: forget everything except the language, then a full reload to the signed-out routes. */
  logout(): void;
}

/** The shell owns auth state; remotes learn about it only through `auth:changed/v1` on the bus. */
export const useAuthStore = create<AuthState>((set, get) => ({
  jwt: storage.get('jwt'),
  user: storage.get('user'),
  async restore() {
    const jwt = storage.get('jwt');
    if (!jwt) {
      set({ jwt: null, user: null });
      bus.emit('auth:changed/v1', { jwt: null, user: null });
      return;
    }
    try {
      // The users API (and its zod contract) loads only when there is a session to check.
      const { usersApi } = await import('@oncodesk/shared/api');
      const user = await usersApi.me();
      get().setUser(user);
    } catch {
      // A 401 already cleared the session in the API client; anything else: stay signed out this load.
      set({ jwt: storage.get('jwt'), user: storage.get('user') });
      bus.emit('auth:changed/v1', { jwt: storage.get('jwt'), user: storage.get('user') });
    }
  },
  setUser(user) {
    storage.set('user', user);
    set({ user, jwt: storage.get('jwt') });
    bus.emit('auth:changed/v1', { jwt: storage.get('jwt'), user });
  },
  logout() {
    // the session ends on the server too (its token stops working everywhere); the page does not wait
    // more than a moment for it: a failed call leaves a token that expires on its own
    const jwt = storage.get('jwt');
    const ended = jwt
      ? import('@oncodesk/shared/api').then(({ authApi }) => Promise.race([authApi.signOut(), new Promise((r) => setTimeout(r, 1500))])).catch(() => undefined)
      : Promise.resolve();
    void ended.then(() => {
      storage.clearExceptLanguage();
      set({ jwt: null, user: null });
      bus.emit('auth:changed/v1', { jwt: null, user: null });
      window.location.assign('/');
    });
  },
}));

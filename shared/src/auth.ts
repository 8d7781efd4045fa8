import { useSyncExternalStore } from 'react';
import { bus } from './bus/eventBus';
import { storage } from './storage/keys';
import type { User } from './contracts/user';

/** The signed-in user as any app sees it: the host's last auth event, or what is stored locally. */
export function currentUser(): User | null {
  const last = bus.last('auth:changed/v1');
  return last ? last.user : storage.get('user');
}

const subscribe = (onChange: () => void) => bus.on('auth:changed/v1', onChange);

/** React hook over the auth events the host emits. */
export function useCurrentUser(): User | null {
  return useSyncExternalStore(subscribe, currentUser, currentUser);
}

/** Where the browser goes to start Google sign-in (a redirect, not an API call). */
export const googleSignInPath = '/auth/google/start';

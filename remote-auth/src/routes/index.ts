import type { RouteObject } from '@oncodesk/shared/router';
import { lazyPage } from '@oncodesk/shared';

// Pages load on demand: each route pulls its page chunk from this remote only when visited.
export const signedOutRoutes: RouteObject[] = [
  { index: true, lazy: lazyPage(() => import('../pages/LoginPage')) },
  { path: 'login', lazy: lazyPage(() => import('../pages/LoginPage')) },
  { path: 'signup', lazy: lazyPage(() => import('../pages/SignUpPage')) },
  { path: 'recover-pass', lazy: lazyPage(() => import('../pages/RecoverPasswordPage')) },
  { path: 'auth', lazy: lazyPage(() => import('../pages/AuthCallbackPage')) },
  { path: 'verification', lazy: lazyPage(() => import('../pages/VerificationPage')) },
];

export const signedInRoutes: RouteObject[] = [
  { path: 'profile', lazy: lazyPage(() => import('../pages/ProfilePage')) },
  // A verification link opened while signed in (needs 'verification' in the host's signed-in paths too).
  { path: 'verification', lazy: lazyPage(() => import('../pages/VerificationPage')) },
];

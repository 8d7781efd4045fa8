import type { RouteObject } from 'react-router';
import { lazyPage } from '@oncodesk/shared';

const wizard = lazyPage(() => import('../pages/WizardPage'));
export const signedInRoutes: RouteObject[] = [
  { index: true, lazy: wizard },
  { path: 'clinical-trials', lazy: wizard },
  { path: 'clinical-trials/*', lazy: wizard },
];
export const signedOutRoutes: RouteObject[] = [];

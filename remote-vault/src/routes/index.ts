import type { RouteObject } from '@oncodesk/shared/router';
import { lazyPage } from '@oncodesk/shared';

export const signedInRoutes: RouteObject[] = [{ path: 'vault', lazy: lazyPage(() => import('../pages/VaultPage')) }];
export const signedOutRoutes: RouteObject[] = [{ path: 'download/:hash', lazy: lazyPage(() => import('../pages/DownloadPage')) }];

import type { RouteObject } from '@oncodesk/shared/router';
import { lazyPage } from '@oncodesk/shared';

export const signedInRoutes: RouteObject[] = [{ path: 'chat', lazy: lazyPage(() => import('../pages/ChatPage')) }];
export const signedOutRoutes: RouteObject[] = [];

import type { RouteObject } from '@oncodesk/shared/router';
import { lazyPage } from '@oncodesk/shared';

// One page: the conversation list and, under chat/:chatId, the open conversation.
const chat = lazyPage(() => import('../pages/ChatPage'));
export const signedInRoutes: RouteObject[] = [
  { path: 'chat', lazy: chat },
  { path: 'chat/:chatId', lazy: chat },
];
export const signedOutRoutes: RouteObject[] = [];

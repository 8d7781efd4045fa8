// Contracts are zod schemas: values from '@oncodesk/shared/contracts' (bundled by each app, zod shared
// lazily), types from here. The root is the page-wide singleton and stays free of zod.
export type * from './contracts';
export { languages } from './contracts/languages';
export * from './api/client';
export * from './api/errors';
export * from './api/runtimeConfig';
export * from './bus/eventBus';
export * from './bus/events';
export * from './storage/keys';
export * from './i18n';
export * from './auth';
export * from './remote';
export * from './forms';
export * from './idle';

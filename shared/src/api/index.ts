// Typed API references, one group per server domain (Backstage-style): apps call these, never raw URLs.
// Not part of the root singleton: each app bundles the groups it uses (with their zod contracts). They
// reach the client by package name ('@oncodesk/shared'), so every app calls through the one shared client.
export * from './endpoints';
export * from './patients';
export * from './survey';
export * from './maps';
export * from './trials';
export * from './vault';
export * from './guidelines';
export * from './documents';
export * from './chat';
export * from './alerts';

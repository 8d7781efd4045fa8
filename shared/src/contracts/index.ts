export * from './errors';
export * from './user';
export * from './auth';
export * from './config';
export * from './patient';
export * from './trials';
export * from './geo';
export * from './survey';

export * from './globalStyles';
export * from './modal';
export * from './toast';
export * from './notices';
export * from './RemoteErrorBoundary';
export * from './RemoteUnavailable';
export * from './theme';
export * from './UpgradePrompt';

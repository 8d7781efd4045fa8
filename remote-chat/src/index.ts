// Async boundary for Module Federation; the standalone page mounts the remote with browser routing.
void import('./standalone');

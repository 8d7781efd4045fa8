// The chat screens' calls, all through the shared typed client (the streaming variant is in ./stream).
export { chatApi } from '@oncodesk/shared/api';

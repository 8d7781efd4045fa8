export { chatRoutes } from './routes';
export { chatService, type ChatService } from './service';
export { chatStorage } from './storage';
export { modelAnswerer } from './model';
export { localModelAnswerer } from './localModel';

export { documentsRoutes } from './routes';
export { documentsService, type DocumentsService } from './service';
export { documentsStorage } from './storage';

import type { RemoteDefinition } from '@oncodesk/shared';
import en from './locales/en.json';
import es from './locales/es.json';
import it from './locales/it.json';
import { signedInRoutes, signedOutRoutes } from './routes';

const remote: RemoteDefinition = {
  name: 'auth',
  namespace: 'auth',
  locales: { en, es, it },
  routes: { signedIn: signedInRoutes, signedOut: signedOutRoutes },
};
export default remote;

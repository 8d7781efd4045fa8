export { fhirRoutes, MAX_BUNDLE_BYTES } from './routes';
export { fhirService, type FhirService } from './service';

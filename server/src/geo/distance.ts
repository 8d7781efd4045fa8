/** The product's one distance function lives in the shared contracts (the browser uses it too). */
export { EARTH_RADIUS_KM, haversineKm } from '@oncodesk/shared/contracts';

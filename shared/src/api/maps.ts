import { GeoRetrieveResponse, GeoSuggestResponse, type GeoFeatureType } from '../contracts/geo';
import { apiClient } from '@oncodesk/shared';

/** Location search (offline gazetteer); one session token per search, see contracts/geo.ts. */
export const mapsApi = {
  suggest: (text: string, sessionToken: string, types?: GeoFeatureType[], limit = 8) =>
    apiClient.get(`/maps/suggest?${new URLSearchParams({ q: text, sessionToken, limit: String(limit), ...(types ? { types: types.join(',') } : {}) })}`, GeoSuggestResponse),
  retrieve: (id: string, sessionToken: string) => apiClient.get(`/maps/retrieve/${encodeURIComponent(id)}?sessionToken=${encodeURIComponent(sessionToken)}`, GeoRetrieveResponse),
};

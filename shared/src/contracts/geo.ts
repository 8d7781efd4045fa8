import { z } from 'zod';
import { GeoPoint } from './patient';
import { Continent } from './continents';

/**
 * Offline gazetteer (GeoNames data shipped in npm packages, no network at run time).
 *
 * Session tokens: the client generates one UUID (crypto.randomUUID()) when the user starts typing in a
 * location field and sends the same token with every `suggest` call of that search and with the final
 * `retrieve`; it starts a new token for the next search. The server only checks the format (a UUID) and
 * uses the token to group calls of one search for metrics (queries per search, searches that ended with
 * a retrieve). It is not an authentication token and carries no personal data.
 */

/** Mean Earth radius (IUGG), km: the one radius every distance in the product uses. */
export const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in km between two points (haversine): the one distance function, server and browser. */
export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const geoLanguages = ['en', 'es', 'it'] as const;
/** Accepts 'en' | 'es' | 'it' and the app's BCP 47 tags ('en-US', 'es-ES', 'it-IT'). */
export const GeoLang = z.preprocess(
  (v) => (typeof v === 'string' ? v.slice(0, 2).toLowerCase() : v),
  z.enum(geoLanguages, { error: 'language_invalid' }),
);
export type GeoLang = (typeof geoLanguages)[number];

export const geoFeatureTypes = ['country', 'region', 'city'] as const;
export const GeoFeatureType = z.enum(geoFeatureTypes);
export type GeoFeatureType = z.infer<typeof GeoFeatureType>;

export const GeoSessionToken = z.uuid({ error: 'session_token_invalid' });
export type GeoSessionToken = z.infer<typeof GeoSessionToken>;

/** `country:IT`, `region:IT.09` (GeoNames admin1 code), `city:3173435` (GeoNames id). */
export const GEO_ID_PATTERN = /^(country:[A-Z]{2}|region:[A-Z]{2}\.[A-Za-z0-9]{1,20}|city:[0-9]{1,10})$/;
export const GeoFeatureId = z.string().max(40).regex(GEO_ID_PATTERN, { error: 'location_id_invalid' });
export type GeoFeatureId = z.infer<typeof GeoFeatureId>;

/** `types` may come as an array or as a comma-separated string (query strings). */
const TypesParam = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
  z.array(GeoFeatureType).min(1).max(3),
);

export const GeoSuggestQuery = z.object({
  q: z.string().trim().min(1, { error: 'query_empty' }).max(100, { error: 'too_long' }),
  sessionToken: GeoSessionToken,
  /** ISO 3166-1 alpha-2 code restricting results to one country. */
  country: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.string().regex(/^[A-Z]{2}$/, { error: 'country_invalid' })).optional(),
  types: TypesParam.optional(),
  lang: GeoLang.optional(),
  limit: z.coerce.number().int().min(1).max(20).optional(),
});
export type GeoSuggestQuery = z.infer<typeof GeoSuggestQuery>;

export const GeoSuggestion = z.object({
  id: GeoFeatureId,
  type: GeoFeatureType,
  /** Display name (country names in the requested language, places as GeoNames names them). */
  name: z.string(),
  /** e.g. "Milan, Lombardy, Italy". */
  label: z.string(),
  /** Set when the query matched another name of the place, e.g. "Milano". */
  matchedName: z.string().optional(),
  countryCode: z.string().length(2),
  country: z.string(),
  region: z.string().optional(),
  population: z.number().int().nonnegative().optional(),
});
export type GeoSuggestion = z.infer<typeof GeoSuggestion>;

export const GeoSuggestResponse = z.object({
  sessionToken: GeoSessionToken,
  suggestions: z.array(GeoSuggestion),
});
export type GeoSuggestResponse = z.infer<typeof GeoSuggestResponse>;

export const GeoRetrieveParams = z.object({ id: GeoFeatureId });
export type GeoRetrieveParams = z.infer<typeof GeoRetrieveParams>;

export const GeoRetrieveQuery = z.object({ sessionToken: GeoSessionToken, lang: GeoLang.optional() });
export type GeoRetrieveQuery = z.infer<typeof GeoRetrieveQuery>;

export const GeoFeature = z.object({
  id: GeoFeatureId,
  type: GeoFeatureType,
  name: z.string(),
  country: z.string(),
  countryCode: z.string().length(2),
  region: z.string().optional(),
  continent: Continent,
  /** City: its own coordinates; region: its administrative seat (else its largest place); country: its capital (else its largest place). */
  point: GeoPoint,
  population: z.number().int().nonnegative().optional(),
});
export type GeoFeature = z.infer<typeof GeoFeature>;

export const GeoRetrieveResponse = z.object({ feature: GeoFeature });
export type GeoRetrieveResponse = z.infer<typeof GeoRetrieveResponse>;

export const geoErrorCodes = ['session_token_invalid', 'location_id_invalid', 'location_not_found', 'query_empty', 'country_invalid'] as const;
export type GeoErrorCode = (typeof geoErrorCodes)[number];

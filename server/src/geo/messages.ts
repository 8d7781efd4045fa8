import type { GeoErrorCode } from '@oncodesk/shared/contracts';

/** en/es/it messages of the geo error codes (to merge into the shared locales' `errors`). */
export const geoErrorMessages: Record<GeoErrorCode, { en: string; es: string; it: string }> = {
  session_token_invalid: { en: 'The search session is not valid; start the search again.', es: 'La sesión de búsqueda no es válida; vuelva a iniciar la búsqueda.', it: 'La sessione di ricerca non è valida; ricominci la ricerca.' },
  location_id_invalid: { en: 'Choose a place from the suggestions.', es: 'Elija un lugar de las sugerencias.', it: 'Scelga un luogo tra i suggerimenti.' },
  location_not_found: { en: 'This place was not found.', es: 'No se ha encontrado este lugar.', it: 'Questo luogo non è stato trovato.' },
  query_empty: { en: 'Type at least one letter.', es: 'Escriba al menos una letra.', it: 'Digiti almeno una lettera.' },
  country_invalid: { en: 'Unknown country code.', es: 'Código de país desconocido.', it: 'Codice del paese sconosciuto.' },
};

/** The interface languages (BCP 47). Kept apart from the zod contracts so i18n loads without zod. */
export const languages = ['en-US', 'es-ES', 'it-IT'] as const;
export type Language = (typeof languages)[number];

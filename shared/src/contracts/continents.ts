import { z } from 'zod';

/**
 * The seven continents: the one list for the places (the gazetteer's `continent`) and for the trial
 * search's continent scope. Which continent each country is on is decided once, on the server
 * (server/src/vocab/continents.ts).
 */
export const continents = ['Africa', 'Antarctica', 'Asia', 'Europe', 'North America', 'Oceania', 'South America'] as const;
export const Continent = z.enum(continents);
export type Continent = z.infer<typeof Continent>;

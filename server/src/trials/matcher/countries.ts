import type { Continent } from '@oncodesk/shared/contracts';
import { continentOf as continentOfCode } from '../../vocab/continents';

/**
 * ISO 3166-1 alpha-2 code, English short name and the names registries write for the world's countries and
 * main territories (the project's own table, for reading site countries). Format: "CC|Name|extra
 * aliases;...". Continents come from the one table (vocab/continents.ts), which must know every code here.
 */
const RAW = `AF|Afghanistan;AL|Albania;DZ|Algeria;AS|American Samoa;AD|Andorra;AO|Angola;AG|Antigua and Barbuda;AR|Argentina;AM|Armenia;AW|Aruba;AU|Australia;AT|Austria;AZ|Azerbaijan;BS|Bahamas;BH|Bahrain;BD|Bangladesh;BB|Barbados;BY|Belarus;BE|Belgium;BZ|Belize;BJ|Benin;BM|Bermuda;BT|Bhutan;BO|Bolivia|Bolivia, Plurinational State of;BA|Bosnia and Herzegovina;BW|Botswana;BR|Brazil;BN|Brunei|Brunei Darussalam;BG|Bulgaria;BF|Burkina Faso;BI|Burundi;CV|Cabo Verde|Cape Verde;KH|Cambodia;CM|Cameroon;CA|Canada;KY|Cayman Islands;CF|Central African Republic;TD|Chad;CL|Chile;CN|China|People's Republic of China;CO|Colombia;KM|Comoros;CG|Congo|Republic of the Congo;CD|Democratic Republic of the Congo|Congo, The Democratic Republic of the;CR|Costa Rica;CI|Cote d'Ivoire|Côte d'Ivoire|Ivory Coast;HR|Croatia;CU|Cuba;CW|Curacao|Curaçao;CY|Cyprus;CZ|Czechia|Czech Republic;DK|Denmark;DJ|Djibouti;DM|Dominica;DO|Dominican Republic;EC|Ecuador;EG|Egypt;SV|El Salvador;GQ|Equatorial Guinea;ER|Eritrea;EE|Estonia;SZ|Eswatini|Swaziland;ET|Ethiopia;FO|Faroe Islands;FJ|Fiji;FI|Finland;FR|France;GF|French Guiana;PF|French Polynesia;GA|Gabon;GM|Gambia;GE|Georgia;DE|Germany;GH|Ghana;GI|Gibraltar;GR|Greece;GL|Greenland;GD|Grenada;GP|Guadeloupe;GU|Guam;GT|Guatemala;GN|Guinea;GW|Guinea-Bissau;GY|Guyana;HT|Haiti;HN|Honduras;HK|Hong Kong;HU|Hungary;IS|Iceland;IN|India;ID|Indonesia;IR|Iran|Iran, Islamic Republic of;IQ|Iraq;IE|Ireland;IL|Israel;IT|Italy;JM|Jamaica;JP|Japan;JO|Jordan;KZ|Kazakhstan;KE|Kenya;KI|Kiribati;KP|North Korea|Korea, Democratic People's Republic of;KR|South Korea|Korea, Republic of|Republic of Korea|Korea;XK|Kosovo;KW|Kuwait;KG|Kyrgyzstan;LA|Laos|Lao People's Democratic Republic;LV|Latvia;LB|Lebanon;LS|Lesotho;LR|Liberia;LY|Libya|Libyan Arab Jamahiriya;LI|Liechtenstein;LT|Lithuania;LU|Luxembourg;MO|Macao|Macau;MG|Madagascar;MW|Malawi;MY|Malaysia;MV|Maldives;ML|Mali;MT|Malta;MH|Marshall Islands;MQ|Martinique;MR|Mauritania;MU|Mauritius;YT|Mayotte;MX|Mexico;FM|Micronesia;MD|Moldova|Moldova, Republic of;MC|Monaco;MN|Mongolia;ME|Montenegro;MA|Morocco;MZ|Mozambique;MM|Myanmar|Burma;NA|Namibia;NR|Nauru;NP|Nepal;NL|Netherlands|The Netherlands;NC|New Caledonia;NZ|New Zealand;NI|Nicaragua;NE|Niger;NG|Nigeria;MK|North Macedonia|Macedonia|Macedonia, The Former Yugoslav Republic of;NO|Norway;OM|Oman;PK|Pakistan;PW|Palau;PS|Palestine|Palestinian Territory, Occupied|Palestinian Territories;PA|Panama;PG|Papua New Guinea;PY|Paraguay;PE|Peru;PH|Philippines;PL|Poland;PT|Portugal;PR|Puerto Rico;QA|Qatar;RE|Reunion|Réunion;RO|Romania;RU|Russia|Russian Federation;RW|Rwanda;KN|Saint Kitts and Nevis;LC|Saint Lucia;VC|Saint Vincent and the Grenadines;WS|Samoa;SM|San Marino;ST|Sao Tome and Principe;SA|Saudi Arabia;SN|Senegal;RS|Serbia;SC|Seychelles;SL|Sierra Leone;SG|Singapore;SK|Slovakia;SI|Slovenia;SB|Solomon Islands;SO|Somalia;ZA|South Africa;SS|South Sudan;ES|Spain;LK|Sri Lanka;SD|Sudan;SR|Suriname;SE|Sweden;CH|Switzerland;SY|Syria|Syrian Arab Republic;TW|Taiwan|Taiwan, Province of China;TJ|Tajikistan;TZ|Tanzania|Tanzania, United Republic of;TH|Thailand;TL|Timor-Leste|East Timor;TG|Togo;TO|Tonga;TT|Trinidad and Tobago;TN|Tunisia;TR|Turkey|Türkiye|Turkiye;TM|Turkmenistan;TV|Tuvalu;UG|Uganda;UA|Ukraine;AE|United Arab Emirates;GB|United Kingdom|UK|Great Britain|England|Scotland|Wales|Northern Ireland;US|United States|USA|United States of America|U.S.;UY|Uruguay;UZ|Uzbekistan;VU|Vanuatu;VA|Holy See|Vatican City;VE|Venezuela|Venezuela, Bolivarian Republic of;VN|Vietnam|Viet Nam;VG|British Virgin Islands;VI|U.S. Virgin Islands|Virgin Islands, U.S.;YE|Yemen;ZM|Zambia;ZW|Zimbabwe;AQ|Antarctica`;

export interface CountryInfo {
  code: string;
  name: string;
  continent: Continent;
}

export const COUNTRIES: CountryInfo[] = [];
const byCode = new Map<string, CountryInfo>();
const byName = new Map<string, CountryInfo>();
for (const rec of RAW.split(';')) {
  const [code, name, ...aliases] = rec.split('|');
  const continent = continentOfCode(code);
  // static data: a code the one continent table lacks is a mistake in this table
  if (!continent) throw new Error(`countries.ts: ${code} has no continent in vocab/continents.ts`);
  const info: CountryInfo = { code, name, continent };
  COUNTRIES.push(info);
  byCode.set(code, info);
  for (const n of [name, ...aliases]) byName.set(n.toLowerCase(), info);
}

export function countryByCode(code: string): CountryInfo | undefined {
  return byCode.get(code.toUpperCase());
}

/** ISO alpha-2 code for a country name (or code); undefined when unknown. */
export function countryCode(nameOrCode: string | undefined): string | undefined {
  if (!nameOrCode) return undefined;
  const t = nameOrCode.trim();
  if (t.length === 2 && byCode.has(t.toUpperCase())) return t.toUpperCase();
  return byName.get(t.toLowerCase())?.code;
}

export function continentOf(countryCodeOrName: string | undefined): Continent | undefined {
  const c = countryCode(countryCodeOrName);
  return c ? byCode.get(c)?.continent : undefined;
}

import type { Continent } from '@oncodesk/shared/contracts';
import { continentOf as continentOfCode } from '../../geo/continents';

/**
 * ISO 3166-1 alpha-2 code, English short name and the names registries write for the world's countries and
 * main territories (the project's own table, for reading site countries). Format: "CC|Name|continent
 * code|extra aliases;...". The continent code is not read: continents come from the one table
 * (geo/continents.ts), which must know every code here.
 */
const RAW = `AF|Afghanistan|AS;AL|Albania|EU;DZ|Algeria|AF;AS|American Samoa|OC;AD|Andorra|EU;AO|Angola|AF;AG|Antigua and Barbuda|NA;AR|Argentina|SA;AM|Armenia|AS;AW|Aruba|NA;AU|Australia|OC;AT|Austria|EU;AZ|Azerbaijan|AS;BS|Bahamas|NA;BH|Bahrain|AS;BD|Bangladesh|AS;BB|Barbados|NA;BY|Belarus|EU;BE|Belgium|EU;BZ|Belize|NA;BJ|Benin|AF;BM|Bermuda|NA;BT|Bhutan|AS;BO|Bolivia|SA|Bolivia, Plurinational State of;BA|Bosnia and Herzegovina|EU;BW|Botswana|AF;BR|Brazil|SA;BN|Brunei|AS|Brunei Darussalam;BG|Bulgaria|EU;BF|Burkina Faso|AF;BI|Burundi|AF;CV|Cabo Verde|AF|Cape Verde;KH|Cambodia|AS;CM|Cameroon|AF;CA|Canada|NA;KY|Cayman Islands|NA;CF|Central African Republic|AF;TD|Chad|AF;CL|Chile|SA;CN|China|AS|People's Republic of China;CO|Colombia|SA;KM|Comoros|AF;CG|Congo|AF|Republic of the Congo;CD|Democratic Republic of the Congo|AF|Congo, The Democratic Republic of the;CR|Costa Rica|NA;CI|Cote d'Ivoire|AF|Côte d'Ivoire|Ivory Coast;HR|Croatia|EU;CU|Cuba|NA;CW|Curacao|NA|Curaçao;CY|Cyprus|EU;CZ|Czechia|EU|Czech Republic;DK|Denmark|EU;DJ|Djibouti|AF;DM|Dominica|NA;DO|Dominican Republic|NA;EC|Ecuador|SA;EG|Egypt|AF;SV|El Salvador|NA;GQ|Equatorial Guinea|AF;ER|Eritrea|AF;EE|Estonia|EU;SZ|Eswatini|AF|Swaziland;ET|Ethiopia|AF;FO|Faroe Islands|EU;FJ|Fiji|OC;FI|Finland|EU;FR|France|EU;GF|French Guiana|SA;PF|French Polynesia|OC;GA|Gabon|AF;GM|Gambia|AF;GE|Georgia|AS;DE|Germany|EU;GH|Ghana|AF;GI|Gibraltar|EU;GR|Greece|EU;GL|Greenland|NA;GD|Grenada|NA;GP|Guadeloupe|NA;GU|Guam|OC;GT|Guatemala|NA;GN|Guinea|AF;GW|Guinea-Bissau|AF;GY|Guyana|SA;HT|Haiti|NA;HN|Honduras|NA;HK|Hong Kong|AS;HU|Hungary|EU;IS|Iceland|EU;IN|India|AS;ID|Indonesia|AS;IR|Iran|AS|Iran, Islamic Republic of;IQ|Iraq|AS;IE|Ireland|EU;IL|Israel|AS;IT|Italy|EU;JM|Jamaica|NA;JP|Japan|AS;JO|Jordan|AS;KZ|Kazakhstan|AS;KE|Kenya|AF;KI|Kiribati|OC;KP|North Korea|AS|Korea, Democratic People's Republic of;KR|South Korea|AS|Korea, Republic of|Republic of Korea|Korea;XK|Kosovo|EU;KW|Kuwait|AS;KG|Kyrgyzstan|AS;LA|Laos|AS|Lao People's Democratic Republic;LV|Latvia|EU;LB|Lebanon|AS;LS|Lesotho|AF;LR|Liberia|AF;LY|Libya|AF|Libyan Arab Jamahiriya;LI|Liechtenstein|EU;LT|Lithuania|EU;LU|Luxembourg|EU;MO|Macao|AS|Macau;MG|Madagascar|AF;MW|Malawi|AF;MY|Malaysia|AS;MV|Maldives|AS;ML|Mali|AF;MT|Malta|EU;MH|Marshall Islands|OC;MQ|Martinique|NA;MR|Mauritania|AF;MU|Mauritius|AF;YT|Mayotte|AF;MX|Mexico|NA;FM|Micronesia|OC;MD|Moldova|EU|Moldova, Republic of;MC|Monaco|EU;MN|Mongolia|AS;ME|Montenegro|EU;MA|Morocco|AF;MZ|Mozambique|AF;MM|Myanmar|AS|Burma;NA|Namibia|AF;NR|Nauru|OC;NP|Nepal|AS;NL|Netherlands|EU|The Netherlands;NC|New Caledonia|OC;NZ|New Zealand|OC;NI|Nicaragua|NA;NE|Niger|AF;NG|Nigeria|AF;MK|North Macedonia|EU|Macedonia|Macedonia, The Former Yugoslav Republic of;NO|Norway|EU;OM|Oman|AS;PK|Pakistan|AS;PW|Palau|OC;PS|Palestine|AS|Palestinian Territory, Occupied|Palestinian Territories;PA|Panama|NA;PG|Papua New Guinea|OC;PY|Paraguay|SA;PE|Peru|SA;PH|Philippines|AS;PL|Poland|EU;PT|Portugal|EU;PR|Puerto Rico|NA;QA|Qatar|AS;RE|Reunion|AF|Réunion;RO|Romania|EU;RU|Russia|EU|Russian Federation;RW|Rwanda|AF;KN|Saint Kitts and Nevis|NA;LC|Saint Lucia|NA;VC|Saint Vincent and the Grenadines|NA;WS|Samoa|OC;SM|San Marino|EU;ST|Sao Tome and Principe|AF;SA|Saudi Arabia|AS;SN|Senegal|AF;RS|Serbia|EU;SC|Seychelles|AF;SL|Sierra Leone|AF;SG|Singapore|AS;SK|Slovakia|EU;SI|Slovenia|EU;SB|Solomon Islands|OC;SO|Somalia|AF;ZA|South Africa|AF;SS|South Sudan|AF;ES|Spain|EU;LK|Sri Lanka|AS;SD|Sudan|AF;SR|Suriname|SA;SE|Sweden|EU;CH|Switzerland|EU;SY|Syria|AS|Syrian Arab Republic;TW|Taiwan|AS|Taiwan, Province of China;TJ|Tajikistan|AS;TZ|Tanzania|AF|Tanzania, United Republic of;TH|Thailand|AS;TL|Timor-Leste|AS|East Timor;TG|Togo|AF;TO|Tonga|OC;TT|Trinidad and Tobago|NA;TN|Tunisia|AF;TR|Turkey|AS|Türkiye|Turkiye;TM|Turkmenistan|AS;TV|Tuvalu|OC;UG|Uganda|AF;UA|Ukraine|EU;AE|United Arab Emirates|AS;GB|United Kingdom|EU|UK|Great Britain|England|Scotland|Wales|Northern Ireland;US|United States|NA|USA|United States of America|U.S.;UY|Uruguay|SA;UZ|Uzbekistan|AS;VU|Vanuatu|OC;VA|Holy See|EU|Vatican City;VE|Venezuela|SA|Venezuela, Bolivarian Republic of;VN|Vietnam|AS|Viet Nam;VG|British Virgin Islands|NA;VI|U.S. Virgin Islands|NA|Virgin Islands, U.S.;YE|Yemen|AS;ZM|Zambia|AF;ZW|Zimbabwe|AF;AQ|Antarctica|AN`;

export interface CountryInfo {
  code: string;
  name: string;
  continent: Continent;
}

export const COUNTRIES: CountryInfo[] = [];
const byCode = new Map<string, CountryInfo>();
const byName = new Map<string, CountryInfo>();
for (const rec of RAW.split(';')) {
  const [code, name, , ...aliases] = rec.split('|');
  const continent = continentOfCode(code);
  // static data: a code the one continent table lacks is a mistake in this table
  if (!continent) throw new Error(`countries.ts: ${code} has no continent in geo/continents.ts`);
  const info = { code, name, continent: continent as Continent };
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

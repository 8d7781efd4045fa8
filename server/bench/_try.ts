import { GeoService } from '../src/geo/service';
const s = new GeoService();
const st = s.warmUp(); console.log(st);
const tok = '3f1c2a9e-8d4b-4c1e-9a7f-2b6d5e4c3a21';
for (const q of ['mil', 'Milano', 'madrid', 'new york', 'boston', 'ital', 'roma', 'zurich', 'sao paulo', 'münchen', 'york', 'milan, us', 'Espa', 'Stati'])
  console.log(q, '=>', s.suggest(q, { sessionToken: tok, limit: 4 }).map(x => `${x.label} [${x.type}${x.matchedName ? ' ~' + x.matchedName : ''}]`).join(' | '));
console.log(s.retrieve('city:3173435', tok), s.retrieve('country:IT', tok, 'it'), s.retrieve('region:IT.09', tok));

import { useEffect, useRef, useState } from 'react';
import AutoComplete from 'antd/es/auto-complete';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { storage, type FocusArea, type GeoSuggestion } from '@oncodesk/shared';
import { mapsApi, surveyApi } from '@oncodesk/shared/api';
import { errorText } from '../lib/errors';

const uuid = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : 'xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx'.replace(/x/g, () => Math.floor(Math.random() * 16).toString(16));

/** The search session token (one per location search, kept across reloads in local storage). */
function sessionToken(): string {
  let token = storage.get('searchSessionToken');
  if (!token) {
    token = uuid();
    storage.set('searchSessionToken', token);
  }
  return token;
}

export interface LocationPreference {
  locationId: string;
  featureId: string;
  label: string;
}
export const locationPreference = (patientId: string): LocationPreference | undefined =>
  (storage.get('locationPreferences') as Record<string, LocationPreference> | null)?.[patientId];

/**
 * Country, region or city through the server's offline gazetteer: suggest while typing, retrieve on
 * pick, save it as the folder's location answer; the pick is remembered under a generated locationId.
 */
export function LocationInput({ patientId, focusArea, label, onSaved }: { patientId: string; focusArea: FocusArea; label?: string; onSaved: (label: string) => void }) {
  const { t } = useTranslation('trials');
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<GeoSuggestion[]>([]);
  const [error, setError] = useState<string | null>(null);
  // the suggestion the list highlights (the first one, or where the arrow keys moved)
  const [active, setActive] = useState<string | null>(null);
  const [saved, setSaved] = useState(label ?? locationPreference(patientId)?.label);
  const seq = useRef(0);
  // Enter pressed before the suggestions for the text arrived: the first one is taken when they come
  const enterFor = useRef<string | null>(null);

  useEffect(() => {
    const q = text.trim();
    if (!q) return setSuggestions([]);
    const n = ++seq.current;
    const timer = setTimeout(() => {
      mapsApi.suggest(q, sessionToken()).then(
        (r) => {
          if (n !== seq.current) return;
          setSuggestions(r.suggestions);
          if (enterFor.current === q && r.suggestions.length) void pick(r.suggestions[0].id, r.suggestions);
          enterFor.current = null;
        },
        () => n === seq.current && setSuggestions([]),
      );
    }, 150);
    return () => clearTimeout(timer);
  }, [text]);

  const pick = async (id: string, among: GeoSuggestion[] = suggestions) => {
    enterFor.current = null;
    const s = among.find((x) => x.id === id);
    try {
      const token = sessionToken();
      const r = await surveyApi.answerLocation(patientId, focusArea, id, token);
      const shown = s?.label ?? r.feature.name;
      const prefs = { ...((storage.get('locationPreferences') as Record<string, LocationPreference> | null) ?? {}), [patientId]: { locationId: uuid(), featureId: r.feature.id, label: shown } };
      storage.set('locationPreferences', prefs);
      // The search ended with a retrieve: the next search starts a new session.
      storage.set('searchSessionToken', null);
      setSaved(shown);
      setText('');
      setSuggestions([]);
      setActive(null);
      setError(null);
      onSaved(shown);
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <div data-testid="answer-location">
      {saved && <Typography.Paragraph data-testid="location-saved">{t('survey.locationSaved', { label: saved })}</Typography.Paragraph>}
      <AutoComplete
        value={text}
        onChange={setText}
        onSelect={(v: string) => void pick(v)}
        onActive={(v: string | null) => setActive(v)}
        // Enter saves the highlighted place (AutoComplete highlights nothing by default, so Enter used to
        // leave the typed city on screen and save nothing); handled here so the list does not pick twice
        onInputKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          const id = suggestions.find((s) => s.id === active)?.id;
          if (!id) {
            if (text.trim()) enterFor.current = text.trim();
            return;
          }
          e.preventDefault();
          e.stopPropagation();
          void pick(id);
        }}
        defaultActiveFirstOption
        options={suggestions.map((s) => ({ value: s.id, label: <span data-testid="location-option">{s.label}</span> }))}
        placeholder={t('survey.placeholder.location')}
        style={{ width: '100%', maxWidth: 480 }}
        data-testid="location-input"
      />
      {error && <Typography.Text type="danger" style={{ display: 'block' }}>{error}</Typography.Text>}
    </div>
  );
}

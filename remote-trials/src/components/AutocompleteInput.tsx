import { useEffect, useRef, useState } from 'react';
import AutoComplete from 'antd/es/auto-complete';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { type AutocompleteItem, type AutocompleteSource, type FocusArea } from '@oncodesk/shared';
import { surveyApi } from '@oncodesk/shared/api';

/** Labels of values picked earlier in this page session (stored answers only keep the value). */
const labels = new Map<string, string>();
/** What a picked value reads as: its suggestion's label when it was picked in this session, else the value. */
export const labelOf = (v: string): string => labels.get(v) ?? v;
/** Labels the server gave for stored answers (a reload shows "FOLFOX (…)", not "regimen:folfox"). */
export function rememberLabels(given: Record<string, string> | undefined): void {
  for (const [v, label] of Object.entries(given ?? {})) labels.set(v, label);
}

/**
 * Autocomplete over a survey vocabulary (OncoTree, drugs and classes, genes and variants, comorbidities).
 * Enter picks the highlighted suggestion (the first one unless the arrow keys moved); with no suggestion,
 * Enter adds the typed text (multiple answers). Duplicates are refused.
 */
export function AutocompleteInput({
  source,
  multiple,
  focusArea,
  value,
  onChange,
  hideItems,
  label,
}: {
  source: AutocompleteSource;
  multiple: boolean;
  focusArea: FocusArea;
  value: string | string[] | undefined;
  onChange: (v: string | string[] | undefined) => void;
  /** The caller shows the picked items itself (e.g. as rows with more fields). */
  hideItems?: boolean;
  /** The input's accessible name (the question it answers). */
  label?: string;
}) {
  const { t } = useTranslation('trials');
  const [text, setText] = useState('');
  const [items, setItems] = useState<AutocompleteItem[]>([]);
  const [error, setError] = useState<string | null>(null);
  // the suggestion the list highlights (the first one, or where the arrow keys moved)
  const [active, setActive] = useState<string | null>(null);
  const seq = useRef(0);
  const list = multiple ? (Array.isArray(value) ? value : []) : typeof value === 'string' ? [value] : [];

  useEffect(() => {
    const q = text.trim();
    if (!q) return setItems([]);
    const n = ++seq.current;
    const timer = setTimeout(() => {
      surveyApi.autocomplete(source, q, focusArea).then(
        (r) => n === seq.current && setItems(r.items),
        () => n === seq.current && setItems([]),
      );
    }, 150);
    return () => clearTimeout(timer);
  }, [text, source, focusArea]);

  const add = (raw: string, label?: string) => {
    const v = raw.trim();
    if (!v) return;
    const shown = label ?? v;
    const key = (s: string) => s.trim().toLowerCase();
    if (list.some((x) => key(x) === key(v) || key(labels.get(x) ?? '') === key(shown))) {
      setError(t('survey.duplicate', { text: shown }));
      return;
    }
    labels.set(v, shown);
    setError(null);
    setText('');
    setItems([]);
    setActive(null);
    onChange(multiple ? [...list, v] : v);
  };
  const removeItem = (v: string) => {
    const next = list.filter((x) => x !== v);
    onChange(multiple ? next : undefined);
  };

  return (
    <div data-testid={`answer-autocomplete-${source}`}>
      <AutoComplete
        aria-label={label}
        value={text}
        onChange={(v) => {
          setText(v);
          setError(null);
        }}
        options={items.map((i) => ({ value: i.value, label: <span data-testid="autocomplete-option"><b>{i.label}</b>{i.description ? <Typography.Text type="secondary"> · {i.description}</Typography.Text> : null}</span>, item: i }))}
        onSelect={(v: string, option: { item?: AutocompleteItem }) => add(v, option.item?.label)}
        onActive={(v: string | null) => setActive(v)}
        onInputKeyDown={(e) => {
          if (e.key !== 'Enter' || !text.trim()) return;
          // Enter picks the highlighted suggestion; with none (no suggestion) it adds the typed text, which
          // the server validates. Handled here (the list's own Enter is kept from running twice).
          e.preventDefault();
          e.stopPropagation();
          const highlighted = items.find((i) => i.value === active);
          if (highlighted) return add(highlighted.value, highlighted.label);
          const exact = items.find((i) => i.label.toLowerCase() === text.trim().toLowerCase() || i.value.toLowerCase() === text.trim().toLowerCase());
          add(exact?.value ?? text, exact?.label);
        }}
        // the first suggestion is highlighted, as in every search box: Enter takes it
        defaultActiveFirstOption
        placeholder={t(`survey.placeholder.${source}`)}
        style={{ width: '100%', maxWidth: 480 }}
        data-testid="autocomplete-input"
      />
      {error && <Typography.Text type="danger" style={{ display: 'block' }} data-testid="autocomplete-error">{error}</Typography.Text>}
      {!hideItems && (
        <div style={{ marginTop: 8, display: 'flex', flexWrap: 'wrap', gap: 4 }} data-testid="autocomplete-items">
          {list.map((v) => (
            <Tag key={v} closable onClose={() => removeItem(v)} data-testid="autocomplete-item">{labelOf(v)}</Tag>
          ))}
        </div>
      )}
    </div>
  );
}

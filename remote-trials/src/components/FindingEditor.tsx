import { useState } from 'react';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import type { DocumentFinding, PatchFindingRequest } from '@oncodesk/shared/contracts';
import { LocaleNumberInput } from './LocaleNumberInput';

type Edit = NonNullable<PatchFindingRequest['edit']>;

/** The fields a clinician may correct, per kind of finding (what was read is kept by the server). */
const FIELDS: Partial<Record<DocumentFinding['kind'], Array<keyof Edit>>> = {
  variant: ['gene', 'proteinChange'],
  copy_number: ['gene'],
  fusion: ['gene'],
  tmb: ['value'],
  pdl1: ['value'],
  msi: ['interpretation'],
  lab: ['value', 'unit', 'referenceRange'],
};
const MSI = ['MSI-High', 'MSI-Low', 'MS-Stable'];

/** Corrects a finding before accepting it: the value, unit or gene as the report should have been read. */
export function FindingEditor({ finding, onSave, onCancel }: { finding: DocumentFinding; onSave: (edit: Edit) => Promise<void> | void; onCancel: () => void }) {
  const { t } = useTranslation('trials');
  const fields = FIELDS[finding.kind] ?? [];
  const [edit, setEdit] = useState<Edit>(() => Object.fromEntries(fields.map((k) => [k, finding[k as keyof DocumentFinding]]).filter(([, v]) => v !== undefined)) as Edit);
  const [saving, setSaving] = useState(false);
  const set = (k: keyof Edit, v: unknown) => setEdit((e) => ({ ...e, [k]: v === '' || v === null ? undefined : v }));
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-end', marginTop: 8 }} data-testid="finding-editor">
      {fields.map((k) => (
        <label key={k} style={{ display: 'flex', flexDirection: 'column', fontSize: 12, gap: 2 }}>
          {t(`reports.fields.${k}`)}
          {k === 'value' ? (
            // typed the interface language's way ("1,3" in Italian is 1.3), as the survey's inputs read numbers
            <LocaleNumberInput value={typeof edit.value === 'number' ? edit.value : undefined} onChange={(n) => set('value', n)} unit={typeof edit.unit === 'string' ? edit.unit : undefined} unitSuffix={false} style={{ width: 120 }} data-testid={`edit-${k}`} />
          ) : k === 'interpretation' ? (
            <Select value={edit.interpretation} onChange={(v) => set('interpretation', v)} options={MSI.map((m) => ({ value: m, label: m }))} style={{ width: 140 }} data-testid={`edit-${k}`} />
          ) : (
            <Input value={(edit[k] as string | undefined) ?? ''} onChange={(e) => set(k, e.target.value)} style={{ width: k === 'referenceRange' ? 140 : 120 }} data-testid={`edit-${k}`} />
          )}
        </label>
      ))}
      <Button
        size="small"
        type="primary"
        loading={saving}
        onClick={async () => {
          setSaving(true);
          try {
            await onSave(edit);
          } finally {
            setSaving(false);
          }
        }}
        data-testid="finding-save"
      >
        {t('reports.save')}
      </Button>
      <Button size="small" onClick={onCancel}>{t('reports.cancel')}</Button>
    </div>
  );
}
FindingEditor.edits = (f: DocumentFinding) => (FIELDS[f.kind] ?? []).length > 0;

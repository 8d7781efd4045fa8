import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LabEntry, SurveyQuestion } from '@oncodesk/shared/contracts';

/**
 * Laboratory values: pick a test, type its value in the report's unit, and the laboratory's upper limit
 * of normal when a trial compares against it ("≤ 1.5 × ULN"). The server checks the unit and that the
 * value is possible, and compares it with each protocol threshold in the protocol's own unit.
 */
export function LabsInput({ question, value, onChange }: { question: SurveyQuestion; value: LabEntry[]; onChange: (v: LabEntry[]) => void }) {
  const { t } = useTranslation('trials');
  const analytes = question.analytes ?? [];
  const byKey = new Map(analytes.map((a) => [a.key, a]));
  const change = (i: number, patch: Partial<LabEntry>) => onChange(value.map((e, j) => (j === i ? { ...e, ...patch } : e)));
  const free = analytes.filter((a) => !value.some((e) => e.analyte === a.key));
  return (
    <div data-testid="answer-labs">
      <div role="list" aria-label={question.text} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        {value.map((e, i) => {
          const a = byKey.get(e.analyte);
          return (
            <div key={e.analyte} role="listitem" data-testid="lab-row" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }}>
              <Typography.Text strong style={{ minWidth: 150 }} data-testid="lab-name">{a?.label ?? e.analyte}</Typography.Text>
              <InputNumber aria-label={t('labs.value')} value={e.value} onChange={(v) => change(i, { value: v === null ? (undefined as unknown as number) : Number(v) })} style={{ width: 110 }} data-testid="lab-value" />
              <Select
                aria-label={t('labs.unit')}
                value={e.unit}
                onChange={(u) => change(i, { unit: u })}
                options={(a?.units ?? []).map((u) => ({ value: u.value, label: u.label }))}
                style={{ width: 150 }}
                data-testid="lab-unit"
              />
              <InputNumber aria-label={t('labs.uln')} prefix={<span style={{ color: '#888', fontSize: 12 }}>{t('labs.uln')}</span>} value={e.uln} min={0} onChange={(v) => change(i, { uln: v === null ? undefined : Number(v) })} style={{ width: 130 }} data-testid="lab-uln" />
              <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('labs.remove', { name: a?.label ?? e.analyte })} onClick={() => onChange(value.filter((_, j) => j !== i))} />
            </div>
          );
        })}
      </div>
      {free.length > 0 && (
        <Select
          showSearch
          value={null}
          placeholder={t('labs.add')}
          optionFilterProp="label"
          options={free.map((a) => ({ value: a.key, label: a.label }))}
          onChange={(key: string) => onChange([...value, { analyte: key, value: undefined as unknown as number, unit: byKey.get(key)!.units[0].value }])}
          style={{ width: 280, maxWidth: '100%', marginTop: 8 }}
          data-testid="lab-add"
        />
      )}
    </div>
  );
}

import Button from 'antd/es/button';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { sameUnit, type LabEntry, type SurveyQuestion } from '@oncodesk/shared/contracts';
import { LocaleNumberInput } from './LocaleNumberInput';

type Analyte = NonNullable<SurveyQuestion['analytes']>[number];
/** The unit of an analyte a typed unit is ("umol/l", "µmol/L", "x10^9/L"), if it is one of its units. */
const unitOf = (a: Analyte | undefined, typed: string | undefined) => (typed ? a?.units.find((u) => sameUnit(typed, u.value) || sameUnit(typed, u.label))?.value : undefined);

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
              <LocaleNumberInput
                aria-label={t('labs.value')}
                value={typeof e.value === 'number' ? e.value : undefined}
                // a unit typed after the value ("88 µmol/L") chooses the unit
                onChange={(n, _text, typed) => change(i, { value: n as number, ...(unitOf(a, typed) ? { unit: unitOf(a, typed) } : {}) })}
                plausible={(n, typed) => {
                  const range = a?.units.find((u) => u.value === (unitOf(a, typed) ?? e.unit))?.plausible;
                  return !range || (n >= range[0] && n <= range[1]);
                }}
                acceptUnit={(typed) => a?.units.find((x) => x.value === unitOf(a, typed))?.label}
                unit={a?.units.find((u) => u.value === e.unit)?.label}
                unitSuffix={false}
                style={{ width: 150 }}
                data-testid="lab-value"
              />
              <Select
                aria-label={t('labs.unit')}
                value={e.unit}
                onChange={(u) => change(i, { unit: u })}
                options={(a?.units ?? []).map((u) => ({ value: u.value, label: u.label }))}
                style={{ width: 150 }}
                data-testid="lab-unit"
              />
              <LocaleNumberInput
                aria-label={t('labs.uln')}
                prefix={<span style={{ color: '#888', fontSize: 12 }}>{t('labs.uln')}</span>}
                value={e.uln}
                onChange={(n) => change(i, { uln: n })}
                // the upper limit of normal is a value of the same test in the same unit
                plausible={(n) => {
                  const range = a?.units.find((u) => u.value === e.unit)?.plausible;
                  return n > 0 && (!range || n <= range[1]);
                }}
                style={{ width: 150 }}
                data-testid="lab-uln"
              />
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

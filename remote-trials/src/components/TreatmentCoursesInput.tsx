import Button from 'antd/es/button';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BestResponse, TreatmentSetting, type FocusArea, type TreatmentCourse } from '@oncodesk/shared/contracts';
import { AutocompleteInput, labelOf } from './AutocompleteInput';
import { LocaleNumberInput } from './LocaleNumberInput';

type Item = string | TreatmentCourse;
const courseOf = (item: Item): TreatmentCourse => (typeof item === 'string' ? { value: item } : item);
/** A course with nothing but its treatment is stored as the plain answer, as the server does. */
const compact = (c: TreatmentCourse): Item => (Object.values(c).filter((v) => v !== undefined).length > 1 ? c : c.value);

/**
 * Prior treatments with their course: the drugs autocomplete adds a drug, class or regimen; each one
 * then takes when it was given, its line for metastatic disease, the best response and whether the
 * disease progressed on it. Anything left empty stays unknown. The server validates (a line outside
 * the metastatic setting is refused with its message).
 */
export function TreatmentCoursesInput({ focusArea, value, onChange }: { focusArea: FocusArea; value: Item[] | undefined; onChange: (v: Item[] | undefined) => void }) {
  const { t } = useTranslation('trials');
  const courses = (value ?? []).map(courseOf);
  const emit = (next: TreatmentCourse[]) => onChange(next.length ? next.map(compact) : undefined);
  const change = (i: number, patch: Partial<TreatmentCourse>) => {
    const next = courses.map((c, j) => (j === i ? { ...c, ...patch } : c));
    // a line belongs to the metastatic setting: choosing another setting clears it
    if (patch.setting && patch.setting !== 'metastatic') next[i] = { ...next[i], line: undefined };
    emit(next);
  };
  const added = (values: string[]) => emit(values.map((v) => courses.find((c) => c.value === v) ?? { value: v }));

  return (
    <div data-testid="answer-courses">
      <AutocompleteInput source="drugs" multiple focusArea={focusArea} value={courses.map((c) => c.value)} onChange={(v) => added(Array.isArray(v) ? v : [])} hideItems />
      <div style={{ display: 'flex', flexDirection: 'column', gap: 8, marginTop: 8 }} role="list" aria-label={t('courses.listLabel')}>
        {courses.map((c, i) => (
          <div key={c.value} role="listitem" data-testid="course-row" style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }}>
            <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
              <Typography.Text strong data-testid="course-name">{labelOf(c.value)}</Typography.Text>
              <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('courses.remove', { name: labelOf(c.value) })} onClick={() => emit(courses.filter((_, j) => j !== i))} data-testid="course-remove" />
            </div>
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 4 }}>
              <Select<TreatmentCourse['setting']>
                allowClear
                placeholder={t('courses.setting')}
                aria-label={t('courses.setting')}
                value={c.setting}
                onChange={(v) => change(i, { setting: v ?? undefined })}
                options={TreatmentSetting.options.map((s) => ({ value: s, label: <span data-testid={`setting-${s}`}>{t(`courses.settings.${s}`)}</span> }))}
                style={{ minWidth: 160 }}
                data-testid="course-setting"
              />
              {(c.setting === 'metastatic' || c.line !== undefined) && (
                <LocaleNumberInput
                  // no range check here: the server refuses an impossible line with its message rather than the input changing it
                  aria-label={t('courses.line')}
                  value={c.line}
                  onChange={(n, text) => change(i, { line: n ?? (text?.trim() ? Number.NaN : undefined) })}
                  prefix={t('courses.linePrefix')}
                  style={{ width: 130 }}
                  data-testid="course-line"
                />
              )}
              <Select<TreatmentCourse['response']>
                allowClear
                placeholder={t('courses.response')}
                aria-label={t('courses.response')}
                value={c.response}
                onChange={(v) => change(i, { response: v ?? undefined })}
                options={BestResponse.options.map((r) => ({ value: r, label: <span data-testid={`response-${r}`}>{t(`courses.responses.${r}`)}</span> }))}
                style={{ minWidth: 180 }}
                data-testid="course-response"
              />
              <Select<TreatmentCourse['progressed']>
                allowClear
                placeholder={t('courses.progressed')}
                aria-label={t('courses.progressed')}
                value={c.progressed}
                onChange={(v) => change(i, { progressed: v ?? undefined })}
                options={(['yes', 'no'] as const).map((p) => ({ value: p, label: <span data-testid={`progressed-${p}`}>{t(`courses.progressedAnswers.${p}`)}</span> }))}
                style={{ minWidth: 190 }}
                data-testid="course-progressed"
              />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

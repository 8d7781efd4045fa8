import Checkbox from 'antd/es/checkbox';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Typography from 'antd/es/typography';
import { sameUnit, type AnswerValue, type FocusArea, type LabEntry, type SurveyQuestion, type TreatmentCourse } from '@oncodesk/shared/contracts';
import { LocaleNumberInput } from './LocaleNumberInput';
import { LabsInput } from './LabsInput';
import { AutocompleteInput } from './AutocompleteInput';
import { LocationInput } from './LocationInput';
import { TreatmentCoursesInput } from './TreatmentCoursesInput';

export interface QuestionInputProps {
  question: SurveyQuestion;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue | undefined) => void;
  focusArea: FocusArea;
  patientId: string;
  /** Location answers are saved by the input itself (they need the search session); it reports the label. */
  onLocationSaved?: (label: string) => void;
  locationLabel?: string;
  onSubmit?: () => void;
}

const today = () => new Date().toISOString().slice(0, 10);

/** One survey answer control per answer type. */
export function QuestionInput({ question: q, value, onChange, focusArea, patientId, onLocationSaved, locationLabel, onSubmit }: QuestionInputProps) {
  switch (q.type) {
    case 'single_choice':
      return (
        <Radio.Group value={value} onChange={(e) => onChange(e.target.value)} style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="answer-single">
          {(q.options ?? []).map((o) => (
            <Radio key={o.value} value={o.value} data-testid={`option-${o.value}`}>
              <span>{o.label}</span>
              {o.description && <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }} data-testid={`option-description-${o.value}`}>{o.description}</Typography.Text>}
            </Radio>
          ))}
        </Radio.Group>
      );
    case 'multiple_choice':
      return (
        <Checkbox.Group value={Array.isArray(value) ? (value as string[]) : []} onChange={(v) => onChange(v as string[])} style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="answer-multiple">
          {(q.options ?? []).map((o) => (
            <Checkbox key={o.value} value={o.value} data-testid={`option-${o.value}`}>{o.label}</Checkbox>
          ))}
        </Checkbox.Group>
      );
    case 'number': {
      const { min, max, integer } = q.validation;
      return (
        <LocaleNumberInput
          value={typeof value === 'number' ? value : undefined}
          // a text that is no single number goes to the server as typed: it reads it with the same parser
          // and answers why (a limit, a range, "1,300" that could be 1.3 or 1300) in the user's language.
          // No clamping either: 158 stays 158 for the survey to refuse with its message.
          onChange={(n, text) => onChange(n ?? (text?.trim() ? text : undefined))}
          unit={q.unit}
          plausible={(n) => (min === undefined || n >= min) && (max === undefined || n <= max) && (!integer || Number.isInteger(n))}
          acceptUnit={(u) => (q.unit && sameUnit(u, q.unit) ? q.unit : undefined)}
          onPressEnter={onSubmit}
          aria-label={q.text}
          data-testid="answer-number"
        />
      );
    }
    case 'date':
      return <Input type="date" aria-label={q.text} value={typeof value === 'string' ? value : ''} min={q.validation.minDate} max={today()} onChange={(e) => onChange(e.target.value || undefined)} style={{ width: 200 }} data-testid="answer-date" />;
    case 'autocomplete': {
      // a list that may be empty offers "none": answered, with nothing in it (an empty list is unanswered)
      const none = q.options?.find((o) => o.value === 'none');
      const isNone = Array.isArray(value) && value.length === 1 && value[0] === 'none';
      const input = isNone ? null : q.autocomplete!.courses ? (
        <TreatmentCoursesInput focusArea={focusArea} value={Array.isArray(value) ? (value as Array<string | TreatmentCourse>) : undefined} onChange={onChange} />
      ) : (
        <AutocompleteInput label={q.text} source={q.autocomplete!.source} multiple={q.autocomplete!.multiple} focusArea={focusArea} value={value as string | string[] | undefined} onChange={onChange} />
      );
      if (!none) return input;
      return (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          {input}
          <Checkbox checked={isNone} onChange={(e) => onChange(e.target.checked ? ['none'] : undefined)} data-testid="answer-none">
            {none.label}
          </Checkbox>
        </div>
      );
    }
    case 'labs':
      return <LabsInput question={q} value={Array.isArray(value) ? (value as LabEntry[]) : []} onChange={(v) => onChange(v.length ? v : undefined)} />;
    case 'location':
      return <LocationInput patientId={patientId} focusArea={focusArea} label={locationLabel} onSaved={(label) => onLocationSaved?.(label)} />;
  }
}

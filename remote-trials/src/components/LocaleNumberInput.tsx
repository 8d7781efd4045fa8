import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { formatNumber, numberLocaleOf, parseTypedNumber, type TypedNumber } from '@oncodesk/shared/contracts';

export interface LocaleNumberInputProps {
  value: number | undefined;
  /**
   * The number the text stands for; `text` is the typed text when it stands for no single number yet
   * (a limit, a range, an ambiguous "1,300", a word): callers that let the server judge send it as typed.
   */
  onChange: (value: number | undefined, text?: string, typedUnit?: string) => void;
  /** The unit the value is stored in, shown in the preview and (unless `unitSuffix` is false) after the input. */
  unit?: string;
  unitSuffix?: boolean;
  /** Values a human can have: of the two readings of "1,300", the one that fits is meant. */
  plausible?: (n: number, typedUnit?: string) => boolean;
  /** A unit typed after the number: the unit it is (display form) when the caller takes it, else undefined. */
  acceptUnit?: (typed: string) => string | undefined;
  onPressEnter?: () => void;
  prefix?: ReactNode;
  style?: CSSProperties;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * A number typed the way the interface language writes it ("1,3" in Italian is 1.3; antd's InputNumber
 * drops the comma and reads 13), read by the shared parser the server also uses. It shows the value as
 * it will be stored ("= 1,3 mg/dL"), asks which one is meant when the text is ambiguous, and says why a
 * limit ("< 0,1"), a range or a word is not a value.
 */
export function LocaleNumberInput({ value: given, onChange, unit, unitSuffix = true, plausible, acceptUnit, onPressEnter, prefix, style, 'aria-label': ariaLabel, 'data-testid': testId = 'number-input' }: LocaleNumberInputProps) {
  const { t, i18n } = useTranslation('trials');
  const locale = numberLocaleOf(i18n.language);
  // NaN stands for a text that is no number (the caller keeps it so that it cannot be saved): keep the text
  const value = typeof given === 'number' && Number.isFinite(given) ? given : undefined;
  const [text, setText] = useState(value === undefined ? '' : formatNumber(value, locale));
  const [reading, setReading] = useState<TypedNumber>(() => (value === undefined ? { status: 'empty' } : { status: 'ok', value }));
  const [unitShown, setUnitShown] = useState<string | undefined>(undefined);
  const [unitRefused, setUnitRefused] = useState<string | null>(null);
  const emitted = useRef<number | undefined>(value);

  // a value set from outside (a report finding, a reload) replaces the text
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setText(value === undefined ? '' : formatNumber(value, locale));
    setReading(value === undefined ? { status: 'empty' } : { status: 'ok', value });
    setUnitShown(undefined);
    setUnitRefused(null);
  }, [value, locale]);

  const emit = (n: number | undefined, raw?: string, typedUnit?: string) => {
    emitted.current = n;
    onChange(n, raw, typedUnit);
  };

  const read = (raw: string) => {
    setText(raw);
    const first = parseTypedNumber(raw, locale);
    const typedUnit = first.status === 'ok' || first.status === 'ambiguous' ? first.unit : undefined;
    const taken = typedUnit ? acceptUnit?.(typedUnit) : undefined;
    setUnitShown(taken);
    setUnitRefused(typedUnit && !taken ? typedUnit : null);
    const r = plausible ? parseTypedNumber(raw, locale, (n) => plausible(n, taken)) : first;
    setReading(r);
    if (r.status === 'empty') return emit(undefined);
    if (r.status === 'ok' && !(typedUnit && !taken)) return emit(r.value, undefined, typedUnit);
    emit(undefined, raw);
  };

  const choose = (n: number) => {
    setText(formatNumber(n, locale) + (unitShown ? ` ${unitShown}` : ''));
    setReading({ status: 'ok', value: n });
    const typedUnit = parseTypedNumber(text, locale);
    emit(n, undefined, typedUnit.status === 'ambiguous' ? typedUnit.unit : undefined);
  };

  const shownUnit = unitShown ?? unit;
  const withUnit = (n: number) => `${formatNumber(n, locale)}${shownUnit ? ` ${shownUnit}` : ''}`;
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', gap: 2, maxWidth: '100%' }}>
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        <Input
          value={text}
          inputMode="decimal"
          autoComplete="off"
          aria-label={ariaLabel}
          aria-invalid={reading.status === 'invalid' || reading.status === 'ambiguous' || unitRefused !== null}
          prefix={prefix}
          suffix={unit && unitSuffix ? <span style={{ color: '#666' }}>{unit}</span> : undefined}
          onChange={(e) => read(e.target.value)}
          onPressEnter={onPressEnter}
          style={{ width: 200, maxWidth: '100%', ...style }}
          data-testid={testId}
        />
        {reading.status === 'ok' && !unitRefused && (
          <Typography.Text type="secondary" data-testid={`${testId}-preview`}>
            = {withUnit(reading.value)}
          </Typography.Text>
        )}
      </span>
      {reading.status === 'ambiguous' && (
        <span role="group" aria-label={t('numbers.which', { text: text.trim() })} style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 4 }} data-testid={`${testId}-ambiguous`}>
          <Typography.Text type="warning">{t('numbers.which', { text: text.trim() })}</Typography.Text>
          {reading.candidates.map((n) => (
            <Button key={n} size="small" onClick={() => choose(n)} data-testid={`${testId}-choice`}>
              {withUnit(n)}
            </Button>
          ))}
        </span>
      )}
      {reading.status === 'invalid' && (
        <Typography.Text type="danger" data-testid={`${testId}-error`}>
          {t(`common:errors.${reading.code}`)}
        </Typography.Text>
      )}
      {unitRefused && (
        <Typography.Text type="danger" data-testid={`${testId}-error`}>
          {t('numbers.unitRefused', { unit: unitRefused })}
        </Typography.Text>
      )}
    </span>
  );
}

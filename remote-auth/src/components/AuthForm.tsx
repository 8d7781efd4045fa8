import { cloneElement, useId, type FormEvent, type ReactElement, type ReactNode } from 'react';

/**
 * The sign-in, sign-up and recovery forms: a native form and labelled fields styled as antd's vertical
 * form. These screens validate with the shared contracts themselves, so antd Form (its store and async
 * validator, ~20 KB gzip) would only add weight to the first page every visitor loads.
 */
/** `onIntent`: the visitor is heading for the form (pointer over it, or a field focused): load what submit needs. */
export function AuthForm({ onFinish, onIntent, children }: { onFinish: () => void; onIntent?: () => void; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFinish();
  };
  return (
    <form onSubmit={submit} onPointerEnter={onIntent} onFocus={onIntent} noValidate>
      {children}
    </form>
  );
}

const tone = { error: '#ff4d4f', success: '#52c41a' } as const;

interface AuthFieldProps {
  label: ReactNode;
  validateStatus?: 'error' | 'success';
  /** The message under the field (an error, or a confirmation). */
  help?: ReactNode;
  /** A hint shown under the field when there is no message. */
  extra?: ReactNode;
  /** One antd Input (or Input.Password): it gets the label's id, the status and the described-by link. */
  children: ReactElement<Record<string, unknown>>;
}

export function AuthField({ label, validateStatus, help, extra, children }: AuthFieldProps) {
  const id = useId();
  const note = help ?? extra;
  const noteId = note ? `${id}-note` : undefined;
  return (
    <div style={{ marginBottom: 20 }}>
      <label htmlFor={id} style={{ display: 'block', paddingBottom: 8, fontSize: 14, lineHeight: 1.5714, color: 'rgba(0,0,0,0.88)' }}>
        {label}
      </label>
      {cloneElement(children, {
        id,
        status: validateStatus === 'error' ? 'error' : undefined,
        'aria-invalid': validateStatus === 'error' || undefined,
        'aria-describedby': noteId,
      })}
      {note && (
        <div id={noteId} role={validateStatus === 'error' ? 'alert' : undefined} style={{ marginTop: 4, fontSize: 14, lineHeight: 1.5714, color: help && validateStatus ? tone[validateStatus] : 'rgba(0,0,0,0.45)' }}>
          {note}
        </div>
      )}
    </div>
  );
}

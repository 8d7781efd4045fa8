import type { CSSProperties, Key, LiHTMLAttributes, ReactNode } from 'react';
import theme from 'antd/es/theme';

/** Attributes a row may carry besides its content (test ids, data-*). */
type RowAttributes = LiHTMLAttributes<HTMLLIElement> & { [data: `data-${string}`]: string | number | undefined };

export interface RowListProps<T> {
  items: readonly T[];
  renderRow(item: T, index: number): ReactNode;
  /** Default: the index (the lists are re-rendered whole, never reordered in place). */
  rowKey?(item: T, index: number): Key;
  rowProps?(item: T, index: number): RowAttributes;
  /** Added to each row's style (e.g. a flex layout). */
  rowStyle?: CSSProperties;
  /** 'small': rows padded on all sides, as antd List size="small"; default: vertical padding only. */
  size?: 'default' | 'small';
  /** Shown instead of the list when there are no items: text in List's empty style, or an element. */
  empty?: ReactNode;
  /** On the list, or on the empty text when that is shown. */
  'data-testid'?: string;
  'aria-labelledby'?: string;
}

/**
 * Rows separated by a line, with antd List's spacing and empty text, as a real ul/li list. antd's
 * List is deprecated and its successor Listy is a virtualized list of divs without list semantics,
 * which these short lists need neither of.
 */
export function RowList<T>({ items, renderRow, rowKey, rowProps, rowStyle, size = 'default', empty, 'data-testid': testId, 'aria-labelledby': labelledBy }: RowListProps<T>) {
  const { token } = theme.useToken();
  if (items.length === 0 && empty !== undefined) {
    if (typeof empty !== 'string') return <div data-testid={testId}>{empty}</div>;
    return (
      <div data-testid={testId} style={{ padding: token.padding, color: token.colorTextDisabled, textAlign: 'center' }}>
        {empty}
      </div>
    );
  }
  const padding = size === 'small' ? `${token.paddingContentVerticalSM}px ${token.paddingContentHorizontal}px` : `${token.paddingContentVertical}px 0`;
  const separator = `${token.lineWidth}px ${token.lineType} ${token.colorSplit}`;
  return (
    <ul role="list" data-testid={testId} aria-labelledby={labelledBy} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
      {items.map((item, i) => (
        <li key={rowKey ? rowKey(item, i) : i} {...rowProps?.(item, i)} style={{ padding, borderBlockEnd: i < items.length - 1 ? separator : undefined, ...rowStyle }}>
          {renderRow(item, i)}
        </li>
      ))}
    </ul>
  );
}

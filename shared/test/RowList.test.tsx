import { render, screen, within } from '@testing-library/react';
import { RowList } from '../src/ui/RowList';

describe('RowList', () => {
  it('is a labelled list of rows with a line between rows, not after the last', () => {
    render(
      <>
        <h5 id="title">Shared with</h5>
        <RowList items={['ana', 'bo', 'cy']} aria-labelledby="title" data-testid="people" rowProps={(p) => ({ 'data-testid': `row-${p}` })} renderRow={(p) => <span>{p}</span>} />
      </>,
    );
    const list = screen.getByRole('list', { name: 'Shared with' });
    expect(list).toHaveAttribute('data-testid', 'people');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['ana', 'bo', 'cy']);
    expect(rows[0]).toHaveAttribute('data-testid', 'row-ana');
    expect(rows[0].style.borderBlockEnd).not.toBe('');
    expect(rows[1].style.borderBlockEnd).not.toBe('');
    expect(rows[2].style.borderBlockEnd).toBe('');
  });

  it('shows the empty text (with the test id) instead of an empty list, or an empty list when none is given', () => {
    const { rerender } = render(<RowList items={[]} data-testid="people" empty="Not shared yet" renderRow={() => null} />);
    expect(screen.getByTestId('people')).toHaveTextContent('Not shared yet');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    rerender(<RowList items={[]} data-testid="people" renderRow={() => null} />);
    expect(screen.getByRole('list')).toBeEmptyDOMElement();
  });

  it('pads rows on all sides when small, and lets a row style override', () => {
    render(<RowList items={['a']} size="small" rowStyle={{ display: 'flex' }} renderRow={(x) => x} />);
    const row = screen.getByRole('listitem');
    expect(row.style.display).toBe('flex');
    expect(row.style.padding.split(' ')).toHaveLength(2);
    expect(row.style.padding.endsWith(' 0px')).toBe(false);
  });
});

import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataTable } from './data-table';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const parts = [
  { id: 'p1', name: 'Brake pad set', stock: 4 },
  { id: 'p2', name: 'Torque wrench', stock: 0 },
];

function render(cards?: boolean) {
  act(() =>
    root.render(
      <DataTable
        label="Parts"
        testId="parts"
        cards={cards}
        rows={parts}
        rowKey={(p) => p.id}
        rowProps={(p) => ({ 'data-part-id': p.id })}
        columns={[
          { header: '#', rowHeader: true, cell: (_, index) => index + 1 },
          { header: 'Part', cell: (p) => p.name },
          { header: 'Stock', className: 'tabular-nums', cell: (p) => p.stock },
          { cell: (p) => <button type="button">Edit {p.name}</button> },
        ]}
      />,
    ),
  );
}

describe('the data table', () => {
  it('scrolls in a focusable region named for what it holds', () => {
    render();
    const region = container.querySelector('section');
    expect(region?.getAttribute('aria-label')).toBe('Parts');
    expect(region?.getAttribute('tabindex')).toBe('0');
    expect(region?.querySelector('table')?.getAttribute('data-testid')).toBe('parts');
  });

  it('heads each column, the actions column for screen readers only', () => {
    render();
    const headers = [...container.querySelectorAll('thead th')];
    expect(headers.map((th) => th.getAttribute('scope'))).toEqual(['col', 'col', 'col', 'col']);
    expect(headers.map((th) => th.textContent)).toEqual(['#', 'Part', 'Stock', 'Actions']);
    expect(headers[3]?.querySelector('.sr-only')).not.toBeNull();
  });

  it('labels every cell with its column for the phone layout, one row per item', () => {
    render();
    const rows = [...container.querySelectorAll('tbody tr')];
    expect(rows.map((tr) => tr.getAttribute('data-part-id'))).toEqual(['p1', 'p2']);
    const cells = [...(rows[1]?.children ?? [])];
    expect(cells.map((c) => c.tagName)).toEqual(['TH', 'TD', 'TD', 'TD']);
    expect(cells[0]?.getAttribute('scope')).toBe('row');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['#', 'Part', 'Stock', null]);
    expect(cells.map((c) => c.textContent)).toEqual(['2', 'Torque wrench', '0', 'Edit Torque wrench']);
    expect(cells[2]?.className).toBe('tabular-nums');
  });

  it('turns rows into cards on a phone unless told not to', () => {
    render();
    expect(container.querySelector('table')?.className).toBe('table table-cards');
    render(false);
    expect(container.querySelector('table')?.className).toBe('table');
  });
});

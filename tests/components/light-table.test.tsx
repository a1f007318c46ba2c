import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataGrid, type Column } from '@/ui/data-grid';
import { columnIds, columnTrack } from '@/ui/light-table';

// The grid never gets ready here: what is read is the light table before the switch.
vi.mock('@/ui/ag-grid', () => ({ AgGrid: () => null }));

/**
 * Issue 41 §2: the light table draws a list from the columns AG Grid gets (src/ui/light-table.tsx),
 * and DataGrid shows it without loading the grid. The browser layer compares it with the grid
 * itself (tests/e2e/light-table.spec.ts); here the column model's rules, one by one.
 */

interface Row {
  id: number;
  name: string;
  amount: number;
}

const ROWS: Row[] = [
  { id: 1, name: 'Ana', amount: 5 },
  { id: 2, name: 'Beto', amount: 7 },
];

const COLUMNS: Column<Row>[] = [
  { headerName: 'Id', field: 'id', width: 60 },
  { headerName: 'Nombre', valueGetter: (p) => p.data?.name.toUpperCase(), cellClass: (p) => (p.value === 'ANA' ? 'text-red-700' : undefined) },
  { headerName: 'Monto', field: 'amount', valueFormatter: (p) => `${String(p.value)} USD`, flex: 1 },
  { headerName: 'Enlace', colId: 'link', cellRenderer: (p: { data: Row }) => <a href={`#/row/${p.data.id}`}>Fila {p.data.id}</a> },
];

describe('the light table', () => {
  it('sizes and names the columns as AG Grid does', () => {
    // AG Grid's ids: colId, else field, else a counter over the anonymous columns.
    expect(columnIds(COLUMNS)).toEqual(['id', '0', 'amount', 'link']);
    // A width within minWidth (the grid's default 80) and maxWidth; 200 when none; flex shares the rest.
    expect(columnTrack<Row>({ width: 60 }).track).toBe('80px');
    expect(columnTrack<Row>({ width: 60, minWidth: 56 }).track).toBe('60px');
    expect(columnTrack<Row>({}).track).toBe('200px');
    expect(columnTrack<Row>({ maxWidth: 90 }).track).toBe('90px');
    expect(columnTrack<Row>({ minWidth: 260 }).track).toBe('260px');
    expect(columnTrack<Row>({ flex: 2, minWidth: 120 })).toEqual({ track: 'minmax(120px, 2fr)', least: 120 });
  });

  it('draws the values, formatters, classes and renderers with the grid’s roles, and double-clicks a row', async () => {
    const opened = vi.fn();
    const user = userEvent.setup();
    render(<DataGrid<Row> label="Filas" rows={ROWS} columns={COLUMNS} getRowId={(r) => String(r.id)} onRowOpen={opened} csvName="filas.csv" />);
    const grid = within(screen.getByRole('region', { name: 'Filas' })).getByRole('grid', { name: 'Filas' });
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Id', 'Nombre', 'Monto', 'Enlace']);
    const rows = within(grid).getAllByRole('row');
    expect(rows.map((r) => r.getAttribute('aria-rowindex'))).toEqual(['1', '2', '3']);
    const cells = within(rows[1]!).getAllByRole('gridcell');
    expect(cells.map((c) => c.textContent)).toEqual(['1', 'ANA', '5 USD', 'Fila 1']);
    expect(cells.map((c) => `${c.getAttribute('aria-colindex')} ${c.getAttribute('col-id')}`)).toEqual(['1 id', '2 0', '3 amount', '4 link']);
    expect(cells[1]).toHaveClass('text-red-700');
    expect(within(cells[3]!).getByRole('link', { name: 'Fila 1' })).toHaveAttribute('href', '#/row/1');
    await user.dblClick(within(rows[2]!).getAllByRole('gridcell')[0]!);
    expect(opened).toHaveBeenCalledWith(ROWS[1]);
  });

  it('opens a row with Enter on its focused cell, never from a control of the row or a detail drawn across it', async () => {
    const opened = vi.fn();
    const user = userEvent.setup();
    const rows = [...ROWS, { id: 3, name: 'Detalle', amount: 0 }];
    render(
      <DataGrid<Row>
        label="Filas"
        rows={rows}
        columns={COLUMNS}
        getRowId={(r) => String(r.id)}
        onRowOpen={opened}
        isFullWidth={(r) => r.id === 3}
        fullWidthRenderer={({ data }) => <button type="button">Dentro {data.id}</button>}
        csvName="filas.csv"
      />,
    );
    const grid = screen.getByRole('grid', { name: 'Filas' });
    const cell = (row: number, column: number) => within(within(grid).getAllByRole('row')[row]!).getAllByRole('gridcell')[column]!;
    // A double-click on the row's link is the link's.
    await user.dblClick(within(cell(1, 3)).getByRole('link', { name: 'Fila 1' }));
    expect(opened).not.toHaveBeenCalled();
    await user.click(cell(1, 0));
    await user.keyboard('{ArrowDown}');
    expect(cell(2, 0)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledExactlyOnceWith(ROWS[1]);
    // Enter on the link inside a cell follows the link, not the row.
    within(cell(1, 3)).getByRole('link', { name: 'Fila 1' }).focus();
    await user.keyboard('{Enter}');
    // A detail row drawn across the width opens nothing, clicked twice or with Enter.
    await user.dblClick(screen.getByRole('button', { name: 'Dentro 3' }));
    screen.getByRole('button', { name: 'Dentro 3' }).focus();
    await user.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledOnce();
  });

  it('has one cell in the tab order and moves with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    render(<DataGrid<Row> label="Filas" rows={ROWS} columns={COLUMNS} getRowId={(r) => String(r.id)} csvName="filas.csv" />);
    const grid = screen.getByRole('grid', { name: 'Filas' });
    const cell = (row: number, column: number) => within(within(grid).getAllByRole('row')[row]!).getAllByRole('gridcell')[column]!;
    expect(within(grid).getAllByRole('gridcell').filter((c) => c.tabIndex === 0)).toEqual([cell(1, 0)]);
    await user.tab();
    await user.tab();
    expect(cell(1, 0)).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowRight}');
    expect(cell(2, 1)).toHaveFocus();
    await user.keyboard('{End}');
    expect(cell(2, 3)).toHaveFocus();
    await user.keyboard('{Home}{ArrowUp}');
    expect(cell(1, 0)).toHaveFocus();
    expect(within(grid).getAllByRole('gridcell').filter((c) => c.tabIndex === 0)).toEqual([cell(1, 0)]);
  });
});

import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ColumnDef } from '@tanstack/react-table';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import '../../support/router-polyfills';
import { AppProviders } from '../../../../web/src/app/providers';
import {
  DataTable,
  VIRTUAL_ROWS_FROM,
  type DataTableProps,
} from '../../../../web/src/components/data-table/data-table';

interface Trade {
  id: string;
  account: string;
  pnl: number;
  desk: string;
}

const trades: Trade[] = Array.from({ length: 23 }, (_, index) => ({
  id: `t${index + 1}`,
  account: `ACC-${String(index + 1).padStart(2, '0')}`,
  pnl: (index % 5) * 100 - 200,
  desk: index % 2 === 0 ? 'North' : 'South',
}));

const columns: ColumnDef<Trade>[] = [
  { id: 'account', header: 'Account', accessorKey: 'account' },
  { id: 'pnl', header: 'PnL', accessorKey: 'pnl', meta: { numeric: true } },
  { id: 'desk', header: 'Desk', accessorKey: 'desk' },
  { id: 'actions', header: 'Actions', enableSorting: false, cell: () => <button>Edit</button> },
];

/** The table on its own route, so its URL state can be read back and reloaded. */
function renderTable(props: Partial<DataTableProps<Trade>>, path = '/list') {
  const tables = (
    <DataTable
      label="Trades"
      data={trades}
      columns={columns}
      getRowId={(row) => row.id}
      {...props}
    />
  );
  const router = createMemoryRouter(
    [
      { path: '/list', element: tables },
      { path: '/elsewhere', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const table = (name = 'Trades') => screen.getByRole('table', { name });
const bodyRows = (name?: string) => within(table(name)).getAllByRole('row').slice(1);
const firstCells = (name?: string) =>
  bodyRows(name).map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('DataTable', () => {
  it('sorts in the browser with the sort in the URL, and a new sort starts on page 1', async () => {
    const user = userEvent.setup();
    const router = renderTable({ paging: true }, '/list?page=2');
    await user.click(screen.getByRole('button', { name: /PnL/ }));
    expect(router.state.location.search).toBe('?sort=pnl');
    expect(screen.getByRole('columnheader', { name: /PnL/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(within(bodyRows()[0]!).getAllByRole('cell')[1]).toHaveTextContent('-200');
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('button', { name: /Desk/ }));
    await user.keyboard('{/Shift}');
    expect(router.state.location.search).toBe('?sort=pnl%2Cdesk');
  });

  it('shows a default order left out of the URL, which a click flips but cannot clear', async () => {
    const user = userEvent.setup();
    const router = renderTable({ defaultSorting: [{ id: 'pnl', desc: true }], multiSort: false });
    expect(within(bodyRows()[0]!).getAllByRole('cell')[1]).toHaveTextContent('200');
    await user.click(screen.getByRole('button', { name: /PnL/ }));
    expect(router.state.location.search).toBe('?sort=pnl');
    await user.click(screen.getByRole('button', { name: /PnL/ }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('columnheader', { name: /PnL/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('leaves the order to the server with manual sorting: a click only writes the URL', async () => {
    const user = userEvent.setup();
    const router = renderTable({ manualSorting: true });
    await user.click(screen.getByRole('button', { name: /PnL/ }));
    expect(router.state.location.search).toBe('?sort=pnl');
    expect(firstCells().slice(0, 3)).toEqual(['ACC-01', 'ACC-02', 'ACC-03']);
  });

  it('pages with the page and its size in the URL, kept across a reload and a return', async () => {
    const user = userEvent.setup();
    const router = renderTable({ paging: { pageSizes: true } });
    expect(bodyRows()).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(firstCells()[0]).toBe('ACC-11');
    await user.selectOptions(screen.getByLabelText('Trades rows per page'), '25');
    expect(router.state.location.search).toBe('?pageSize=25');
    expect(bodyRows()).toHaveLength(23);

    await act(() => router.navigate('/list?page=3'));
    expect(await screen.findByText('Page 3 of 3')).toBeVisible();
    expect(firstCells()).toEqual(['ACC-21', 'ACC-22', 'ACC-23']);
    await act(() => router.navigate('/elsewhere'));
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Page 3 of 3')).toBeVisible();
  });

  it('shows the page the server sent and pages through the server’s row count', async () => {
    const user = userEvent.setup();
    const router = renderTable({ paging: { rowCount: 95, pageSize: 25 } });
    expect(bodyRows()).toHaveLength(23);
    expect(screen.getByText('Page 1 of 4')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByText('26–50 of 95')).toBeVisible();
  });

  it('clamps a page past the end to the last page', () => {
    renderTable({ paging: true }, '/list?page=99');
    expect(screen.getByText('Page 3 of 3')).toBeVisible();
  });

  it('keeps the groups of one screen apart by key; their shared sort and size start every group on page 1', async () => {
    const user = userEvent.setup();
    const twoTables = (
      <>
        <DataTable
          label="North"
          data={trades.filter((t) => t.desk === 'North')}
          columns={columns}
          getRowId={(row) => row.id}
          urlKey="north"
          grouped
          paging={{ pageSizes: true }}
        />
        <DataTable
          label="South"
          data={trades.filter((t) => t.desk === 'South')}
          columns={columns}
          getRowId={(row) => row.id}
          urlKey="south"
          grouped
          paging={{ pageSizes: true }}
        />
      </>
    );
    const router = createMemoryRouter([{ path: '/list', element: twoTables }], {
      initialEntries: ['/list'],
    });
    render(
      <AppProviders queryClient={new QueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const northPager = screen.getByRole('navigation', { name: 'North pages' });
    await user.click(within(northPager).getByRole('button', { name: 'Next' }));
    const southPager = screen.getByRole('navigation', { name: 'South pages' });
    await user.click(within(southPager).getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?north.page=2&south.page=2');
    expect(firstCells('North')[0]).toBe('ACC-21');

    await user.click(within(table('South')).getByRole('button', { name: /Account/ }));
    expect(router.state.location.search).toBe('?sort=account');
    expect(within(table('North')).getByRole('columnheader', { name: /Account/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.click(within(southPager).getByRole('button', { name: 'Next' }));
    await user.selectOptions(screen.getByLabelText('North rows per page'), '25');
    expect(router.state.location.search).toBe('?sort=account&pageSize=25');
    expect(screen.getByLabelText('South rows per page')).toHaveValue('25');
  });

  it('opens the page of a highlighted row when the URL names none, and marks it', () => {
    renderTable({ paging: true, highlightedRowId: 't15' });
    expect(screen.getByText('Page 2 of 3')).toBeVisible();
    const marked = bodyRows().find((row) => row.getAttribute('aria-current') === 'true');
    expect(marked).toHaveTextContent('ACC-15');
  });

  it('shows and hides a row’s details under it', async () => {
    const user = userEvent.setup();
    renderTable({ renderExpanded: (row) => <p>Details of {row.account}</p> });
    expect(screen.getAllByRole('columnheader')[0]).toHaveTextContent('Details');
    const [first] = screen.getAllByRole('button', { name: 'Show details' });
    await user.click(first!);
    expect(screen.getByText('Details of ACC-01')).toBeVisible();
    expect(first).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Hide details' }));
    expect(screen.queryByText('Details of ACC-01')).toBeNull();
  });

  it('groups rows under a heading row per group, in their sorted order', async () => {
    const user = userEvent.setup();
    renderTable({
      groupBy: (row) => row.desk,
      groupTitle: (desk, rows) => `${desk} desk (${rows})`,
    });
    const headings = within(table()).getAllByRole('columnheader', { name: /desk \(/ });
    expect(headings.map((cell) => cell.textContent)).toEqual([
      'North desk (12)',
      'South desk (11)',
    ]);
    await user.click(screen.getByRole('button', { name: /Desk/ }));
    await user.click(screen.getByRole('button', { name: /Desk/ }));
    const again = within(table()).getAllByRole('columnheader', { name: /desk \(/ });
    expect(again.map((cell) => cell.textContent)).toEqual(['South desk (11)', 'North desk (12)']);
  });

  it('renders only the rows in view of a long unpaged list', async () => {
    const many = Array.from({ length: VIRTUAL_ROWS_FROM + 700 }, (_, index) => ({
      id: `m${index}`,
      account: `M-${index}`,
      pnl: index,
      desk: 'North',
    }));
    // jsdom lays nothing out: the frame is given a browser's height.
    const height = jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    renderTable({ data: many });
    await screen.findByText('M-0');
    height.mockRestore();
    const rendered = bodyRows().filter((row) => within(row).queryAllByRole('cell').length > 0);
    expect(rendered.length).toBeGreaterThan(10);
    expect(rendered.length).toBeLessThan(100);
  });

  it('keeps the first column and the actions in view while the others scroll', () => {
    renderTable({});
    const [first, , , actions] = within(bodyRows()[0]!).getAllByRole('cell');
    expect(first).toHaveAttribute('data-sticky', 'start');
    expect(actions).toHaveAttribute('data-sticky', 'end');
    expect(screen.getByRole('columnheader', { name: 'Desk' })).not.toHaveAttribute('data-sticky');
  });

  it('hides columns through the column chooser, never the first column or the actions', async () => {
    const user = userEvent.setup();
    renderTable({ columnChooser: true });
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const chooser = screen.getByRole('group', { name: 'Trades columns' });
    expect(
      within(chooser)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['PnL', 'Desk']);
    await user.click(within(chooser).getByText('Desk'));
    expect(screen.queryByRole('columnheader', { name: /Desk/ })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
  });

  it('shows a compact table in its given order, ignoring another table’s sort in the URL', () => {
    renderTable({ compact: true }, '/list?sort=-account');
    expect(firstCells().slice(0, 2)).toEqual(['ACC-01', 'ACC-02']);
    expect(within(table()).queryAllByRole('button', { name: /Account|PnL|Desk/ })).toEqual([]);
    expect(screen.getByRole('columnheader', { name: 'Account' })).not.toHaveAttribute('aria-sort');
    expect(screen.queryByRole('navigation')).toBeNull();
    // Nothing in it takes focus, so its frame does: a keyboard can scroll it at 390 px.
    expect(table().parentElement).toHaveAttribute('tabindex', '0');
  });

  it('says its empty text instead of an empty table, and shows the rows when there are some', () => {
    renderTable({ compact: true, data: [], empty: 'No trades yet.' });
    expect(screen.getByText('No trades yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows its rows, not the empty text, when there are some', () => {
    renderTable({ compact: true, empty: 'No trades yet.' });
    expect(firstCells()[0]).toBe('ACC-01');
    expect(screen.queryByText('No trades yet.')).toBeNull();
  });

  it('keeps an empty table without an empty text', () => {
    renderTable({ compact: true, data: [] });
    expect(table()).toBeInTheDocument();
  });

  it('keeps a sortable table’s frame out of the tab order: its sort buttons take focus', () => {
    renderTable({});
    expect(table().parentElement).not.toHaveAttribute('tabindex');
  });

  it('hands the toolbar every row in the table order, across pages', async () => {
    const user = userEvent.setup();
    const seen: string[][] = [];
    renderTable({
      paging: true,
      toolbar: (rows) => {
        seen.push(rows.map((row) => row.account));
        return null;
      },
    });
    await user.click(screen.getByRole('button', { name: /Account/ }));
    await user.click(screen.getByRole('button', { name: /Account/ }));
    expect(seen.at(-1)).toHaveLength(23);
    expect(seen.at(-1)?.[0]).toBe('ACC-23');
  });
});

import type { ColumnDef } from '@tanstack/react-table';
import { UTF8_BOM, downloadCsv, tableCsv } from '../../../../web/src/components/data-table/csv';
import { sortRows } from '../../../../web/src/components/data-table/sort-rows';

interface Row {
  id: string;
  name: string;
  amount: number | undefined;
  note: string | null;
}

const columns: ColumnDef<Row>[] = [
  { id: 'name', header: 'Name', accessorKey: 'name' },
  {
    id: 'amount',
    header: 'Amount',
    cell: ({ row }) => `$${row.original.amount}`,
    meta: { csv: { header: 'Amount (USD)', value: (row) => row.amount?.toFixed(2) } },
  },
  { id: 'note', header: 'Note', accessorFn: (row) => row.note },
  { id: 'internal', header: 'Internal', accessorKey: 'id', meta: { csv: false } },
  { id: 'source', header: 'Source', accessorFn: () => 'broker', meta: { csvOnly: true } },
  { id: 'actions', header: 'Actions', cell: () => 'Edit' },
];

describe('CSV from the table columns', () => {
  it('writes each column’s header and value, its own CSV value where it has one', () => {
    const text = tableCsv(columns, [
      { id: '1', name: 'Alice', amount: 12.5, note: 'ok' },
      { id: '2', name: 'Bob, Jr.', amount: undefined, note: null },
    ]);
    expect(text).toBe(
      'Name,Amount (USD),Note,Source\r\nAlice,12.50,ok,broker\r\n"Bob, Jr.",,,broker\r\n',
    );
  });

  it('neutralises cells a spreadsheet would run as a formula, but keeps plain numbers', () => {
    const rows = ['=HYPERLINK("x")', '+1+1', '-2+3', '@SUM(A1)', '\tx', '\rx', '-12.50'].map(
      (name, index) => ({ id: String(index), name, amount: undefined, note: null }),
    );
    const names = tableCsv(columns.slice(0, 1), rows).split('\r\n').slice(1, -1);
    expect(names).toEqual([
      `"'=HYPERLINK(""x"")"`,
      "'+1+1",
      "'-2+3",
      "'@SUM(A1)",
      "'\tx",
      `"'\rx"`,
      '-12.50',
    ]);
  });

  it('downloads with a UTF-8 byte order mark, so Excel on Windows reads ✓', async () => {
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: jest.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:csv';
      }),
      revokeObjectURL: jest.fn(),
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    downloadCsv('checks.csv', 'Done\r\n✓\r\n');
    const bytes = new Uint8Array(
      await new Promise<ArrayBuffer>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.readAsArrayBuffer(blobs[0]!);
      }),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('Done\r\n✓\r\n');
    expect(UTF8_BOM).toBe('\uFEFF');
    click.mockRestore();
  });
});

describe('rows in a table’s order', () => {
  it('sorts as the table does: missing figures last either way, ties in the given order', () => {
    const figures: ColumnDef<Row>[] = [
      { id: 'name', header: 'Name', accessorKey: 'name' },
      { id: 'amount', header: 'Amount', accessorFn: (row) => row.amount, sortUndefined: 'last' },
    ];
    const rows: Row[] = [
      { id: '1', name: 'a', amount: 5, note: null },
      { id: '2', name: 'b', amount: undefined, note: null },
      { id: '3', name: 'c', amount: 9, note: null },
      { id: '4', name: 'd', amount: 5, note: null },
    ];
    const names = (desc: boolean) =>
      sortRows(figures, rows, [{ id: 'amount', desc }]).map((row) => row.name);
    expect(names(false)).toEqual(['a', 'd', 'c', 'b']);
    expect(names(true)).toEqual(['c', 'a', 'd', 'b']);
  });
});

/** An answer of a paged staff list: its rows and, unless last, the next page's cursor. */
interface PagedAnswer<Row> {
  data: Row[];
  meta?: { nextCursor?: string | undefined } | undefined;
}

/**
 * A page reader that checks what every staff list promises: a 200 answer under 1 MB, read by
 * `parse` (the route's response schema).
 */
export function pageReader<Answer>(
  call: (query: Record<string, string>) => Promise<{ status: number; body: unknown }>,
  parse: (body: unknown) => Answer,
): (query: Record<string, string>) => Promise<Answer> {
  return async (query) => {
    const answer = await call(query);
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body).length).toBeLessThan(1_000_000);
    return parse(answer.body);
  };
}

/** Every row of a view, following the cursors from the first page; each page ≤ 200 rows. */
export async function everyPage<Row>(
  page: (query: Record<string, string>) => Promise<PagedAnswer<Row>>,
  query: Record<string, string>,
): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | undefined;
  do {
    const answer = await page({ ...query, ...(cursor && { cursor }) });
    expect(answer.data.length).toBeLessThanOrEqual(200);
    rows.push(...answer.data);
    cursor = answer.meta?.nextCursor;
  } while (cursor);
  return rows;
}

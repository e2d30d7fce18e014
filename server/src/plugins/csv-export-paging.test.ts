import { describe, expect, it } from 'vitest';
import { csvLines, type CsvColumn } from './csv-export';

/**
 * The CSV download reads a list page by page while rows are being added: a newest-first list (as
 * every list's default order is) where rows arrive between two page reads, as in a long download.
 */

interface Row {
  id: string;
  n: number;
}

const columns: CsvColumn<Row>[] = [{ header: 'id', cell: (row) => row.id }];

/** A newest-first list; `arrive(k)` adds k rows on top, as new reports do. */
function liveList(size: number) {
  let made = 0;
  const rows: Row[] = [];
  const arrive = (k: number) => {
    for (let i = 0; i < k; i += 1) {
      made += 1;
      rows.unshift({ id: `row-${made}`, n: made });
    }
  };
  arrive(size);
  const read = (page: number, pageSize: number) => ({
    data: rows.slice((page - 1) * pageSize, page * pageSize) as unknown[],
  });
  return { rows, arrive, read };
}

async function download(
  list: ReturnType<typeof liveList>,
  pageSize: number,
  between: (page: number) => void,
): Promise<string[]> {
  const lines: string[] = [];
  const pages = csvLines(
    list.read(1, pageSize),
    async (page) => {
      between(page);
      return list.read(page, pageSize);
    },
    columns as CsvColumn<unknown>[],
    pageSize,
  );
  for await (const chunk of pages)
    lines.push(
      ...chunk
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean),
    );
  return lines.slice(1);
}

describe('a CSV download while rows are added', () => {
  it('writes every row present when it began once, whatever arrives between pages', async () => {
    const list = liveList(2_500);
    const before = list.rows.map((row) => row.id);
    // 7 rows after the first page, a page and a half's worth after the second, 1 after the third.
    const arriving: Record<number, number> = { 2: 7, 3: 150, 4: 1 };
    const written = await download(list, 100, (page) => list.arrive(arriving[page] ?? 0));
    expect(new Set(written).size).toBe(written.length);
    const missing = before.filter((id) => !written.includes(id));
    expect(missing).toEqual([]);
    // Rows that arrived are in it only if they reached a page not yet read: none here, all arrived on top.
    expect(written).toHaveLength(before.length);
  });

  it('without arrivals writes the list as it is, in its order', async () => {
    const list = liveList(250);
    expect(await download(list, 100, () => {})).toEqual(list.rows.map((row) => row.id));
  });

  it('shows what plain offset paging would have done: the repeats it drops', async () => {
    const list = liveList(300);
    let seen = 0;
    // 10 rows arrive before each read: plain offset pages would repeat 10 rows each time.
    const written = await download(list, 100, () => {
      seen += 1;
      list.arrive(10);
    });
    expect(seen).toBe(3);
    expect(written).toHaveLength(300);
    expect(new Set(written).size).toBe(300);
  });
});

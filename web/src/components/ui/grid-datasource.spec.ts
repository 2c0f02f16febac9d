import type { IGetRowsParams } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';

import { gridDatasource, keysetDatasource, type KeysetPage } from './grid-datasource';

const rows = Array.from({ length: 5 }, (_, i) => `row-${i}`);

/** A server of 5 rows in pages of 2: the cursor is the index the next page starts at. */
function server() {
  const asked: (string | null)[] = [];
  const fetchPage = async (cursor: string | null): Promise<KeysetPage<string>> => {
    asked.push(cursor);
    const start = cursor === null ? 0 : Number(cursor);
    return { rows: rows.slice(start, start + 2), nextCursor: start + 2 < rows.length ? String(start + 2) : null };
  };
  return { asked, fetchPage };
}

function block(startRow: number) {
  return new Promise<{ rows: string[]; lastRow: number | undefined }>((resolve, reject) => {
    const params = {
      startRow,
      endRow: startRow + 2,
      sortModel: [],
      successCallback: (r: string[], lastRow?: number) => resolve({ rows: r, lastRow }),
      failCallback: () => reject(new Error('failed')),
    };
    current.getRows(params as unknown as IGetRowsParams);
  });
}
let current: ReturnType<typeof gridDatasource>;

describe('keyset paging behind the infinite row model', () => {
  it('fetches each page once, in order, with the cursor the previous page ended on, whichever block comes first', async () => {
    const { asked, fetchPage } = server();
    current = keysetDatasource(2, fetchPage, () => {});
    expect(await block(4)).toEqual({ rows: ['row-4'], lastRow: 5 });
    expect(await block(0)).toEqual({ rows: ['row-0', 'row-1'], lastRow: -1 });
    expect(await block(2)).toEqual({ rows: ['row-2', 'row-3'], lastRow: -1 });
    expect(asked).toEqual([null, '2', '4']);
  });

  it('reports a failed page and asks for it again next time', async () => {
    const errors: unknown[] = [];
    let fail = true;
    current = keysetDatasource(
      2,
      async (cursor) => {
        if (fail) throw new Error('Enter a date and time');
        return { rows: [cursor ?? 'first'], nextCursor: null };
      },
      (error) => errors.push(error),
    );
    await expect(block(0)).rejects.toThrow('failed');
    expect(errors).toHaveLength(1);
    fail = false;
    expect(await block(0)).toEqual({ rows: ['first'], lastRow: 1 });
  });
});

describe('offset paging behind the infinite row model', () => {
  it('asks for the block’s rows with the grid’s sort, and reports a failure', async () => {
    const asked: unknown[] = [];
    const errors: unknown[] = [];
    current = gridDatasource<string>({
      pageSize: 2,
      byOffset: async (request) => {
        asked.push(request);
        if (request.offset > 2) throw new Error('gone');
        return { rows: rows.slice(request.offset, request.offset + request.limit), total: rows.length };
      },
      onError: (error) => errors.push(error),
    });
    expect(await block(2)).toEqual({ rows: ['row-2', 'row-3'], lastRow: 5 });
    expect(asked).toEqual([{ offset: 2, limit: 2, sort: null }]);
    await expect(block(4)).rejects.toThrow('failed');
    expect(errors).toHaveLength(1);
  });
});

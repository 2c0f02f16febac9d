import type { IDatasource, IGetRowsParams } from 'ag-grid-community';

export type KeysetPage<TRow> = { rows: TRow[]; nextCursor: string | null };
export type OffsetPage<TRow> = { rows: TRow[]; total: number };
/** The grid's sort, when a column is sorted: its id and direction. */
export type GridSort = { colId: string; sort: 'asc' | 'desc' } | null;

/**
 * How a grid pages through the server, the one thing a page with an infinite grid says: by
 * cursor (the next page starts where the last ended) or by offset (rows from..to, sorted as
 * the grid asks, with the total). `pageSize` rows are asked at a time.
 */
export type GridPages<TRow> = { pageSize: number; onError: (error: unknown) => void } & (
  | { byCursor: (cursor: string | null) => Promise<KeysetPage<TRow>> }
  | { byOffset: (request: { offset: number; limit: number; sort: GridSort }) => Promise<OffsetPage<TRow>> }
);

export function gridDatasource<TRow>(pages: GridPages<TRow>): IDatasource {
  if ('byCursor' in pages) return keysetDatasource(pages.pageSize, pages.byCursor, pages.onError);
  return {
    getRows(params: IGetRowsParams) {
      const sort = params.sortModel[0];
      pages.byOffset({ offset: params.startRow, limit: params.endRow - params.startRow, sort: sort ? { colId: sort.colId, sort: sort.sort } : null }).then(
        ({ rows, total }) => params.successCallback(rows, total),
        (error: unknown) => {
          params.failCallback();
          pages.onError(error);
        },
      );
    },
  };
}

/**
 * AG Grid's infinite row model asks for rows by block (startRow..endRow); the server pages
 * by cursor. Block n is fetched with the cursor block n-1 ended on, so the blocks must be
 * exactly one server page each (cacheBlockSize = pageSize). Each page is fetched once, in
 * order, whichever block the grid asks for first.
 */
export function keysetDatasource<TRow>(
  pageSize: number,
  fetchPage: (cursor: string | null) => Promise<KeysetPage<TRow>>,
  onError: (error: unknown) => void,
): IDatasource {
  const pages = new Map<number, Promise<KeysetPage<TRow>>>();
  const pageAt = (index: number): Promise<KeysetPage<TRow>> => {
    let page = pages.get(index);
    if (!page) {
      page =
        index === 0
          ? fetchPage(null)
          : pageAt(index - 1).then((previous) => (previous.nextCursor ? fetchPage(previous.nextCursor) : { rows: [], nextCursor: null }));
      pages.set(index, page);
      page.catch(() => pages.delete(index));
    }
    return page;
  };
  return {
    getRows(params: IGetRowsParams) {
      pageAt(Math.floor(params.startRow / pageSize)).then(
        (page) => params.successCallback(page.rows, page.nextCursor ? -1 : params.startRow + page.rows.length),
        (error: unknown) => {
          params.failCallback();
          onError(error);
        },
      );
    },
  };
}

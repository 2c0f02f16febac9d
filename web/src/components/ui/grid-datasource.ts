import type { IDatasource, IGetRowsParams } from 'ag-grid-community';

export type KeysetPage<TRow> = { events: TRow[]; nextCursor: string | null };

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
          : pageAt(index - 1).then((previous) => (previous.nextCursor ? fetchPage(previous.nextCursor) : { events: [], nextCursor: null }));
      pages.set(index, page);
      page.catch(() => pages.delete(index));
    }
    return page;
  };
  return {
    getRows(params: IGetRowsParams) {
      pageAt(Math.floor(params.startRow / pageSize)).then(
        (page) => params.successCallback(page.events, page.nextCursor ? -1 : params.startRow + page.events.length),
        (error: unknown) => {
          params.failCallback();
          onError(error);
        },
      );
    },
  };
}

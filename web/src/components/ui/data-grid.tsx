import {
  CellStyleModule,
  ClientSideRowModelModule,
  InfiniteRowModelModule,
  ModuleRegistry,
  QuickFilterModule,
  RowAutoHeightModule,
  TextFilterModule,
  themeQuartz,
  TooltipModule,
  type ColDef,
  type GetRowIdFunc,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useMemo } from 'react';

import { gridDatasource, type GridPages } from './grid-datasource';

// Only the modules the grids use; this file is only reached from lazily loaded admin pages.
// RowAutoHeight and CellStyle: columns an admin reads whole wrap, and their rows grow.
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  InfiniteRowModelModule,
  TextFilterModule,
  QuickFilterModule,
  TooltipModule,
  RowAutoHeightModule,
  CellStyleModule,
]);

/** A column read whole: its text wraps and its row grows (client-side rows only; a paged grid's rows keep one height, and show the whole in a detail panel). */
export const WRAPPED_COLUMN = { wrapText: true, autoHeight: true, cellClass: '!leading-snug !py-2.5' } as const;

export const gridTheme = themeQuartz.withParams({ accentColor: '#1f6fb2', fontFamily: 'inherit', headerFontWeight: 600 });

type DataGridProps<TRow> = {
  columns: ColDef<TRow>[];
  rowId: GetRowIdFunc<TRow>;
  height?: number;
  rowHeight?: number;
  testId?: string;
  /** Columns sort by a click on their heading (true unless the server cannot sort). */
  sortable?: boolean;
  minColumnWidth?: number;
  onRowClick?: (row: TRow) => void;
} & (
  | {
      /** All rows at once, sorted and filtered in the browser. */
      rows: TRow[];
      emptyText: string;
    }
  | {
      /**
       * Rows paged from the server as the grid scrolls (AG Grid's infinite row model, one
       * server page per block). A new `pages` object (new filters) starts again from the top.
       */
      pages: GridPages<TRow>;
    }
);

/** The admin and finance tables: AG Grid with the portal's theme. */
export function DataGrid<TRow>({
  columns,
  rowId,
  height = 420,
  rowHeight,
  testId,
  sortable = true,
  minColumnWidth = 110,
  onRowClick,
  ...source
}: DataGridProps<TRow>) {
  const pages = 'pages' in source ? source.pages : null;
  const datasource = useMemo(() => (pages ? gridDatasource(pages) : undefined), [pages]);
  const common = {
    theme: gridTheme,
    columnDefs: columns,
    getRowId: rowId,
    rowHeight,
    defaultColDef: { sortable, resizable: true, flex: 1, minWidth: minColumnWidth },
    onRowClicked: onRowClick ? (event: { data?: TRow }) => event.data && onRowClick(event.data) : undefined,
  };
  return (
    <div style={{ height }} data-testid={testId}>
      {'rows' in source ? (
        <AgGridReact<TRow> {...common} rowData={source.rows} overlayNoRowsTemplate={`<span>${source.emptyText}</span>`} />
      ) : (
        <AgGridReact<TRow>
          {...common}
          rowModelType="infinite"
          datasource={datasource}
          cacheBlockSize={pages!.pageSize}
          maxConcurrentDatasourceRequests={1}
          infiniteInitialRowCount={1}
        />
      )}
    </div>
  );
}

import {
  ClientSideRowModelModule,
  ModuleRegistry,
  QuickFilterModule,
  TextFilterModule,
  themeQuartz,
  TooltipModule,
  type ColDef,
  type GetRowIdFunc,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';

// Only the modules the grids use; this file is only reached from lazily loaded admin pages.
ModuleRegistry.registerModules([ClientSideRowModelModule, TextFilterModule, QuickFilterModule, TooltipModule]);

export const gridTheme = themeQuartz.withParams({ accentColor: '#1f6fb2', fontFamily: 'inherit', headerFontWeight: 600 });

type DataGridProps<TRow> = {
  rows: TRow[];
  columns: ColDef<TRow>[];
  rowId: GetRowIdFunc<TRow>;
  emptyText: string;
  height?: number;
  rowHeight?: number;
  testId?: string;
};

/** The admin and finance tables: AG Grid with the portal's theme. */
export function DataGrid<TRow>({ rows, columns, rowId, emptyText, height = 420, rowHeight, testId }: DataGridProps<TRow>) {
  return (
    <div style={{ height }} data-testid={testId}>
      <AgGridReact<TRow>
        theme={gridTheme}
        rowData={rows}
        columnDefs={columns}
        getRowId={rowId}
        rowHeight={rowHeight}
        defaultColDef={{ sortable: true, resizable: true, flex: 1, minWidth: 110 }}
        overlayNoRowsTemplate={`<span>${emptyText}</span>`}
      />
    </div>
  );
}

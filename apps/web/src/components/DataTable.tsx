import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import {
  Box,
  Checkbox,
  Collapse,
  IconButton,
  LinearProgress,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
} from '@mui/material';
import type { SxProps, Theme } from '@mui/material/styles';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { de } from '../i18n/de';
import {
  isPaged,
  nextSort,
  type PageMeta,
  type Paged,
  pageRows,
  readTableParams,
  type SortValue,
  sortRows,
  type TableDefaults,
  tableLayout,
  type TableParams,
  writeTableParams,
} from './dataTableModel';
import { EmptyState } from './EmptyState';
import { QueryError } from './QueryState';

export type { Paged, TableParams } from './dataTableModel';

export interface DataColumn<T> {
  /** Also the `orderBy` value sent to the API for server-sorted lists. */
  id: string;
  /** German header text from the i18n catalogue. */
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Client lists: the value the column sorts by. Server lists: mark `sortable` instead. */
  sortValue?: (row: T) => SortValue;
  /** Server lists: the API sorts by this column's id. */
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  nowrap?: boolean;
  /** Accessible name of a header without visible text (e.g. an actions column). */
  headerLabel?: string;
  /** Header cell only (e.g. a width). */
  headerSx?: SxProps<Theme>;
  /** Body cell. */
  sx?: SxProps<Theme>;
  /**
   * Width of the column in px. Once any column has a width the table is laid out fixed
   * (`table-layout: fixed`): no cell content can widen it any more; the columns without a
   * width share the rest of the table's width.
   */
  width?: number;
  /**
   * Fixed layout, a column without a width: the least it gets before the table scrolls
   * sideways inside its box (px, default 120).
   */
  minWidth?: number;
  /**
   * Free text (file names, municipalities, designations): one line cut with "…", the full
   * text (returned here) as tooltip. The cut happens on a block inside the cell — a table
   * cell itself grows with its content.
   */
  ellipsis?: (row: T) => string | null | undefined;
  /** With `ellipsis` in a table without widths: the longest the line may get (px). */
  maxWidth?: number;
}

/** The one-line block of an `ellipsis` column. */
const ellipsisSx = (maxWidth: number | undefined): SxProps<Theme> => ({
  maxWidth,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

/** The parts of a TanStack query result the table shows (loading, error with retry, data). */
export interface TableQuery<T> {
  data: T[] | Paged<T> | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export type RowKey = string | number;

/** Rows already at hand (part of a loaded record) in the shape of a query result. */
export const loadedRows = <T,>(rows: T[]): TableQuery<T> => ({
  data: rows,
  isPending: false,
  isFetching: false,
  isError: false,
  error: null,
  refetch: () => undefined,
});

export interface DataTableProps<T> {
  /** Accessible name of the table (usually the screen or tab title). */
  label: string;
  columns: readonly (DataColumn<T> | false | null | undefined)[];
  query: TableQuery<T>;
  rowKey: (row: T) => RowKey;
  /**
   * Paging and sorting (see `useTableParams`). Server lists (`{ data, meta }`) show the API's
   * page and ask for another one; client lists (arrays) are sorted and paged here.
   */
  params?: TableParams;
  onParamsChange?: (patch: Partial<TableParams>) => void;
  /** Client lists: only rows passing this are shown (filters of whole lists). */
  filter?: (row: T) => boolean;
  /** Page sizes offered; without it a client list is shown whole. */
  perPageOptions?: readonly number[];
  empty: { title: string; text?: ReactNode; icon?: ReactNode; action?: ReactNode };
  /** Row activation by click, Enter or Space (rows are then focusable, ↑/↓ move between them). */
  onRowClick?: (row: T) => void;
  /** Extra attributes of a row (test ids, data-* state). */
  rowProps?: (row: T) => Record<string, string | number | undefined>;
  rowSx?: (row: T) => SxProps<Theme> | undefined;
  /** Optional row selection with a checkbox column. */
  selection?: {
    selected: ReadonlySet<RowKey>;
    onChange: (next: Set<RowKey>) => void;
    /** Accessible name of a row's checkbox. */
    rowLabel: (row: T) => string;
  };
  /** Above the table (filters, export buttons). */
  toolbar?: ReactNode;
  /** Expandable details below a row. */
  detail?: { render: (row: T) => ReactNode; expanded: ReadonlySet<RowKey>; onToggle: (key: RowKey) => void };
  size?: 'small' | 'medium';
  /** Scroll the rows below a sticky header beyond this height (long reports). */
  maxHeight?: number;
  /** Skeleton rows while the first page loads. */
  skeletonRows?: number;
  sx?: SxProps<Theme>;
}

const INTERACTIVE =
  'a, button, input, select, textarea, label, [role="button"], [role="checkbox"], [role="menuitem"]';

/** Was the event meant for a control inside the row rather than the row itself? */
const fromControl = (event: MouseEvent | KeyboardEvent) => {
  const target = event.target as HTMLElement;
  const hit = target.closest(INTERACTIVE);
  return !!hit && hit !== event.currentTarget && event.currentTarget.contains(hit);
};

function focusSibling(row: HTMLElement, direction: 1 | -1) {
  const rows = [...(row.closest('tbody')?.querySelectorAll<HTMLElement>('tr[data-row-nav]') ?? [])];
  const index = rows.indexOf(row);
  rows[index + direction]?.focus();
}

/**
 * The one table of the web app (MUI Table; why not the Data Grid: docs/decisions.md):
 * column definitions with German headers, server paging/sorting bound to `{ data, meta }`
 * or client sorting/paging of whole lists, loading skeleton, empty state, error with retry,
 * row activation by mouse and keyboard, optional selection, expandable rows, a toolbar slot.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const {
    label,
    query,
    rowKey,
    params,
    onParamsChange,
    perPageOptions,
    filter,
    empty,
    onRowClick,
    rowProps,
    rowSx,
    selection,
    toolbar,
    detail,
    size = 'small',
    maxHeight,
    skeletonRows = 5,
    sx,
  } = props;
  const columns = props.columns.filter((c): c is DataColumn<T> => !!c);
  const data = query.data;
  const server = isPaged(data);

  const { rows, meta } = useMemo((): { rows: T[]; meta: PageMeta | null } => {
    if (!data) return { rows: [], meta: null };
    if (isPaged(data)) return { rows: data.data, meta: data.meta };
    const column = columns.find((c) => c.id === params?.orderBy);
    const sorted = sortRows(filter ? data.filter(filter) : data, column?.sortValue, params?.orderDirection);
    if (!perPageOptions || !params) return { rows: sorted, meta: null };
    return pageRows(sorted, params.page, params.per_page);
    // columns are rebuilt on every render; their ids and sort values follow `params`
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, params, perPageOptions, filter]);

  const colSpan = columns.length + (selection ? 1 : 0) + (detail ? 1 : 0);
  const layout = tableLayout(columns, colSpan - columns.length);
  const keys = rows.map(rowKey);
  const allSelected = !!selection && keys.length > 0 && keys.every((k) => selection.selected.has(k));
  const someSelected = !!selection && keys.some((k) => selection.selected.has(k));
  const sortableColumn = (c: DataColumn<T>) => (server ? !!c.sortable : !!c.sortValue) && !!onParamsChange;

  const firstLoad = query.isPending && !data;
  const failedWithoutData = query.isError && !data;
  const isEmpty = !!data && (meta ? meta.total === 0 : rows.length === 0);

  const header = (
    <TableHead>
      <TableRow>
        {detail ? <TableCell padding="checkbox" /> : null}
        {selection ? (
          <TableCell padding="checkbox">
            <Checkbox
              size="small"
              checked={allSelected}
              indeterminate={someSelected && !allSelected}
              disabled={!keys.length}
              onChange={() => {
                const next = new Set(selection.selected);
                for (const k of keys) {
                  if (allSelected) next.delete(k);
                  else next.add(k);
                }
                selection.onChange(next);
              }}
              slotProps={{ input: { 'aria-label': de.table.selectAll } }}
            />
          </TableCell>
        ) : null}
        {columns.map((c) => {
          const active = params?.orderBy === c.id;
          return (
            <TableCell
              key={c.id}
              align={c.align}
              sx={[c.width != null ? { width: c.width } : {}, ...[c.headerSx ?? {}].flat()]}
              aria-label={c.headerLabel}
              sortDirection={active ? params?.orderDirection : false}
            >
              {sortableColumn(c) ? (
                <TableSortLabel
                  active={active}
                  direction={active ? params?.orderDirection : 'asc'}
                  onClick={() => onParamsChange?.({ ...nextSort(params, c.id), page: 1 })}
                >
                  {c.header}
                </TableSortLabel>
              ) : (
                c.header
              )}
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );

  const body = firstLoad ? (
    <TableBody aria-busy="true">
      {Array.from({ length: skeletonRows }, (_, i) => (
        <TableRow key={i}>
          {Array.from({ length: colSpan }, (_, j) => (
            <TableCell key={j}>
              <Skeleton variant="text" />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </TableBody>
  ) : (
    <TableBody>
      {rows.map((row) => {
        const key = rowKey(row);
        const open = !!detail?.expanded.has(key);
        const detailId = `row-detail-${String(key)}`;
        const activate = onRowClick ? () => onRowClick(row) : undefined;
        return [
          <TableRow
            key={key}
            hover
            selected={!!selection?.selected.has(key)}
            {...(activate ? { tabIndex: 0, 'data-row-nav': '' } : {})}
            {...rowProps?.(row)}
            onClick={activate ? (e: MouseEvent) => !fromControl(e) && activate() : undefined}
            onKeyDown={(e: KeyboardEvent<HTMLTableRowElement>) => {
              if (!activate || e.target !== e.currentTarget) return;
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                activate();
              } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                e.preventDefault();
                focusSibling(e.currentTarget, e.key === 'ArrowDown' ? 1 : -1);
              }
            }}
            sx={[
              activate ? { cursor: 'pointer' } : {},
              open ? { '& > td': { borderBottom: 'unset' } } : {},
              ...[rowSx?.(row) ?? {}].flat(),
            ]}
          >
            {detail ? (
              <TableCell padding="checkbox">
                <IconButton
                  size="small"
                  aria-label={open ? de.table.collapse : de.table.expand}
                  aria-expanded={open}
                  aria-controls={detailId}
                  onClick={() => detail.onToggle(key)}
                >
                  {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
                </IconButton>
              </TableCell>
            ) : null}
            {selection ? (
              <TableCell padding="checkbox">
                <Checkbox
                  size="small"
                  checked={selection.selected.has(key)}
                  onChange={() => {
                    const next = new Set(selection.selected);
                    if (next.has(key)) next.delete(key);
                    else next.add(key);
                    selection.onChange(next);
                  }}
                  slotProps={{ input: { 'aria-label': selection.rowLabel(row) } }}
                />
              </TableCell>
            ) : null}
            {columns.map((c) => (
              <TableCell
                key={c.id}
                align={c.align}
                sx={[
                  c.nowrap ? { whiteSpace: 'nowrap' } : {},
                  // fixed layout: a long word wraps inside its column instead of running over the next
                  layout ? { overflowWrap: 'anywhere' } : {},
                  ...[c.sx ?? {}].flat(),
                ]}
              >
                {c.ellipsis ? (
                  <Box sx={ellipsisSx(c.maxWidth)} title={c.ellipsis(row) ?? undefined} data-ellipsis="">
                    {c.cell(row)}
                  </Box>
                ) : (
                  c.cell(row)
                )}
              </TableCell>
            ))}
          </TableRow>,
          detail ? (
            <TableRow key={`${key}-detail`}>
              <TableCell colSpan={colSpan} sx={{ py: 0 }}>
                <Collapse in={open} timeout="auto" unmountOnExit>
                  <Box id={detailId} sx={{ py: 2 }}>
                    {detail.render(row)}
                  </Box>
                </Collapse>
              </TableCell>
            </TableRow>
          ) : null,
        ];
      })}
    </TableBody>
  );

  const pageMeta = meta ?? null;
  const options = perPageOptions ?? (server && pageMeta ? [pageMeta.per_page] : null);
  return (
    <Box sx={sx}>
      {toolbar ? <Box sx={{ mb: 2 }}>{toolbar}</Box> : null}
      {query.isError ? (
        <Box sx={{ mb: 2 }}>
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        </Box>
      ) : null}
      {failedWithoutData ? null : isEmpty ? (
        <>
          {query.isFetching ? <LinearProgress aria-label={de.common.loading} /> : null}
          <EmptyState icon={empty.icon} title={empty.title} text={empty.text}>
            {empty.action}
          </EmptyState>
        </>
      ) : (
        <Paper variant="outlined">
          {query.isFetching && !firstLoad ? <LinearProgress aria-label={de.common.loading} /> : null}
          <TableContainer sx={maxHeight ? { maxHeight } : undefined}>
            <Table
              size={size}
              stickyHeader={!!maxHeight}
              sx={layout ?? undefined}
              aria-label={label}
              aria-busy={query.isFetching || undefined}
            >
              {header}
              {body}
            </Table>
          </TableContainer>
          {pageMeta && options && onParamsChange ? (
            <TablePagination
              component="div"
              count={pageMeta.total}
              page={Math.max(0, pageMeta.page - 1)}
              rowsPerPage={pageMeta.per_page}
              rowsPerPageOptions={[...options]}
              onPageChange={(_event, page) => onParamsChange({ page: page + 1 })}
              onRowsPerPageChange={(event) =>
                onParamsChange({ per_page: Number(event.target.value), page: 1 })
              }
            />
          ) : null}
        </Paper>
      )}
    </Box>
  );
}

/**
 * Paging and sorting of one table in the address bar (`?page=2&orderBy=name&…`), so a
 * reload or a shared link shows the same page. `prefix` separates two tables of one screen.
 */
export function useTableParams(defaults: TableDefaults, prefix = '') {
  const [search, setSearch] = useSearchParams();
  const key = JSON.stringify(defaults);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `defaults`
  const params = useMemo(() => readTableParams(search, defaults, prefix), [search, key, prefix]);
  const update = useCallback(
    (patch: Partial<TableParams>) =>
      setSearch(
        (current) =>
          writeTableParams(
            current,
            { ...readTableParams(current, defaults, prefix), ...patch },
            defaults,
            prefix,
          ),
        {
          replace: true,
        },
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `defaults`
    [setSearch, key, prefix],
  );
  return { params, update, perPageOptions: defaults.perPageOptions };
}

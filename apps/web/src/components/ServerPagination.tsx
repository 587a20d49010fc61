import { TablePagination } from '@mui/material';

export interface PageMeta {
  page: number;
  per_page: number;
  total: number;
}

interface ServerPaginationProps {
  meta: PageMeta;
  options: readonly number[];
  /** 1-based page, as the API counts. */
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
}

/**
 * Footer of a server-paged table (`{ data, meta }` lists): maps the API's 1-based page to
 * MUI's 0-based one. Labels come from the theme's German locale.
 */
export function ServerPagination({ meta, options, onPageChange, onPerPageChange }: ServerPaginationProps) {
  return (
    <TablePagination
      component="div"
      count={meta.total}
      page={Math.max(0, meta.page - 1)}
      rowsPerPage={meta.per_page}
      rowsPerPageOptions={[...options]}
      onPageChange={(_event, page) => onPageChange(page + 1)}
      onRowsPerPageChange={(event) => onPerPageChange(Number(event.target.value))}
    />
  );
}

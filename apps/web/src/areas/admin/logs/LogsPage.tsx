import type { AuditLogEntry } from '@gewst/domain';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import {
  Box,
  Button,
  Collapse,
  IconButton,
  LinearProgress,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type LogsParams, logsQuery } from '../../../api/logs';
import { usersQuery } from '../../../api/users';
import { EmptyState } from '../../../components/EmptyState';
import { ServerPagination } from '../../../components/ServerPagination';
import { QueryError } from '../../../components/QueryState';
import { de } from '../../../i18n/de';
import { formatDateTime } from '../../../lib/format';
import { formatJson, logsParamsFromSearch, logsParamsToSearch } from './logFilters';

const PER_PAGE_OPTIONS = [25, 50, 100, 200];
const COLUMNS = 6;

/** Admin → Logs: who did what, filterable by user, object and date range. */
export default function LogsPage() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => logsParamsFromSearch(search), [search]);
  const logs = useQuery(logsQuery(params));
  const users = useQuery(usersQuery());
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [entity, setEntity] = useState(params.entity ?? '');

  const update = (patch: Partial<LogsParams>, resetPage = true) =>
    setSearch(logsParamsToSearch({ ...params, ...(resetPage ? { page: 1 } : {}), ...patch }), {
      replace: true,
    });

  // The object filter is typed: apply it after a short pause instead of on every key.
  useEffect(() => {
    const value = entity.trim() || undefined;
    if (value === params.entity) return;
    const timer = window.setTimeout(() => update({ entity: value }), 400);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text triggers this
  }, [entity]);

  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const filtered = params.user_id != null || !!params.entity || !!params.from || !!params.to;
  const rows = logs.data?.data ?? [];
  const meta = logs.data?.meta;

  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box
          component="form"
          role="search"
          aria-label={de.screens.adminLogs}
          onSubmit={(event) => {
            event.preventDefault();
            update({ entity: entity.trim() || undefined });
          }}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
        >
          <TextField
            select
            size="small"
            label={de.logs.user}
            value={params.user_id != null ? String(params.user_id) : ''}
            onChange={(event) =>
              update({ user_id: event.target.value ? Number(event.target.value) : undefined })
            }
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">{de.logs.allUsers}</MenuItem>
            {users.data?.map((user) => (
              <MenuItem key={user.id} value={String(user.id)}>
                {user.name ? `${user.username} (${user.name})` : user.username}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={de.logs.entity}
            placeholder={de.logs.entityHint}
            slotProps={{ inputLabel: { shrink: true } }}
            value={entity}
            onChange={(event) => setEntity(event.target.value)}
          />
          <TextField
            size="small"
            type="date"
            label={de.logs.from}
            value={params.from ?? ''}
            onChange={(event) => update({ from: event.target.value || undefined })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label={de.logs.to}
            value={params.to ?? ''}
            onChange={(event) => update({ to: event.target.value || undefined })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {filtered ? (
            <Button
              onClick={() => {
                setEntity('');
                setSearch(logsParamsToSearch({ page: 1, per_page: params.per_page }), { replace: true });
              }}
            >
              {de.logs.resetFilters}
            </Button>
          ) : null}
        </Box>
      </Paper>

      {logs.isError ? <QueryError error={logs.error} onRetry={() => logs.refetch()} /> : null}
      {logs.isFetching ? <LinearProgress aria-label={de.common.loading} /> : null}
      {logs.isSuccess && rows.length === 0 ? <EmptyState title={de.logs.empty} /> : null}
      {rows.length > 0 && meta ? (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label={de.screens.adminLogs}>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox" />
                  <TableCell>{de.logs.time}</TableCell>
                  <TableCell>{de.logs.user}</TableCell>
                  <TableCell>{de.logs.action}</TableCell>
                  <TableCell>{de.logs.entity}</TableCell>
                  <TableCell>{de.logs.entityId}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((entry) => (
                  <LogRow
                    key={entry.id}
                    entry={entry}
                    open={expanded.has(entry.id)}
                    onToggle={() => toggle(entry.id)}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <ServerPagination
            meta={meta}
            options={PER_PAGE_OPTIONS}
            onPageChange={(page) => update({ page }, false)}
            onPerPageChange={(perPage) => update({ per_page: perPage })}
          />
        </Paper>
      ) : null}
    </>
  );
}

function LogRow({ entry, open, onToggle }: { entry: AuditLogEntry; open: boolean; onToggle: () => void }) {
  const detailId = `log-${entry.id}-details`;
  return (
    <Fragment>
      <TableRow hover sx={{ '& > td': { borderBottom: open ? 'unset' : undefined } }}>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-label={open ? de.logs.collapse : de.logs.expand}
            aria-expanded={open}
            aria-controls={detailId}
            onClick={onToggle}
          >
            {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at)}</TableCell>
        <TableCell>{entry.username ?? de.logs.systemUser}</TableCell>
        <TableCell>{entry.action}</TableCell>
        <TableCell>{entry.entity}</TableCell>
        <TableCell>{entry.entity_id ?? de.common.none}</TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={COLUMNS} sx={{ py: 0 }}>
          <Collapse in={open} timeout="auto" unmountOnExit>
            <Box id={detailId} sx={{ py: 2 }}>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
                <JsonBlock title={de.logs.before} value={entry.before} />
                <JsonBlock title={de.logs.after} value={entry.after} />
              </Box>
              {entry.request_id ? (
                <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
                  {de.logs.requestId}: {entry.request_id}
                </Typography>
              ) : null}
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  );
}

function JsonBlock({ title, value }: { title: string; value: unknown }) {
  const text = formatJson(value);
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {title}
      </Typography>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1.5,
          bgcolor: 'grey.100',
          borderRadius: 1,
          fontSize: 12,
          overflow: 'auto',
          maxHeight: 360,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
        }}
      >
        {text ?? de.logs.noValue}
      </Box>
    </Box>
  );
}

import { AUDIT_ENTITY_LABELS, type AuditLogEntry, auditActionLabel, auditEntityLabel } from '@gewst/domain';
import { Box, Button, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type LogsParams, logsQuery } from '../../../api/logs';
import { usersQuery } from '../../../api/users';
import { DataTable, type RowKey } from '../../../components/DataTable';
import { DateField } from '../../../components/form/DateField';
import { de } from '../../../i18n/de';
import { formatDateTime } from '../../../lib/format';
import { formatJson, logsParamsFromSearch, logsParamsToSearch } from './logFilters';

const PER_PAGE_OPTIONS = [25, 50, 100, 200];

/** Admin → Logs: who did what, filterable by user, object and date range. */
export default function LogsPage() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => logsParamsFromSearch(search), [search]);
  const logs = useQuery(logsQuery(params));
  const users = useQuery(usersQuery());
  const [expanded, setExpanded] = useState<ReadonlySet<RowKey>>(new Set());
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

  const toggle = (id: RowKey) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const filtered = params.user_id != null || !!params.entity || !!params.from || !!params.to;

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
            select
            size="small"
            label={de.logs.entity}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            sx={{ minWidth: 200 }}
            value={entity}
            onChange={(event) => setEntity(event.target.value)}
          >
            <MenuItem value="">{de.logs.allEntities}</MenuItem>
            {Object.entries(AUDIT_ENTITY_LABELS).map(([code, label]) => (
              <MenuItem key={code} value={code}>
                {label}
              </MenuItem>
            ))}
          </TextField>
          <DateField
            size="small"
            label={de.logs.from}
            value={params.from ?? ''}
            onChange={(iso) => update({ from: iso || undefined })}
          />
          <DateField
            size="small"
            label={de.logs.to}
            value={params.to ?? ''}
            onChange={(iso) => update({ to: iso || undefined })}
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

      <DataTable
        label={de.screens.adminLogs}
        query={logs}
        rowKey={(entry) => entry.id}
        params={params}
        onParamsChange={(patch) => update(patch, false)}
        perPageOptions={PER_PAGE_OPTIONS}
        empty={{ title: de.logs.empty }}
        detail={{ render: (entry) => <LogDetail entry={entry} />, expanded, onToggle: toggle }}
        columns={[
          { id: 'created_at', header: de.logs.time, cell: (e) => formatDateTime(e.created_at), nowrap: true },
          { id: 'user', header: de.logs.user, cell: (e) => e.username ?? de.logs.systemUser },
          { id: 'action', header: de.logs.action, cell: (e) => auditActionLabel(e.action) },
          { id: 'entity', header: de.logs.entity, cell: (e) => auditEntityLabel(e.entity) },
          { id: 'entity_id', header: de.logs.entityId, cell: (e) => e.entity_id ?? de.common.none },
        ]}
      />
    </>
  );
}

function LogDetail({ entry }: { entry: AuditLogEntry }) {
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <JsonBlock title={de.logs.before} value={entry.before} />
        <JsonBlock title={de.logs.after} value={entry.after} />
      </Box>
      {entry.request_id ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {de.logs.requestId}: {entry.request_id}
        </Typography>
      ) : null}
    </>
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

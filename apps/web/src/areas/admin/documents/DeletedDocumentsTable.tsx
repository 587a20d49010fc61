import { DOCUMENT_TYPE_LABELS, type DocumentListItem, type UserRef } from '@gewst/domain';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import {
  Box,
  Button,
  LinearProgress,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { deletedDocumentsQuery, useRestoreDocument } from '../../../api/documents';
import { errorMessages } from '../../../api/errors';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ServerPagination } from '../../../components/ServerPagination';
import { QueryError } from '../../../components/QueryState';
import { de } from '../../../i18n/de';
import { documentTexts } from '../../../i18n/documents';
import { formatDateTime } from '../../../lib/format';
import { appStore, useCan, useCurrentCompany } from '../../../store/store';
import { pageAfterRemoval } from './adminDocuments';

const t = documentTexts.admin;
const PER_PAGE_OPTIONS = [25, 50, 100, 200];

interface Props {
  page: number;
  perPage: number;
  onPage: (page: number, perPage: number) => void;
}

const userName = (user: UserRef | null | undefined) =>
  user
    ? user.name && user.name !== user.username
      ? `${user.username} (${user.name})`
      : user.username
    : null;

/** The soft-deleted documents of the current company; administrators restore them. */
export function DeletedDocumentsTable({ page, perPage, onPage }: Props) {
  const company = useCurrentCompany();
  const canRestore = useCan('changePermissionsOfUser');
  const companyId = company?.id ?? 0;
  const list = useQuery({
    ...deletedDocumentsQuery(companyId, { page, per_page: perPage }),
    enabled: company != null,
  });
  const restore = useRestoreDocument();
  const [pending, setPending] = useState<DocumentListItem | null>(null);

  if (!company) return <EmptyState icon={<DeleteOutlineIcon />} title={t.deletedNoCompany} />;

  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;

  const confirmRestore = () => {
    const doc = pending;
    if (!doc) return;
    restore.mutate(doc.id, {
      onSuccess: () => {
        appStore.showSnackbar(t.restored(doc.filename), 'success');
        setPending(null);
        const next = pageAfterRemoval(page, rows.length);
        if (next !== page) onPage(next, perPage);
      },
      onError: (error) => {
        appStore.showSnackbar(errorMessages(error), 'error');
        setPending(null);
      },
    });
  };

  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t.deletedIntro(company.name)}
      </Typography>
      {list.isError ? <QueryError error={list.error} onRetry={() => list.refetch()} /> : null}
      {list.isFetching ? <LinearProgress aria-label={de.common.loading} /> : null}
      {list.isSuccess && rows.length === 0 ? (
        <EmptyState
          icon={<DeleteOutlineIcon />}
          title={t.deletedEmpty}
          text={t.deletedEmptyHint(company.name)}
        />
      ) : null}
      {rows.length > 0 && meta ? (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label={t.deletedTab}>
              <TableHead>
                <TableRow>
                  <TableCell>{t.columns.deletedAt}</TableCell>
                  <TableCell>{t.columns.deletedBy}</TableCell>
                  <TableCell>{t.columns.filename}</TableCell>
                  <TableCell>{t.columns.type}</TableCell>
                  <TableCell>{t.columns.municipality}</TableCell>
                  <TableCell>{t.columns.year}</TableCell>
                  <TableCell>{t.columns.uploaded}</TableCell>
                  {canRestore ? <TableCell align="right">{t.columns.actions}</TableCell> : null}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((doc) => (
                  <TableRow key={doc.id} hover data-testid="deleted-document-row">
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {doc.deleted_at ? formatDateTime(doc.deleted_at) : t.unknown}
                    </TableCell>
                    <TableCell>{userName(doc.deleted_by) ?? t.unknown}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word', minWidth: 160 }}>
                      <Link component={RouterLink} to={`/dokumente/${doc.id}`}>
                        {doc.filename}
                      </Link>
                    </TableCell>
                    <TableCell>
                      {doc.type ? DOCUMENT_TYPE_LABELS[doc.type] : documentTexts.inbox.unclassified}
                    </TableCell>
                    <TableCell>{doc.gemeinde ?? de.common.none}</TableCell>
                    <TableCell>{doc.erhebungszeitraum ?? de.common.none}</TableCell>
                    <TableCell>
                      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(doc.created_at)}
                      </Box>
                      {doc.uploaded_by ? (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {userName(doc.uploaded_by)}
                        </Typography>
                      ) : null}
                    </TableCell>
                    {canRestore ? (
                      <TableCell align="right">
                        <Button
                          size="small"
                          startIcon={<RestoreFromTrashIcon />}
                          aria-label={t.restoreLabel(doc.filename)}
                          onClick={() => setPending(doc)}
                          disabled={restore.isPending}
                          sx={{ whiteSpace: 'nowrap' }}
                        >
                          {t.restore}
                        </Button>
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <ServerPagination
            meta={meta}
            options={PER_PAGE_OPTIONS}
            onPageChange={(page) => onPage(page, meta.per_page)}
            onPerPageChange={(perPage) => onPage(1, perPage)}
          />
        </Paper>
      ) : null}
      <ConfirmDialog
        open={pending != null}
        title={t.restoreTitle}
        text={pending ? t.restoreConfirm(pending.filename) : ''}
        confirmLabel={t.restore}
        destructive={false}
        busy={restore.isPending}
        onConfirm={confirmRestore}
        onClose={() => setPending(null)}
      />
    </>
  );
}

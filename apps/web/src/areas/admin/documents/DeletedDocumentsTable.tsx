import { DOCUMENT_TYPE_LABELS, type DocumentListItem } from '@gewst/domain';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import { Box, Button, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { deletedDocumentsQuery, useRestoreDocument } from '../../../api/documents';
import { errorMessages } from '../../../api/errors';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/DataTable';
import { EmptyState } from '../../../components/EmptyState';
import { de } from '../../../i18n/de';
import { documentTexts } from '../../../i18n/documents';
import { formatDateTime } from '../../../lib/format';
import { appStore, useCan, useCurrentCompany } from '../../../store/store';
import {
  ADMIN_DOCUMENTS_PAGE_SIZES,
  type AdminDocumentsTableProps,
  pageAfterRemoval,
  userName,
} from './adminDocuments';

const t = documentTexts.admin;

/** The soft-deleted documents of the current company; administrators restore them. */
export function DeletedDocumentsTable({ page, perPage, onPage }: AdminDocumentsTableProps) {
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
      <DataTable
        label={t.deletedTab}
        query={list}
        rowKey={(doc) => doc.id}
        params={{ page, per_page: perPage }}
        onParamsChange={(p) => onPage(p.page ?? page, p.per_page ?? perPage)}
        perPageOptions={ADMIN_DOCUMENTS_PAGE_SIZES}
        empty={{ icon: <DeleteOutlineIcon />, title: t.deletedEmpty, text: t.deletedEmptyHint(company.name) }}
        rowProps={() => ({ 'data-testid': 'deleted-document-row' })}
        columns={[
          {
            id: 'deleted_at',
            header: t.columns.deletedAt,
            nowrap: true,
            cell: (doc) => (doc.deleted_at ? formatDateTime(doc.deleted_at) : t.unknown),
          },
          {
            id: 'deleted_by',
            header: t.columns.deletedBy,
            cell: (doc) => userName(doc.deleted_by) ?? t.unknown,
          },
          {
            id: 'filename',
            header: t.columns.filename,
            sx: { wordBreak: 'break-word', minWidth: 160 },
            cell: (doc) => (
              <Link component={RouterLink} to={`/dokumente/${doc.id}`}>
                {doc.filename}
              </Link>
            ),
          },
          {
            id: 'type',
            header: t.columns.type,
            cell: (doc) => (doc.type ? DOCUMENT_TYPE_LABELS[doc.type] : documentTexts.inbox.unclassified),
          },
          { id: 'gemeinde', header: t.columns.municipality, cell: (doc) => doc.gemeinde ?? de.common.none },
          { id: 'year', header: t.columns.year, cell: (doc) => doc.erhebungszeitraum ?? de.common.none },
          {
            id: 'uploaded',
            header: t.columns.uploaded,
            cell: (doc) => (
              <>
                <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(doc.created_at)}
                </Box>
                {doc.uploaded_by ? (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {userName(doc.uploaded_by)}
                  </Typography>
                ) : null}
              </>
            ),
          },
          canRestore && {
            id: 'actions',
            header: t.columns.actions,
            align: 'right',
            cell: (doc) => (
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
            ),
          },
        ]}
      />
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

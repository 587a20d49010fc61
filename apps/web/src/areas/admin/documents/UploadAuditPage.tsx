import { Tab, Tabs } from '@mui/material';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { documentTexts } from '../../../i18n/documents';
import {
  type AdminDocumentsParams,
  type AdminDocumentsView,
  adminDocumentsParamsFromSearch,
  adminDocumentsParamsToSearch,
} from './adminDocuments';
import { DeletedDocumentsTable } from './DeletedDocumentsTable';
import { UploadAuditTable } from './UploadAuditTable';

const t = documentTexts.admin;

/** Admin → Dokumente: the audit trail of every upload, and the deleted documents to restore. */
export default function UploadAuditPage() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => adminDocumentsParamsFromSearch(search), [search]);

  const update = (patch: Partial<AdminDocumentsParams>) =>
    setSearch(adminDocumentsParamsToSearch({ ...params, ...patch }), { replace: true });
  const onPage = (page: number, perPage: number) => update({ page, per_page: perPage });

  return (
    <>
      <Tabs
        value={params.view}
        onChange={(_event, view: AdminDocumentsView) => update({ view, page: 1 })}
        aria-label={t.views}
        sx={{ mb: 2 }}
      >
        <Tab
          value="uploads"
          label={t.uploadsTab}
          id="admin-documents-tab-uploads"
          aria-controls="admin-documents-panel"
        />
        <Tab
          value="deleted"
          label={t.deletedTab}
          id="admin-documents-tab-deleted"
          aria-controls="admin-documents-panel"
        />
      </Tabs>
      <div role="tabpanel" id="admin-documents-panel" aria-labelledby={`admin-documents-tab-${params.view}`}>
        {params.view === 'deleted' ? (
          <DeletedDocumentsTable page={params.page} perPage={params.per_page} onPage={onPage} />
        ) : (
          <UploadAuditTable page={params.page} perPage={params.per_page} onPage={onPage} />
        )}
      </div>
    </>
  );
}

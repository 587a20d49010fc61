import { DOCUMENT_TYPE_LABELS, type DocumentListItem, type PaymentListItem } from '@gewst/domain';
import { Link, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import { documentListQuery } from '../../api/documents';
import { paymentListQuery } from '../../api/payments';
import { DataTable } from '../../components/DataTable';
import { DocumentStatusChip } from '../documents/DocumentStatusChip';
import { formatDateTime, formatMoney } from '../../lib/format';

const t = {
  documents: 'Dokumente dieser Betriebsstätte',
  noDocuments: 'Dieser Betriebsstätte ist noch kein Dokument zugeordnet.',
  payments: 'Zahlungsdaten dieser Betriebsstätte',
  noPayments: 'Für diese Betriebsstätte gibt es noch keine Zahlungsdaten.',
  file: 'Datei',
  type: 'Typ',
  year: 'Jahr',
  status: 'Status',
  uploaded: 'Hochgeladen',
  tax: 'Festgesetzte Steuer',
  prepayments: 'Vorauszahlungen',
  paid: 'Bezahlt',
  open: 'Offen',
  unknownType: 'nicht erkannt',
};

/** The newest 100 of each: enough for one establishment's history of notices and years. */
const LIMIT = 100;

/** Establishment view (PRODUCT.md): its documents and its payment data per year, each linked. */
export function EstablishmentActivity({
  companyId,
  masterDataId,
}: {
  companyId: number;
  masterDataId: number;
}) {
  const navigate = useNavigate();
  const documents = useQuery(
    documentListQuery({
      company_id: companyId,
      master_data_id: masterDataId,
      per_page: LIMIT,
      orderBy: 'created_at',
      orderDirection: 'desc',
    }),
  );
  const payments = useQuery(
    paymentListQuery({
      company_id: companyId,
      master_data_id: masterDataId,
      per_page: LIMIT,
      orderBy: 'year',
      orderDirection: 'desc',
    }),
  );
  const docLink = (row: DocumentListItem) => `/dokumente/${row.id}`;
  const yearLink = (row: PaymentListItem) => `/zahlungsdaten/${row.master_data_id}/${row.year}`;
  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-labelledby="md-documents-title">
        <Typography id="md-documents-title" variant="h6" component="h2" gutterBottom>
          {t.documents}
        </Typography>
        <DataTable
          label={t.documents}
          query={documents}
          rowKey={(row) => String(row.id)}
          empty={{ title: t.noDocuments }}
          onRowClick={(row) => void navigate(docLink(row))}
          columns={[
            {
              id: 'filename',
              header: t.file,
              // a scanner's long file name is cut with "…" (full name as tooltip)
              ellipsis: (row) => row.filename,
              maxWidth: 320,
              cell: (row) => (
                <Link component={RouterLink} to={docLink(row)}>
                  {row.filename}
                </Link>
              ),
            },
            {
              id: 'type',
              header: t.type,
              cell: (row) => (row.type ? DOCUMENT_TYPE_LABELS[row.type] : t.unknownType),
            },
            { id: 'year', header: t.year, cell: (row) => row.erhebungszeitraum ?? '–' },
            { id: 'status', header: t.status, cell: (row) => <DocumentStatusChip status={row.status} /> },
            {
              id: 'created_at',
              header: t.uploaded,
              nowrap: true,
              cell: (row) => formatDateTime(row.created_at),
            },
          ]}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-labelledby="md-payments-title">
        <Typography id="md-payments-title" variant="h6" component="h2" gutterBottom>
          {t.payments}
        </Typography>
        <DataTable
          label={t.payments}
          query={payments}
          rowKey={(row) => String(row.year)}
          empty={{ title: t.noPayments }}
          onRowClick={(row) => void navigate(yearLink(row))}
          columns={[
            {
              id: 'year',
              header: t.year,
              cell: (row) => (
                <Link component={RouterLink} to={yearLink(row)}>
                  {row.year}
                </Link>
              ),
            },
            { id: 'tax', header: t.tax, align: 'right', cell: (row) => formatMoney(row.festgesetzte_steuer) },
            {
              id: 'vz',
              header: t.prepayments,
              align: 'right',
              cell: (row) => formatMoney(row.vorauszahlungen),
            },
            { id: 'paid', header: t.paid, align: 'right', cell: (row) => formatMoney(row.bezahlt) },
            { id: 'open', header: t.open, align: 'right', cell: (row) => formatMoney(row.offen) },
          ]}
        />
      </Paper>
    </>
  );
}

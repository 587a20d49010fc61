import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { DOCUMENT_TYPE_LABELS, PAYMENT_LINE_KIND_LABELS } from '@gewst/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { traceQuery } from '../../api/reports';
import type { QueryParams } from '../../api/url';
import { QueryError } from '../../components/QueryState';
import { de } from '../../i18n/de';
import { reportingTexts as t } from '../../i18n/reporting';
import { formatDate, formatMoney } from '../../lib/format';
import { Pager } from './cells';

/** What lies behind one figure: the payment lines, notices and bookings it sums. */
export function TraceDialog({ params, onClose }: { params: QueryParams | null; onClose: () => void }) {
  // The figure and counts cover all lines; the server lists one page of them.
  const [paged, setPaged] = useState<{ of: QueryParams | null; page: number }>({ of: null, page: 1 });
  const page = paged.of === params ? paged.page : 1;
  const q = useQuery({ ...traceQuery({ ...(params ?? {}), page }), enabled: params !== null });
  const data = q.data;
  const pager = data ? <Pager meta={data.meta} onPage={(p) => setPaged({ of: params, page: p })} /> : null;
  const assessed = data !== undefined && data.payment_lines.length === 0 && data.documents.length > 0;
  return (
    <Dialog open={params !== null} onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="trace-title">
      <DialogTitle id="trace-title">
        {data ? `${data.title}: ${formatMoney(data.summe)}` : de.common.loading}
      </DialogTitle>
      <DialogContent>
        {q.isFetching ? <LinearProgress /> : null}
        {q.isError ? <QueryError error={q.error} onRetry={() => void q.refetch()} /> : null}
        {data ? (
          <>
            <Typography variant="subtitle1" sx={{ mt: 1 }}>
              {t.trace.lines} ({assessed ? 0 : data.meta.total})
            </Typography>
            {data.payment_lines.length ? (
              <Table size="small" aria-label={t.trace.lines}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t.columns.designation}</TableCell>
                    <TableCell>{t.columns.year}</TableCell>
                    <TableCell>{t.columns.kind}</TableCell>
                    <TableCell align="right">{t.columns.betrag}</TableCell>
                    <TableCell>{t.trace.dueDate}</TableCell>
                    <TableCell>{t.trace.payDay}</TableCell>
                    <TableCell>{t.trace.status}</TableCell>
                    <TableCell>{t.trace.reason}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.payment_lines.map((l) => (
                    <TableRow key={l.id}>
                      <TableCell>
                        <Link component={RouterLink} to={`/zahlungsdaten/${l.master_data_id}/${l.year}`}>
                          {l.designation}
                        </Link>{' '}
                        <Box component="span" sx={{ color: 'text.secondary' }}>
                          {l.gemeinde}
                        </Box>
                      </TableCell>
                      <TableCell>{l.year}</TableCell>
                      <TableCell>
                        {PAYMENT_LINE_KIND_LABELS[l.kind]}
                        {l.quartal ? ` Q${l.quartal}` : ''}
                      </TableCell>
                      <TableCell align="right">{formatMoney(l.betrag)}</TableCell>
                      <TableCell>{formatDate(l.faellig_am)}</TableCell>
                      <TableCell>{formatDate(l.zahltag)}</TableCell>
                      <TableCell>{l.status}</TableCell>
                      <TableCell sx={{ maxWidth: 320 }}>{l.reason}</TableCell>
                    </TableRow>
                  ))}
                  <TableRow>
                    <TableCell component="th" scope="row" colSpan={3} sx={{ fontWeight: 700 }}>
                      {t.trace.sum}
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 700 }}>
                      {formatMoney(data.summe)}
                    </TableCell>
                    <TableCell colSpan={4} />
                  </TableRow>
                </TableBody>
              </Table>
            ) : (
              <Typography color="text.secondary">{t.trace.none}</Typography>
            )}
            {assessed ? null : pager}
            <Typography variant="subtitle1" sx={{ mt: 2 }}>
              {t.trace.documents} ({assessed ? data.meta.total : data.documents.length})
            </Typography>
            {data.documents.length ? (
              <Table size="small" aria-label={t.trace.documents}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t.trace.file}</TableCell>
                    <TableCell>{t.trace.type}</TableCell>
                    <TableCell>{t.columns.designation}</TableCell>
                    <TableCell>{t.columns.year}</TableCell>
                    <TableCell>{t.trace.noticeDate}</TableCell>
                    <TableCell align="right">{t.trace.assessedTax}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.documents.map((d) => (
                    <TableRow key={`${d.id}-${d.master_data_id}-${d.year}`}>
                      <TableCell>
                        <Link component={RouterLink} to={`/dokumente/${d.id}`}>
                          {d.filename}
                        </Link>
                      </TableCell>
                      <TableCell>
                        {d.type ? ((DOCUMENT_TYPE_LABELS as Record<string, string>)[d.type] ?? d.type) : ''}
                      </TableCell>
                      <TableCell>{d.designation}</TableCell>
                      <TableCell>{d.year}</TableCell>
                      <TableCell>{formatDate(d.bescheid_datum)}</TableCell>
                      <TableCell align="right">{formatMoney(d.festgesetzte_steuer)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : (
              <Typography color="text.secondary">{t.trace.none}</Typography>
            )}
            {assessed ? pager : null}
            <Typography variant="subtitle1" sx={{ mt: 2 }}>
              {t.trace.bookings}
            </Typography>
            {data.bookings.length ? (
              data.bookings.map((b) => (
                <Link key={b.id} component={RouterLink} to={`/buchungen/${b.session_id}`} sx={{ mr: 2 }}>
                  {formatMoney(b.betrag)}
                </Link>
              ))
            ) : (
              <Alert severity="info" variant="outlined">
                {t.trace.noBookings}
              </Alert>
            )}
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{de.common.close}</Button>
      </DialogActions>
    </Dialog>
  );
}

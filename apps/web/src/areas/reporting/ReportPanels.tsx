import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  Link,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { PAYMENT_LINE_KIND_LABELS, type ReportName } from '@gewst/domain';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessages } from '../../api/errors';
import { type ReportTypes, useAdoptProvision } from '../../api/reports';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { reportingTexts as t } from '../../i18n/reporting';
import { formatDate, formatMoney } from '../../lib/format';
import { appStore } from '../../store/store';
import { DifferenceCell, MoneyCell, type OpenTrace, Pager, RateCell } from './cells';

const ReportChart = lazy(() => import('./ReportCharts'));
const c = t.columns;

function Chart(props: Parameters<typeof ReportChart>[0]) {
  return (
    <Suspense fallback={<Skeleton variant="rectangular" height={260} />}>
      <ReportChart {...props} />
    </Suspense>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Grid({ label, head, children }: { label: string; head: ReactNode[]; children: ReactNode }) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((h, i) => (
              <TableCell key={i} align={i === 0 ? 'left' : 'right'}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

const Empty = () => <Alert severity="info">{t.empty}</Alert>;

interface PanelProps<N extends ReportName> {
  data: ReportTypes[N];
  onTrace: OpenTrace;
  onPage: (page: number) => void;
}

function ExpensePanel({ data, onTrace, onPage }: PanelProps<'expense'>) {
  const byEst = data.filter.group_by === 'betriebsstaette';
  const scope = { ags: data.filter.ags ?? undefined };
  if (!data.years.some((y) => Number(y.aufwand) !== 0) && !data.rows.length) return <Empty />;
  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: { md: '1fr 1fr' }, gap: 2, mb: 2 }}>
        <Chart
          title={t.sections.chartYears}
          category="year"
          data={[...data.years].reverse().map((y) => ({ ...y, year: String(y.year) }))}
          series={[
            { key: 'bezahlt', label: c.bezahlt, color: '#1264af' },
            { key: 'offen', label: c.offen, color: '#b0bec5' },
          ]}
        />
        <Chart
          title={t.sections.chartTop}
          category="gemeinde"
          horizontal
          data={data.top}
          series={[{ key: 'aufwand', label: c.aufwand, color: '#2D3A43' }]}
        />
      </Box>
      <Section title={t.sections.years}>
        <Grid
          label={t.sections.years}
          head={[
            c.year,
            c.festgesetzt,
            c.vorauszahlungen,
            c.bezahlt,
            c.gebucht,
            c.offen,
            c.aufwand,
            c.differenz,
            c.hebesatzEffekt,
            c.anteilEffekt,
            c.sonstiges,
          ]}
        >
          {data.years.map((y) => {
            const tr = (column: string) => ({ ...scope, column, year: y.year });
            return (
              <TableRow key={y.year}>
                <TableCell>{y.year}</TableCell>
                <MoneyCell value={y.festgesetzt} trace={tr('festgesetzt')} onTrace={onTrace} />
                <MoneyCell value={y.vorauszahlungen} trace={tr('vorauszahlungen')} onTrace={onTrace} />
                <MoneyCell value={y.bezahlt} trace={tr('bezahlt')} onTrace={onTrace} />
                <MoneyCell value={y.gebucht} />
                <MoneyCell value={y.offen} trace={tr('offen')} onTrace={onTrace} />
                <MoneyCell value={y.aufwand} strong />
                <MoneyCell value={y.aenderung?.differenz} />
                <MoneyCell value={y.aenderung?.hebesatz_effekt} />
                <MoneyCell value={y.aenderung?.anteil_effekt} />
                <MoneyCell value={y.aenderung?.sonstiges} />
              </TableRow>
            );
          })}
          <TableRow>
            <TableCell sx={{ fontWeight: 700 }}>{c.summe}</TableCell>
            <MoneyCell value={data.total.festgesetzt} strong />
            <MoneyCell value={data.total.vorauszahlungen} strong />
            <MoneyCell value={data.total.bezahlt} strong />
            <MoneyCell value={data.total.gebucht} strong />
            <MoneyCell value={data.total.offen} strong />
            <MoneyCell value={data.total.aufwand} strong />
            <TableCell colSpan={4} />
          </TableRow>
        </Grid>
      </Section>
      <Section title={byEst ? t.sections.rowsEstablishment : t.sections.rows}>
        <Grid
          label={byEst ? t.sections.rowsEstablishment : t.sections.rows}
          head={[
            c.year,
            c.gemeinde,
            ...(byEst ? [c.designation] : []),
            c.festgesetzt,
            c.vorauszahlungen,
            c.bezahlt,
            c.offen,
            c.aufwand,
            c.messbetrag,
            c.hebesatz,
          ]}
        >
          {data.rows.map((r) => {
            const tr = (column: string) => ({
              column,
              year: r.year,
              ags: r.ags,
              ...(r.master_data_id ? { master_data_id: r.master_data_id } : {}),
            });
            return (
              <TableRow key={`${r.year}-${r.ags}-${r.master_data_id ?? ''}`}>
                <TableCell>{r.year}</TableCell>
                <TableCell align="right">{r.gemeinde}</TableCell>
                {byEst ? <TableCell align="right">{r.designation}</TableCell> : null}
                <MoneyCell value={r.festgesetzt} trace={tr('festgesetzt')} onTrace={onTrace} />
                <MoneyCell value={r.vorauszahlungen} trace={tr('vorauszahlungen')} onTrace={onTrace} />
                <MoneyCell value={r.bezahlt} trace={tr('bezahlt')} onTrace={onTrace} />
                <MoneyCell value={r.offen} trace={tr('offen')} onTrace={onTrace} />
                <MoneyCell value={r.aufwand} strong />
                <MoneyCell value={r.messbetrag} />
                <RateCell value={r.hebesatz} />
              </TableRow>
            );
          })}
        </Grid>
        <Pager meta={data.meta} onPage={onPage} />
      </Section>
      {data.changes.length ? (
        <Section title={t.sections.changes}>
          <Grid
            label={t.sections.changes}
            head={[
              c.year,
              c.gemeinde,
              c.vorjahr,
              c.aufwand,
              c.differenz,
              c.hebesatz,
              c.hebesatzEffekt,
              c.messbetrag,
              c.anteilEffekt,
              c.sonstiges,
            ]}
          >
            {data.changes.map((x) => (
              <TableRow key={`${x.year}-${x.ags}`}>
                <TableCell>{x.year}</TableCell>
                <TableCell align="right">{x.gemeinde}</TableCell>
                <MoneyCell value={x.vorjahr} />
                <MoneyCell value={x.aufwand} />
                <MoneyCell value={x.differenz} strong />
                <TableCell align="right">
                  {x.hebesatz_vorjahr ?? '–'} → {x.hebesatz ?? '–'} %
                </TableCell>
                <MoneyCell value={x.hebesatz_effekt} />
                <TableCell align="right">
                  {x.messbetrag_vorjahr ? formatMoney(x.messbetrag_vorjahr) : '–'} →{' '}
                  {x.messbetrag ? formatMoney(x.messbetrag) : '–'}
                </TableCell>
                <MoneyCell value={x.anteil_effekt} />
                <MoneyCell value={x.sonstiges} />
              </TableRow>
            ))}
          </Grid>
        </Section>
      ) : null}
    </>
  );
}

/** Adopting the proposal as the provision of the company and year, after a confirmation. */
function AdoptProvision({ data }: { data: ReportTypes['provision'] }) {
  const p = t.provision;
  const adopt = useAdoptProvision();
  const [open, setOpen] = useState(false);
  const year = data.filter.year;
  const amount = formatMoney(data.total.rueckstellung);
  const negative = data.total.rueckstellung.startsWith('-');
  const confirm = () =>
    adopt.mutate(
      {
        company_id: data.filter.company_id,
        year,
        messbetrag: data.messbetrag.quelle === 'eingabe' ? (data.messbetrag.betrag ?? undefined) : undefined,
        rueckstellung: data.total.rueckstellung,
      },
      {
        onSuccess: () => {
          appStore.showSnackbar(p.adopted(year, amount), 'success');
          setOpen(false);
        },
        onError: (error) => {
          appStore.showSnackbar(errorMessages(error), 'error');
          setOpen(false);
        },
      },
    );
  return (
    <>
      <Tooltip title={negative ? p.negative : ''}>
        <span>
          <Button variant="outlined" size="small" disabled={negative} onClick={() => setOpen(true)}>
            {p.adopt}
          </Button>
        </span>
      </Tooltip>
      <ConfirmDialog
        open={open}
        title={p.adoptTitle(year)}
        text={p.adoptText(data.filter.company_name, year, amount)}
        confirmLabel={p.adopt}
        destructive={false}
        busy={adopt.isPending}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function ProvisionPanel({ data, onTrace, onPage }: PanelProps<'provision'>) {
  const p = t.provision;
  const year = data.filter.year;
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <Chip
          label={p.messbetrag(
            data.messbetrag.betrag ? formatMoney(data.messbetrag.betrag) : '–',
            p.quellen[data.messbetrag.quelle],
          )}
        />
        <Chip label={p.zerlegung[data.zerlegung.quelle]} />
        <Chip color="primary" label={`${p.total}: ${formatMoney(data.total.rueckstellung)}`} />
        <AdoptProvision data={data} />
      </Box>
      {data.hinweise.map((h) => (
        <Alert key={h} severity="info" sx={{ mb: 1 }}>
          {h}
        </Alert>
      ))}
      {data.rows.length ? (
        <>
          <Grid
            label={t.tabs.provision}
            head={[
              c.gemeinde,
              c.quelle,
              c.anteil,
              c.hebesatz,
              c.erwartet,
              c.vorauszahlungen,
              c.rueckstellung,
            ]}
          >
            {data.rows.map((r) => (
              <TableRow key={r.ags}>
                <TableCell>
                  {r.gemeinde}{' '}
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    ({r.ags})
                  </Box>
                </TableCell>
                <TableCell align="right">{p.rowQuelle[r.quelle]}</TableCell>
                <MoneyCell value={r.anteil} />
                <RateCell value={r.hebesatz} />
                {r.quelle === 'bescheid' ? (
                  <MoneyCell
                    value={r.erwartet}
                    trace={{ column: 'erwartet', year, ags: r.ags }}
                    onTrace={onTrace}
                  />
                ) : (
                  <MoneyCell value={r.erwartet} />
                )}
                <MoneyCell
                  value={r.vorauszahlungen}
                  trace={{ column: 'vorauszahlungen', year, ags: r.ags }}
                  onTrace={onTrace}
                />
                <MoneyCell value={r.rueckstellung} strong />
              </TableRow>
            ))}
            <TableRow>
              <TableCell sx={{ fontWeight: 700 }}>{c.summe}</TableCell>
              <TableCell colSpan={3} />
              <MoneyCell value={data.total.erwartet} strong />
              <MoneyCell
                value={data.total.vorauszahlungen}
                strong
                trace={{ column: 'vorauszahlungen', year }}
                onTrace={onTrace}
              />
              <MoneyCell value={data.total.rueckstellung} strong />
            </TableRow>
          </Grid>
          <Pager meta={data.meta} onPage={onPage} />
        </>
      ) : (
        <Empty />
      )}
    </>
  );
}

const GROUPS = ['vorauszahlungen', 'abschlusszahlungen', 'erstattungen', 'zinsen', 'zuschlaege'] as const;
const monthLabel = (m: string) => `${m.slice(5, 7)}/${m.slice(0, 4)}`;

function CashPlanPanel({ data, onTrace, onPage }: PanelProps<'cashplan'>) {
  const from = data.filter.from;
  const ags = data.filter.ags ?? undefined;
  return (
    <>
      <Alert severity={data.ueberfaellig.anzahl ? 'warning' : 'info'} sx={{ mb: 2 }}>
        {data.ueberfaellig.anzahl ? (
          <Link
            component="button"
            type="button"
            onClick={() => onTrace({ column: 'ueberfaellig', from, ags })}
          >
            {t.cashplan.overdue(data.ueberfaellig.anzahl, formatMoney(data.ueberfaellig.summe))}
          </Link>
        ) : null}{' '}
        {t.cashplan.shifted}
      </Alert>
      {Number(data.total.summe) === 0 && data.municipalities.length === 0 ? (
        <Alert severity="info" data-testid="cashplan-empty">
          {t.cashplan.empty(
            monthLabel(data.filter.months[0] ?? from),
            monthLabel(data.filter.months.at(-1) ?? from),
          )}
        </Alert>
      ) : (
        <CashPlanTables data={data} onTrace={onTrace} onPage={onPage} />
      )}
    </>
  );
}

function CashPlanTables({ data, onTrace, onPage }: PanelProps<'cashplan'>) {
  const from = data.filter.from;
  const ags = data.filter.ags ?? undefined;
  return (
    <>
      <Chart
        title={t.sections.chartMonths}
        category="label"
        data={data.months.map((m) => ({ ...m, label: monthLabel(m.month) }))}
        series={[
          { key: 'vorauszahlungen', label: c.vorauszahlungen, color: '#1264af' },
          { key: 'abschlusszahlungen', label: c.abschlusszahlungen, color: '#2D3A43' },
          { key: 'zinsen', label: c.zinsen, color: '#b71c1c' },
          { key: 'zuschlaege', label: c.zuschlaege, color: '#e65100' },
        ]}
      />
      {(['months', 'quarters'] as const).map((kind) => (
        <Section key={kind} title={t.sections[kind]}>
          <Grid
            label={t.sections[kind]}
            head={[kind === 'months' ? c.month : c.quarter, ...GROUPS.map((g) => c[g]), c.summe]}
          >
            {(kind === 'months' ? data.months : data.quarters).map((m) => {
              const key = 'month' in m ? m.month : m.quarter;
              const tr = (column: string) =>
                'month' in m ? { column, from, ags, month: m.month } : undefined;
              return (
                <TableRow key={key}>
                  <TableCell>{'month' in m ? monthLabel(m.month) : m.quarter.replace('-', ' ')}</TableCell>
                  {GROUPS.map((g) => (
                    <MoneyCell key={g} value={m[g]} trace={tr(g)} onTrace={onTrace} />
                  ))}
                  <MoneyCell value={m.summe} strong trace={tr('summe')} onTrace={onTrace} />
                </TableRow>
              );
            })}
            <TableRow>
              <TableCell sx={{ fontWeight: 700 }}>{c.summe}</TableCell>
              {GROUPS.map((g) => (
                <MoneyCell
                  key={g}
                  value={data.total[g]}
                  strong
                  trace={{ column: g, from, ags }}
                  onTrace={onTrace}
                />
              ))}
              <MoneyCell
                value={data.total.summe}
                strong
                trace={{ column: 'summe', from, ags }}
                onTrace={onTrace}
              />
            </TableRow>
          </Grid>
        </Section>
      ))}
      <Section title={t.sections.municipalities}>
        <Grid
          label={t.sections.municipalities}
          head={[c.gemeinde, ...data.filter.months.map(monthLabel), c.summe]}
        >
          {data.municipalities.map((m) => (
            <TableRow key={m.ags}>
              <TableCell>{m.gemeinde}</TableCell>
              {m.betraege.map((b, i) => (
                <MoneyCell
                  key={data.filter.months[i]}
                  value={Number(b) === 0 ? null : b}
                  trace={{ column: 'summe', from, ags: m.ags, month: data.filter.months[i] }}
                  onTrace={onTrace}
                />
              ))}
              <MoneyCell
                value={m.summe}
                strong
                trace={{ column: 'summe', from, ags: m.ags }}
                onTrace={onTrace}
              />
            </TableRow>
          ))}
        </Grid>
        <Pager meta={data.meta} onPage={onPage} />
      </Section>
    </>
  );
}

/** No interest in the selection: what the report shows, where interest comes from, what to do. */
function InterestEmpty({ filter }: { filter: ReportTypes['interest']['filter'] }) {
  const e = t.interest.empty;
  const years =
    filter.year_from === filter.year_to ? `${filter.year_from}` : `${filter.year_from}–${filter.year_to}`;
  return (
    <Alert severity="info" data-testid="interest-empty">
      <AlertTitle>{e.title(filter.gemeinde ? `${years} (${filter.gemeinde})` : years)}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {e.what}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {e.source}
      </Typography>
      <Typography variant="body2">{e.todo}</Typography>
    </Alert>
  );
}

function InterestPanel({ data, onTrace, onPage }: PanelProps<'interest'>) {
  const ags = data.filter.ags ?? undefined;
  if (!data.rows.length && !data.abweichungen.length) return <InterestEmpty filter={data.filter} />;
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t.interest.totals(formatMoney(data.total.nicht_abziehbar), formatMoney(data.total.steuerpflichtig))}
      </Alert>
      {data.rows.length ? (
        <Grid
          label={t.tabs.interest}
          head={[c.year, c.kind, c.behandlung, c.betrag, c.bescheid, c.eigene, c.differenz, c.abweichungen]}
        >
          {data.rows.map((r) => (
            <TableRow key={`${r.year}-${r.kind}`}>
              <TableCell>{r.year}</TableCell>
              <TableCell align="right">{PAYMENT_LINE_KIND_LABELS[r.kind]}</TableCell>
              <TableCell align="right">{t.interest.treatment[r.behandlung]}</TableCell>
              <MoneyCell
                value={r.betrag}
                trace={{ column: 'betrag', year: r.year, kind: r.kind, ags }}
                onTrace={onTrace}
              />
              <MoneyCell value={r.bescheid} />
              <MoneyCell value={r.eigene} />
              <DifferenceCell value={r.differenz} />
              <TableCell align="right">
                {r.abweichungen ? <Chip size="small" color="warning" label={r.abweichungen} /> : '0'}
              </TableCell>
            </TableRow>
          ))}
        </Grid>
      ) : (
        <Empty />
      )}
      <Section title={t.sections.differences}>
        {data.abweichungen.length ? (
          <>
            <Grid
              label={t.sections.differences}
              head={[c.year, c.designation, c.bescheid, c.eigene, c.differenz, c.zeitraum]}
            >
              {data.abweichungen.map((a) => (
                <TableRow key={`${a.year}-${a.master_data_id}`}>
                  <TableCell>{a.year}</TableCell>
                  <TableCell align="right">
                    <Link component={RouterLink} to={`/zahlungsdaten/${a.master_data_id}/${a.year}`}>
                      {a.designation}
                    </Link>{' '}
                    ({a.gemeinde})
                  </TableCell>
                  <MoneyCell value={a.bescheid} />
                  <MoneyCell value={a.eigene} />
                  <MoneyCell value={a.differenz} highlight />
                  <TableCell align="right">
                    {formatDate(a.von)} – {formatDate(a.bis)} ({a.monate} Monate, Basis {formatMoney(a.basis)}
                    )
                  </TableCell>
                </TableRow>
              ))}
            </Grid>
            <Pager meta={data.meta} onPage={onPage} />
          </>
        ) : (
          <Typography color="text.secondary">{t.interest.noDifferences}</Typography>
        )}
      </Section>
    </>
  );
}

const linkTo = (l: { kind: string; id: number; year: number | null }) =>
  l.kind === 'document'
    ? `/dokumente/${l.id}`
    : l.kind === 'payment'
      ? `/zahlungsdaten/${l.id}/${l.year}`
      : l.kind === 'zerlegung'
        ? `/gewst-zerlegung/${l.id}`
        : `/stammdaten/${l.id}`;

function ReconciliationPanel({ data, onTrace, onPage }: PanelProps<'reconciliation'>) {
  const r = t.reconciliation;
  if (!data.rows.length) return <Empty />;
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        {data.years.map((y) => (
          <Chip
            key={y.year}
            color={y.abweichungen ? 'warning' : 'success'}
            label={`${y.year}: ${y.abweichungen} ${c.abweichungen}`}
          />
        ))}
      </Box>
      <Grid
        label={t.tabs.reconciliation}
        head={[
          c.year,
          c.gemeinde,
          c.anteil,
          c.hebesatz,
          c.erwartet,
          c.festgesetzt,
          c.bezahlt,
          c.abwFestsetzung,
          c.abwZahlung,
          c.ursachen,
        ]}
      >
        {data.rows.map((x) => {
          const tr = (column: string) => ({ column, year: x.year, ags: x.ags });
          return (
            <TableRow
              key={`${x.year}-${x.ags}`}
              sx={x.ursachen.length ? { bgcolor: 'rgba(255, 193, 7, 0.08)' } : undefined}
            >
              <TableCell>{x.year}</TableCell>
              <TableCell align="right">{x.gemeinde}</TableCell>
              <MoneyCell value={x.erwartet_anteil} />
              <RateCell value={x.erwartet_hebesatz} />
              <MoneyCell value={x.erwartet} />
              <MoneyCell value={x.festgesetzt} trace={tr('festgesetzt')} onTrace={onTrace} />
              <MoneyCell value={x.bezahlt} trace={tr('bezahlt')} onTrace={onTrace} />
              <DifferenceCell value={x.abweichung_festsetzung} />
              <DifferenceCell value={x.abweichung_zahlung} />
              <TableCell>
                {x.ursachen.length
                  ? x.ursachen.map((u, i) => (
                      <Box key={i} sx={{ mb: 0.5 }}>
                        <Chip size="small" color="warning" label={r.causes[u.code]} sx={{ mr: 1 }} />
                        <Link component={RouterLink} to={linkTo(u.link)} title={u.message}>
                          {u.message}
                        </Link>
                      </Box>
                    ))
                  : r.ok}
              </TableCell>
            </TableRow>
          );
        })}
      </Grid>
      <Pager meta={data.meta} onPage={onPage} />
    </>
  );
}

export function ReportView({
  report,
  data,
  onTrace,
  onPage,
}: {
  report: ReportName;
  data: ReportTypes[ReportName];
  onTrace: OpenTrace;
  onPage: (page: number) => void;
}) {
  switch (report) {
    case 'expense':
      return <ExpensePanel data={data as ReportTypes['expense']} onTrace={onTrace} onPage={onPage} />;
    case 'provision':
      return <ProvisionPanel data={data as ReportTypes['provision']} onTrace={onTrace} onPage={onPage} />;
    case 'cashplan':
      return <CashPlanPanel data={data as ReportTypes['cashplan']} onTrace={onTrace} onPage={onPage} />;
    case 'interest':
      return <InterestPanel data={data as ReportTypes['interest']} onTrace={onTrace} onPage={onPage} />;
    case 'reconciliation':
      return (
        <ReconciliationPanel data={data as ReportTypes['reconciliation']} onTrace={onTrace} onPage={onPage} />
      );
  }
}

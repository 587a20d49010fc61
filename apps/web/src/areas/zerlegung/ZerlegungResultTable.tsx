import type { ZerlegungResponse, ZerlegungVergleichZeile } from '@gewst/domain';
import {
  Alert,
  Chip,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
} from '@mui/material';
import { deZerlegung } from '../../i18n/zerlegung';
import { formatMoney } from '../../lib/format';
import { shareSumCheck } from './lines';

const t = deZerlegung.table;
const percent = new Intl.NumberFormat('de-DE', {
  style: 'percent',
  minimumFractionDigits: 4,
  maximumFractionDigits: 4,
});

interface Props {
  result: ZerlegungResponse;
  /** Display name of a result line (from its first input line). */
  nameOf: (quellzeile: number, ags: string) => string;
  vergleich?: ZerlegungVergleichZeile[];
  label: string;
}

/** Shares, Hebesatz and expected tax per municipality, with sums; comparison columns when notices exist. */
export function ZerlegungResultTable({ result, nameOf, vergleich = [], label }: Props) {
  const compare = vergleich.length > 0;
  const byAgs = new Map(vergleich.map((v) => [v.ags, v]));
  const inResult = new Set(result.zeilen.map((z) => z.ags));
  // Municipalities a notice names but this Zerlegung does not (expected share 0.00).
  const onlyInNotices = vergleich.filter((v) => !inResult.has(v.ags));
  const check = shareSumCheck(result.summe.anteil, result.messbetrag);
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t.gemeinde}</TableCell>
            <TableCell>{t.ags}</TableCell>
            <TableCell align="right">{t.loehne}</TableCell>
            <TableCell align="right">{t.quote}</TableCell>
            <TableCell align="right">{t.anteil}</TableCell>
            <TableCell align="right">{t.hebesatz}</TableCell>
            <TableCell align="right">{t.steuer}</TableCell>
            {compare ? <TableCell align="right">{t.bescheid}</TableCell> : null}
            {compare ? <TableCell align="right">{t.abweichung}</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {result.zeilen.map((z) => {
            const v = byAgs.get(z.ags);
            const deviates = v?.abweichung != null && v.abweichung !== '0.00';
            return (
              <TableRow key={z.ags} data-ags={z.ags}>
                <TableCell>
                  {nameOf(z.quellzeilen[0] ?? -1, z.ags)}
                  {z.geschaeftsleitung ? <Chip size="small" label={t.glYes} sx={{ ml: 1 }} /> : null}
                  {z.kleinbetrag_umgelegt ? (
                    <Chip size="small" color="warning" label={t.kleinbetrag} sx={{ ml: 1 }} />
                  ) : null}
                </TableCell>
                <TableCell>{z.ags}</TableCell>
                <TableCell align="right">{formatMoney(z.arbeitsloehne_gerundet)}</TableCell>
                <TableCell align="right">{percent.format(Number(z.quote))}</TableCell>
                <TableCell align="right" data-testid={`anteil-${z.ags}`}>
                  {formatMoney(z.anteil)}
                </TableCell>
                <TableCell align="right">{z.hebesatz == null ? '–' : `${z.hebesatz} %`}</TableCell>
                <TableCell align="right">{z.steuer == null ? '–' : formatMoney(z.steuer)}</TableCell>
                {compare ? (
                  <TableCell align="right">{v?.bescheid ? formatMoney(v.bescheid) : '–'}</TableCell>
                ) : null}
                {compare ? (
                  <TableCell
                    align="right"
                    sx={deviates ? { color: 'error.main', fontWeight: 600 } : undefined}
                  >
                    {v?.abweichung ? formatMoney(v.abweichung) : '–'}
                  </TableCell>
                ) : null}
              </TableRow>
            );
          })}
          {onlyInNotices.map((v) => (
            <TableRow key={v.ags} data-ags={v.ags}>
              <TableCell>{nameOf(-1, v.ags)}</TableCell>
              <TableCell>{v.ags}</TableCell>
              <TableCell align="right">–</TableCell>
              <TableCell align="right">–</TableCell>
              <TableCell align="right" data-testid={`anteil-${v.ags}`}>
                {formatMoney(v.erwartet)}
              </TableCell>
              <TableCell align="right">–</TableCell>
              <TableCell align="right">–</TableCell>
              <TableCell align="right">{v.bescheid ? formatMoney(v.bescheid) : '–'}</TableCell>
              <TableCell align="right" sx={{ color: 'error.main', fontWeight: 600 }}>
                {v.abweichung ? formatMoney(v.abweichung) : '–'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          {/* the sum row reads like the body (MUI's footer is small and grey), bold, ruled off */}
          <TableRow
            data-testid="summe-row"
            sx={{
              '& > td': {
                color: 'text.primary',
                fontSize: 'body2.fontSize',
                fontWeight: 700,
                borderTop: 2,
                borderTopColor: 'text.primary',
              },
            }}
          >
            <TableCell colSpan={4}>{t.sum}</TableCell>
            <TableCell align="right" data-testid="summe-anteil">
              {formatMoney(result.summe.anteil)}
            </TableCell>
            <TableCell />
            <TableCell align="right" data-testid="summe-steuer">
              {result.summe.steuer == null ? '–' : formatMoney(result.summe.steuer)}
            </TableCell>
            {compare ? <TableCell /> : null}
            {compare ? <TableCell /> : null}
          </TableRow>
          <TableRow>
            <TableCell colSpan={compare ? 9 : 7} sx={{ borderBottom: 0, p: 0 }}>
              <Alert
                severity={check.matches ? 'success' : 'error'}
                data-testid="summe-check"
                sx={{ borderRadius: 0 }}
              >
                {check.matches
                  ? t.sumMatches(formatMoney(result.messbetrag))
                  : t.sumDeviates(
                      formatMoney(result.summe.anteil),
                      formatMoney(result.messbetrag),
                      formatMoney(check.difference),
                    )}
              </Alert>
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

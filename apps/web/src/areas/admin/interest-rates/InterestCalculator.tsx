import type { InterestCalculateResult } from '@gewst/domain';
import {
  Alert,
  Box,
  Button,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessages } from '../../../api/errors';
import { calculateInterest, type InterestCalculateParams } from '../../../api/interest';
import { deInterest } from '../../../i18n/interest';
import { formatDate, formatMoney } from '../../../lib/format';
import { DateField } from '../../../components/form/DateField';

const t = deInterest.calculator;

/**
 * "10.000,50", "10.000" or "10000.50" → plain decimal; the server validates the rest.
 * (Same rule as the Zerlegung form's `decimal`; a candidate for src/lib once shared.)
 */
export function normaliseAmount(input: string): string {
  const s = input.replace(/[\s€]/g, '');
  if (s.includes(',')) return s.replaceAll('.', '').replace(',', '.');
  return /^-?\d{1,3}(\.\d{3})+$/.test(s) ? s.replaceAll('.', '') : s;
}

/** Amount, first and last interest day → the §233a breakdown per rate period (server-side). */
export function InterestCalculator() {
  const [amount, setAmount] = useState('');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [kind, setKind] = useState<'auto' | 'nachzahlung' | 'erstattung'>('auto');
  const calc = useMutation({ mutationFn: (p: InterestCalculateParams) => calculateInterest(p) });
  const fieldErrors = calc.error instanceof ApiError ? (calc.error.fieldErrors ?? {}) : {};
  const fieldError = (name: string) => fieldErrors[name]?.join(' ');
  const otherErrors =
    calc.error &&
    Object.keys(fieldErrors).every((k) => ['amount', 'startDate', 'endDate', 'kind'].includes(k))
      ? Object.keys(fieldErrors).length === 0
        ? errorMessages(calc.error)
        : []
      : calc.error
        ? errorMessages(calc.error)
        : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    calc.mutate({
      amount: normaliseAmount(amount),
      startDate,
      endDate,
      ...(kind === 'auto' ? {} : { kind }),
    });
  };
  const result: InterestCalculateResult | undefined = calc.data;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="interest-calculator-title">
      <Typography id="interest-calculator-title" component="h2" variant="h6" gutterBottom>
        {t.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t.hint}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          label={t.amount}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={!!fieldError('amount')}
          helperText={fieldError('amount')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <DateField
          label={t.startDate}
          value={startDate}
          onChange={(iso) => setStartDate(iso)}
          error={!!fieldError('startDate')}
          helperText={fieldError('startDate')}
        />
        <DateField
          label={t.endDate}
          value={endDate}
          onChange={(iso) => setEndDate(iso)}
          error={!!fieldError('endDate')}
          helperText={fieldError('endDate')}
        />
        <TextField
          select
          label={t.kind}
          value={kind}
          onChange={(e) => setKind(e.target.value as typeof kind)}
          sx={{ minWidth: 200 }}
        >
          {(['auto', 'nachzahlung', 'erstattung'] as const).map((k) => (
            <MenuItem key={k} value={k}>
              {t.kinds[k]}
            </MenuItem>
          ))}
        </TextField>
        <Button
          type="submit"
          variant="contained"
          loading={calc.isPending}
          sx={{ alignSelf: 'flex-start', mt: 1 }}
        >
          {t.calculate}
        </Button>
      </Box>
      {otherErrors.length > 0 ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {otherErrors.join('; ')}
        </Alert>
      ) : null}
      {result ? (
        <Box sx={{ mt: 2 }} aria-live="polite" data-testid="interest-result">
          <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', mb: 1 }}>
            <span>
              {t.base}: <strong>{formatMoney(result.base)}</strong>
            </span>
            <span>
              {t.months}: <strong>{result.months}</strong>
            </span>
            <span>
              {t.interest}: <strong data-testid="interest-total">{formatMoney(result.interest)}</strong> (
              {t.kinds[result.kind]})
            </span>
          </Box>
          {result.note ? <Alert severity="info">{result.note}</Alert> : null}
          {result.periods.length > 0 ? (
            <Table size="small" aria-label={t.result}>
              <TableHead>
                <TableRow>
                  <TableCell>{t.period}</TableCell>
                  <TableCell align="right">{deInterest.rates.rate}</TableCell>
                  <TableCell align="right">{t.days}</TableCell>
                  <TableCell align="right">{t.periodInterest}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.periods.map((p) => (
                  <TableRow key={p.from}>
                    <TableCell>
                      {formatDate(p.from)} – {formatDate(p.to)}
                    </TableCell>
                    <TableCell align="right">{p.rate.replace('.', ',')} %</TableCell>
                    <TableCell align="right">{p.days}</TableCell>
                    <TableCell align="right">{formatMoney(p.interest)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : null}
        </Box>
      ) : null}
    </Paper>
  );
}

import AddIcon from '@mui/icons-material/Add';
import CropFreeIcon from '@mui/icons-material/CropFree';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  IconButton,
  InputAdornment,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { documentTexts as t } from '../../i18n/documents';
import { formatMoney } from '../../lib/format';
import {
  cellFromPickedText,
  type DraftRow,
  draftRowsOf,
  emptyDraftRow,
  LIST_COLUMNS,
  type ListFieldName,
  validateListRows,
} from './fieldValues';
import type { FieldValueDto } from '@gewst/domain';

/** A cell a rectangle is being drawn for: "vorauszahlungen.0.betrag". */
export const cellTarget = (name: string, row: number, key: string) => `${name}.${row}.${key}`;

export interface PickedCell {
  target: string;
  text: string;
}

/**
 * Vorauszahlungen and Zerlegungsanteile as rows: add, remove, edit, and pick each cell from
 * the PDF. Checked as the user types (unique quarters or municipalities, real dates and
 * amounts); the sum is shown below. Saved as one change of the field.
 */
export function ListFieldEditor({
  name,
  label,
  value,
  busy,
  picking,
  picked,
  onPickCell,
  onCancel,
  onSubmit,
}: {
  name: ListFieldName;
  label: string;
  value: FieldValueDto | undefined;
  busy: boolean;
  picking: string | null;
  picked: PickedCell | null;
  onPickCell: (target: string | null) => void;
  onCancel: () => void;
  onSubmit: (rows: NonNullable<ReturnType<typeof validateListRows>['value']>) => Promise<boolean>;
}) {
  const columns = LIST_COLUMNS[name];
  const [rows, setRows] = useState<DraftRow[]>(() => {
    const initial = draftRowsOf(name, value);
    return initial.length ? initial : [emptyDraftRow(name)];
  });
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const check = useMemo(() => validateListRows(name, rows), [name, rows]);

  const setCell = (row: number, key: string, text: string) => {
    setRows((all) => all.map((r, i) => (i === row ? { ...r, [key]: text } : r)));
    setTouched((all) => new Set(all).add(`${row}.${key}`));
  };

  // A rectangle drawn for one of our cells: its text, read as the column's kind.
  useEffect(() => {
    if (!picked) return;
    const [field, row, key] = picked.target.split('.');
    const col = columns.find((c) => c.key === key);
    if (field !== name || !col) return;
    setCell(Number(row), col.key, cellFromPickedText(col.kind, picked.text));
  }, [picked, columns, name]);

  const submit = async () => {
    setSubmitted(true);
    if (!check.value) return;
    await onSubmit(check.value);
  };
  const errorOf = (row: number, key: string) =>
    submitted || touched.has(`${row}.${key}`) ? check.errors[`${row}.${key}`] : undefined;

  return (
    <Box
      role="group"
      aria-label={t.review.listEditor(label)}
      data-testid={`list-editor-${name}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={{ '& td, & th': { px: 0.5 } }}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key}>
                  {t.review.listColumns[c.key as keyof typeof t.review.listColumns]}
                </TableCell>
              ))}
              <TableCell padding="none" />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, i) => (
              // Rows have no identity of their own while being typed; the position is it.
              <TableRow key={i} data-testid={`list-row-${i}`}>
                {columns.map((c) => {
                  const target = cellTarget(name, i, c.key);
                  const colLabel = t.review.listColumns[c.key as keyof typeof t.review.listColumns];
                  const error = errorOf(i, c.key);
                  return (
                    <TableCell
                      key={c.key}
                      sx={{ verticalAlign: 'top', minWidth: c.key === 'quartal' ? 70 : 110 }}
                    >
                      <TextField
                        size="small"
                        fullWidth
                        value={row[c.key] ?? ''}
                        disabled={busy}
                        placeholder={
                          t.review.listPlaceholders[c.kind as keyof typeof t.review.listPlaceholders]
                        }
                        onChange={(e) => setCell(i, c.key, e.target.value)}
                        onKeyDown={(e) => {
                          if (e.key === 'Enter') {
                            e.preventDefault();
                            void submit();
                          }
                        }}
                        error={error != null}
                        helperText={error}
                        slotProps={{
                          htmlInput: {
                            'aria-label': t.review.listCell(colLabel, i + 1),
                            'data-testid': `cell-${name}-${i}-${c.key}`,
                          },
                          input: {
                            endAdornment: (
                              <InputAdornment position="end" sx={{ ml: 0 }}>
                                <Tooltip title={t.review.pick(t.review.listCell(colLabel, i + 1))}>
                                  <IconButton
                                    size="small"
                                    edge="end"
                                    aria-label={t.review.pick(t.review.listCell(colLabel, i + 1))}
                                    aria-pressed={picking === target}
                                    color={picking === target ? 'primary' : 'default'}
                                    disabled={busy}
                                    onClick={() => onPickCell(picking === target ? null : target)}
                                  >
                                    <CropFreeIcon fontSize="inherit" />
                                  </IconButton>
                                </Tooltip>
                              </InputAdornment>
                            ),
                          },
                        }}
                      />
                    </TableCell>
                  );
                })}
                <TableCell padding="none" sx={{ verticalAlign: 'top', pt: 1 }}>
                  <Tooltip title={t.review.listRemove(i + 1)}>
                    <IconButton
                      size="small"
                      aria-label={t.review.listRemove(i + 1)}
                      disabled={busy}
                      onClick={() => {
                        setRows((all) => all.filter((_, j) => j !== i));
                        setTouched(new Set());
                      }}
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={busy}
          onClick={() => setRows((all) => [...all, emptyDraftRow(name, all.at(-1))])}
        >
          {t.review.listAdd}
        </Button>
        <Typography variant="body2" sx={{ flexGrow: 1, textAlign: 'right' }} data-testid={`list-sum-${name}`}>
          {check.sum != null ? t.review.listSum(formatMoney(check.sum)) : ''}
        </Typography>
      </Box>
      {submitted && check.value == null && rows.length > 0 ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t.review.listInvalid}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
        <Button size="small" onClick={onCancel} disabled={busy}>
          {t.review.cancelEdit}
        </Button>
        <Button size="small" variant="contained" loading={busy} onClick={() => void submit()}>
          {t.review.listSave}
        </Button>
      </Box>
    </Box>
  );
}

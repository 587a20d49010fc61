import {
  DOCUMENT_FIELD_LABELS,
  DOCUMENT_TYPE_FIELDS,
  type DocumentDetail,
  type DocumentField,
  FIELD_SOURCE_LABELS,
  type FieldValueDto,
} from '@gewst/domain';
import CloseIcon from '@mui/icons-material/Close';
import CropFreeIcon from '@mui/icons-material/CropFree';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { documentTexts as t } from '../../i18n/documents';
import { formatDate, formatMoney } from '../../lib/format';
import {
  confidenceLevel,
  editableFieldValue,
  type FieldKind,
  fieldKind,
  formatFieldValue,
  isListField,
  parseFieldInput,
} from './fieldValues';
import { ListFieldEditor, type PickedCell } from './ListFieldEditor';
import type { PdfHighlight } from './pdf/PdfViewer';

export interface FieldEdit {
  name: string;
  /** Pre-filled text (e.g. read from a rectangle that did not parse) and where it came from. */
  text?: string;
  source?: { page: number; rect: [number, number, number, number] };
}

interface FieldListProps {
  doc: DocumentDetail;
  editable: boolean;
  picking: string | null;
  editing: FieldEdit | null;
  busyField: string | null;
  onEdit: (edit: FieldEdit | null) => void;
  onSave: (name: string, value: string | number | null, source?: FieldEdit['source']) => Promise<boolean>;
  onPick: (name: string | null) => void;
  onHighlight: (highlight: PdfHighlight | null) => void;
  /** Text of a rectangle drawn for a cell of a list field. */
  pickedCell: PickedCell | null;
  /** Starts (or stops) a rectangle pick for a cell of the list being edited. */
  onPickCell: (target: string | null) => void;
  onSaveList: (name: string, rows: Record<string, string | number | null>[]) => Promise<boolean>;
}

/** The fields of the document's type, in the contract's order, plus any extra the extraction found. */
export function fieldNames(doc: DocumentDetail): string[] {
  const canonical = doc.type ? DOCUMENT_TYPE_FIELDS[doc.type] : [];
  const extra = Object.keys(doc.fields).filter((f) => !canonical.includes(f));
  return [...canonical, ...extra];
}

export const fieldLabel = (name: string) => DOCUMENT_FIELD_LABELS[name] ?? name;

export function FieldList(props: FieldListProps) {
  const names = fieldNames(props.doc);
  if (names.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {t.review.noFields}
      </Typography>
    );
  return (
    <Table size="small" aria-label={t.review.fields}>
      <TableBody>
        {names.map((name) => (
          <FieldRow key={name} name={name} field={props.doc.fields[name]} {...props} />
        ))}
      </TableBody>
    </Table>
  );
}

function highlightOf(field: DocumentField | undefined): PdfHighlight | null {
  return field?.page != null && field.rect ? { page: field.page, rect: field.rect } : null;
}

function FieldRow({
  name,
  field,
  editable,
  picking,
  editing,
  busyField,
  onEdit,
  onSave,
  onPick,
  onHighlight,
  pickedCell,
  onPickCell,
  onSaveList,
}: FieldListProps & { name: string; field: DocumentField | undefined }) {
  const kind = fieldKind(name);
  const label = fieldLabel(name);
  const isEditing = editing?.name === name;
  const highlight = highlightOf(field);
  const show = () => onHighlight(highlight);
  const hide = () => onHighlight(null);
  const canEdit = editable;
  const list = isListField(name);

  if (list && isEditing)
    return (
      <TableRow selected data-testid={`field-${name}`}>
        <TableCell colSpan={2} sx={{ px: 1 }}>
          <Typography
            variant="body2"
            component="div"
            id={`field-label-${name}`}
            sx={{ mb: 0.5, fontWeight: 600 }}
          >
            {label}
          </Typography>
          <ListFieldEditor
            name={name}
            label={label}
            value={field?.value}
            busy={busyField === name}
            picking={picking}
            picked={pickedCell}
            onPickCell={onPickCell}
            onCancel={() => {
              onPick(null);
              onEdit(null);
            }}
            onSubmit={(rows) => onSaveList(name, rows)}
          />
        </TableCell>
      </TableRow>
    );

  return (
    <TableRow
      hover
      selected={picking === name || isEditing}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) hide();
      }}
      data-testid={`field-${name}`}
      sx={{ '& td': { verticalAlign: 'top' } }}
    >
      <TableCell sx={{ width: '38%', pr: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <ConfidenceMark field={field} />
          <Typography variant="body2" component="span" id={`field-label-${name}`}>
            {label}
          </Typography>
        </Box>
      </TableCell>
      <TableCell sx={{ pl: 1 }}>
        {isEditing ? (
          <FieldEditor
            name={name}
            kind={kind}
            label={label}
            initial={editing.text ?? editableFieldValue(kind, field?.value)}
            busy={busyField === name}
            onCancel={() => onEdit(null)}
            onSubmit={(value) => onSave(name, value, editing.source)}
          />
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
            <Box sx={{ flexGrow: 1, minWidth: 0, pt: 0.25 }}>
              <FieldValue kind={kind} value={field?.value} />
            </Box>
            {canEdit ? (
              <>
                <Tooltip title={t.review.edit(label)}>
                  <IconButton
                    size="small"
                    aria-label={t.review.edit(label)}
                    onClick={() => onEdit({ name })}
                    disabled={busyField === name}
                  >
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                {list ? null : (
                  <Tooltip title={picking === name ? t.review.picking(label) : t.review.pick(label)}>
                    <IconButton
                      size="small"
                      aria-label={t.review.pick(label)}
                      aria-pressed={picking === name}
                      color={picking === name ? 'primary' : 'default'}
                      onClick={() => onPick(picking === name ? null : name)}
                      disabled={busyField === name}
                    >
                      <CropFreeIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
              </>
            ) : null}
          </Box>
        )}
      </TableCell>
    </TableRow>
  );
}

function FieldValue({ kind, value }: { kind: FieldKind; value: FieldValueDto | undefined }) {
  if (Array.isArray(value)) {
    return (
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {value.map((item) => (
          <Typography component="li" variant="body2" key={JSON.stringify(item)}>
            {'quartal' in item
              ? `${item.quartal}. Quartal ${item.jahr}: ${formatMoney(item.betrag)} (${formatDate(item.faellig_am)})`
              : `${item.gemeinde}${item.ags ? ` (${item.ags})` : ''}: ${item.anteil}`}
          </Typography>
        ))}
      </Box>
    );
  }
  const text = formatFieldValue(kind, value);
  return (
    <Typography variant="body2" sx={{ wordBreak: 'break-word', color: text ? undefined : 'text.disabled' }}>
      {text || '–'}
    </Typography>
  );
}

const DOT_COLOR = { high: 'success.main', medium: 'warning.main', low: 'error.main' } as const;

function ConfidenceMark({ field }: { field: DocumentField | undefined }) {
  if (!field) {
    return (
      <Tooltip title={t.review.noConfidence}>
        <Box
          component="span"
          role="img"
          aria-label={t.review.noConfidence}
          sx={{
            width: 10,
            height: 10,
            borderRadius: '50%',
            border: 1,
            borderColor: 'text.disabled',
            flexShrink: 0,
          }}
        />
      </Tooltip>
    );
  }
  const percent = Math.round(field.confidence * 100);
  const title = `${t.review.confidence(percent)} · ${FIELD_SOURCE_LABELS[field.source]}`;
  return (
    <Tooltip title={title}>
      <Box
        component="span"
        role="img"
        aria-label={title}
        data-testid="confidence-mark"
        data-level={confidenceLevel(field.confidence)}
        sx={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          bgcolor: DOT_COLOR[confidenceLevel(field.confidence)],
          flexShrink: 0,
        }}
      />
    </Tooltip>
  );
}

/** Inline editor: Enter saves, Escape cancels. */
function FieldEditor({
  name,
  kind,
  label,
  initial,
  busy,
  onCancel,
  onSubmit,
}: {
  name: string;
  kind: FieldKind;
  label: string;
  initial: string;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (value: string | number | null) => Promise<boolean>;
}) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);
  const submit = async () => {
    const parsed = parseFieldInput(kind, text);
    if (!parsed.ok) {
      setError(
        parsed.message ??
          (kind in t.review.invalidValue
            ? t.review.invalidValue[kind as keyof typeof t.review.invalidValue]
            : null),
      );
      return;
    }
    await onSubmit(parsed.value);
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
      <TextField
        inputRef={inputRef}
        size="small"
        fullWidth
        value={text}
        disabled={busy}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void submit();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onCancel();
          }
        }}
        error={error != null}
        helperText={
          error ?? (t.review.valueHints[kind as keyof typeof t.review.valueHints] || t.review.fieldHelp)
        }
        slotProps={{ htmlInput: { 'aria-label': label, name, 'data-testid': `field-input-${name}` } }}
      />
      <IconButton size="small" aria-label={t.review.cancelEdit} onClick={onCancel} disabled={busy}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Chip, IconButton, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';
import { de } from '../i18n/de';

/** An icon button of a table row, with a tooltip and the row-specific accessible name. */
export function RowAction(props: { title: string; label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={props.title}>
      <IconButton aria-label={props.label} onClick={props.onClick}>
        {props.icon}
      </IconButton>
    </Tooltip>
  );
}

/** "Bearbeiten" / "Löschen" of a table row; each is left out without its handler. */
export function EditDeleteActions(props: {
  editLabel?: string;
  onEdit?: () => void;
  deleteLabel?: string;
  onDelete?: () => void;
}) {
  return (
    <>
      {props.onEdit ? (
        <RowAction
          title={de.common.edit}
          label={props.editLabel ?? de.common.edit}
          icon={<EditIcon />}
          onClick={props.onEdit}
        />
      ) : null}
      {props.onDelete ? (
        <RowAction
          title={de.common.delete}
          label={props.deleteLabel ?? de.common.delete}
          icon={<DeleteIcon />}
          onClick={props.onDelete}
        />
      ) : null}
    </>
  );
}

/** Small chips in a cell (roles, permissions); `empty` when there are none. */
export function ChipList({
  labels,
  empty,
}: {
  labels: { key: string | number; label: string }[];
  empty: ReactNode;
}) {
  if (!labels.length) return <>{empty}</>;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {labels.map((l) => (
        <Chip key={l.key} size="small" label={l.label} />
      ))}
    </Box>
  );
}

import type { CheckSeverity, DocumentCheck } from '@gewst/domain';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { documentTexts as t } from '../../i18n/documents';
import { fieldLabel } from './FieldList';

const ICON: Record<CheckSeverity, React.ReactElement> = {
  error: <ErrorOutlineIcon color="error" fontSize="small" />,
  warning: <WarningAmberIcon color="warning" fontSize="small" />,
  info: <InfoOutlinedIcon color="info" fontSize="small" />,
};
const ORDER: Record<CheckSeverity, number> = { error: 0, warning: 1, info: 2 };

/** Plausibility checks with a severity icon; hovering one shows its field in the PDF. */
export function ChecksList({
  checks,
  onHoverField,
}: {
  checks: readonly DocumentCheck[];
  onHoverField: (field: string | null) => void;
}) {
  if (checks.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t.review.noChecks}
      </Typography>
    );
  const sorted = [...checks].sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
  return (
    <List dense disablePadding aria-label={t.review.checks}>
      {sorted.map((check) => (
        <ListItem
          key={`${check.code}-${check.field ?? ''}`}
          disableGutters
          data-testid="check"
          data-severity={check.severity}
          onMouseEnter={() => onHoverField(check.field ?? null)}
          onMouseLeave={() => onHoverField(null)}
        >
          <ListItemIcon sx={{ minWidth: 32 }} aria-label={t.review.severity[check.severity]} role="img">
            {ICON[check.severity]}
          </ListItemIcon>
          <ListItemText
            primary={check.message}
            secondary={
              check.field
                ? `${t.review.severity[check.severity]} · ${fieldLabel(check.field)}`
                : t.review.severity[check.severity]
            }
          />
        </ListItem>
      ))}
    </List>
  );
}

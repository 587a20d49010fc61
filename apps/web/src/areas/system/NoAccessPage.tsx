import { PERMISSION_LABELS } from '@gewst/domain';
import LockIcon from '@mui/icons-material/Lock';
import { Box, Button, Chip, List, ListItem, Typography } from '@mui/material';
import { Link, useLocation } from 'react-router';
import { type AbilityName, canAny, permissionForAbility } from '../../abilities/ability';
import { BASE_ABILITY } from '../../app/guards';
import { EmptyState } from '../../components/EmptyState';
import type { NoAccessState } from '../../components/RequireAbility';
import { de } from '../../i18n/de';
import { useAbility, useAppState } from '../../store/store';

function requiredFromState(state: unknown): AbilityName[] | null {
  if (typeof state !== 'object' || state === null || !('required' in state)) return null;
  const required = (state as NoAccessState).required;
  return Array.isArray(required) && required.length > 0 ? required : null;
}

/** NoPerm: which permission is missing and whom to ask. */
export default function NoAccessPage() {
  const { state } = useLocation();
  const ability = useAbility();
  const user = useAppState((s) => s.user);
  const noCompany = user?.company_ids?.length === 0;
  const hasBase = ability.can(BASE_ABILITY, 'all') && !noCompany;
  const required = hasBase ? requiredFromState(state) : [BASE_ABILITY];
  const stillMissing = required && !canAny(ability, required);

  return (
    <EmptyState icon={<LockIcon />} title={de.noAccess.title} headingComponent="h1" text={de.noAccess.text}>
      <Box sx={{ textAlign: 'left', maxWidth: 640, mx: 'auto' }}>
        {noCompany ? (
          <Typography sx={{ mb: 2 }}>{de.noAccess.noCompany}</Typography>
        ) : !hasBase ? (
          <Typography sx={{ mb: 2 }}>{de.noAccess.missingReadAll}</Typography>
        ) : required && stillMissing ? (
          <>
            <Typography>{de.noAccess.missing}</Typography>
            <List dense>
              {required.map((name) => (
                <ListItem key={name}>
                  {de.noAccess.permission(PERMISSION_LABELS[permissionForAbility(name)])}
                </ListItem>
              ))}
            </List>
          </>
        ) : null}
        <Typography sx={{ mb: 2 }}>{de.noAccess.whoToAsk}</Typography>
        {user ? (
          <Box sx={{ mb: 2 }}>
            <Typography variant="body2">
              {de.noAccess.yourUsername}: <strong>{user.username}</strong>
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center', mt: 1 }}>
              <Typography variant="body2">{de.noAccess.yourRoles}:</Typography>
              {user.roles.length > 0 ? (
                user.roles.map((role) => <Chip key={role.id} size="small" label={role.name} />)
              ) : (
                <Typography variant="body2">{de.appBar.noRoles}</Typography>
              )}
            </Box>
          </Box>
        ) : null}
        {!hasBase ? (
          <Typography variant="body2" color="text.secondary">
            {de.noAccess.reloadHint}
          </Typography>
        ) : null}
      </Box>
      {hasBase ? (
        <Button component={Link} to="/" variant="contained" sx={{ mt: 2 }}>
          {de.noAccess.toDashboard}
        </Button>
      ) : null}
    </EmptyState>
  );
}

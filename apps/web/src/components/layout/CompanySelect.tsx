import { resolveMainColor } from '@gewst/domain';
import { MenuItem, Select } from '@mui/material';
import { useLocation, useNavigate } from 'react-router';
import { de } from '../../i18n/de';
import { appStore, useAppState } from '../../store/store';
import { pathAfterCompanySwitch } from './companySwitch';

/** The current company (persisted locally); its colour tints the app bar. */
export function CompanySelect() {
  const companies = useAppState((s) => s.companies);
  const currentId = useAppState((s) => s.currentCompanyId);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (companies.length === 0) return null;
  const value = companies.some((c) => c.id === currentId) ? String(currentId) : '';
  return (
    <Select
      value={value}
      onChange={(event) => {
        appStore.setCurrentCompanyId(Number(event.target.value));
        const next = pathAfterCompanySwitch(pathname);
        if (next) void navigate(next);
      }}
      variant="outlined"
      size="small"
      inputProps={{ 'aria-label': de.appBar.company }}
      renderValue={(selected) => companies.find((c) => String(c.id) === selected)?.name ?? ''}
      sx={{
        color: 'inherit',
        // on a phone the name is cut with an ellipsis rather than pushing the user menu out
        minWidth: { xs: 0, sm: 220 },
        maxWidth: { xs: 170, sm: 360 },
        flexShrink: 1,
        '& .MuiOutlinedInput-notchedOutline': { borderColor: 'currentColor', opacity: 0.5 },
        '&:hover .MuiOutlinedInput-notchedOutline': { borderColor: 'currentColor', opacity: 0.8 },
        '&.Mui-focused .MuiOutlinedInput-notchedOutline': { borderColor: 'currentColor', opacity: 1 },
        '& .MuiSelect-icon': { color: 'inherit' },
      }}
    >
      {companies.map((company) => (
        <MenuItem key={company.id} value={String(company.id)}>
          <span
            aria-hidden
            style={{
              display: 'inline-block',
              width: 12,
              height: 12,
              borderRadius: '50%',
              marginRight: 8,
              background: resolveMainColor(company.main_color),
              border: '1px solid rgba(0,0,0,0.2)',
            }}
          />
          {company.name}
        </MenuItem>
      ))}
    </Select>
  );
}

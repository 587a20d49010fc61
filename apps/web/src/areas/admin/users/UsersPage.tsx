import { Tab, Tabs } from '@mui/material';
import { useSearchParams } from 'react-router';
import { de } from '../../../i18n/de';
import { RolesSection } from './RolesSection';
import { UsersSection } from './UsersSection';

const TAB_PARAM = 'ansicht';
type View = 'benutzer' | 'rollen';

/** Admin → Benutzer: users with their roles, and the roles themselves. */
export default function UsersPage() {
  const [search, setSearch] = useSearchParams();
  const view: View = search.get(TAB_PARAM) === 'rollen' ? 'rollen' : 'benutzer';
  return (
    <>
      <Tabs
        value={view}
        onChange={(_event, value: View) =>
          setSearch(value === 'rollen' ? { [TAB_PARAM]: value } : {}, { replace: true })
        }
        aria-label={de.screens.adminUsers}
        sx={{ mb: 2 }}
      >
        <Tab value="benutzer" label={de.users.tabUsers} id="users-tab-benutzer" aria-controls="users-panel" />
        <Tab value="rollen" label={de.users.tabRoles} id="users-tab-rollen" aria-controls="users-panel" />
      </Tabs>
      <div role="tabpanel" id="users-panel" aria-labelledby={`users-tab-${view}`}>
        {view === 'benutzer' ? <UsersSection /> : <RolesSection />}
      </div>
    </>
  );
}

import { ComingSoon } from '../../../components/ComingSoon';
import { de } from '../../../i18n/de';

export default function SettingsPage() {
  return <ComingSoon title={de.screens.adminSettings} nested />;
}

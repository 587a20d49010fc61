import { ComingSoon } from '../../../components/ComingSoon';
import { de } from '../../../i18n/de';

export default function BackupPage() {
  return <ComingSoon title={de.screens.adminBackup} nested />;
}

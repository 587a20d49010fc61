import { ComingSoon } from '../../components/ComingSoon';
import { de } from '../../i18n/de';

export default function ArchivePage() {
  return <ComingSoon title={de.screens.archive} />;
}

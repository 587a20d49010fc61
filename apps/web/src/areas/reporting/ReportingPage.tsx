import { ComingSoon } from '../../components/ComingSoon';
import { de } from '../../i18n/de';

export default function ReportingPage() {
  return <ComingSoon title={de.screens.reporting} />;
}

import { ComingSoon } from '../../components/ComingSoon';
import { de } from '../../i18n/de';

export default function BookingsOverviewPage() {
  return <ComingSoon title={de.screens.bookingsOverview} />;
}

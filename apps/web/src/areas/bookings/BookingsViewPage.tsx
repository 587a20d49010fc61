import { ComingSoon } from '../../components/ComingSoon';
import { de } from '../../i18n/de';

export default function BookingsViewPage({ id }: { id: string }) {
  return <ComingSoon title={de.screens.bookingsView} params={{ id }} />;
}

import { ComingSoon } from '../../components/ComingSoon';
import { de } from '../../i18n/de';

export default function ProcessingStatusPage({
  year,
  type,
}: {
  year?: string | undefined;
  type?: string | undefined;
}) {
  return <ComingSoon title={de.screens.serviceProcessingStatus} params={{ year, type }} nested />;
}

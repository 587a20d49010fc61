import { ComingSoon } from '../../../components/ComingSoon';
import { de } from '../../../i18n/de';

export default function UploadAuditPage() {
  return <ComingSoon title={de.screens.adminDocuments} nested />;
}

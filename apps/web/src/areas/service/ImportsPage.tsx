import { ComingSoon } from '../../components/ComingSoon';
import { de } from '../../i18n/de';

export default function ImportsPage() {
  return <ComingSoon title={de.screens.serviceImports} nested />;
}

import BuildIcon from '@mui/icons-material/Build';
import { EmptyState } from '../../components/EmptyState';
import { de } from '../../i18n/de';

export default function ServiceIndexPage() {
  return (
    <EmptyState icon={<BuildIcon />} title={de.comingSoon.text(de.screens.service)} text={de.service.intro} />
  );
}

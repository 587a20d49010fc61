import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Button } from '@mui/material';
import { Link, useLocation } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { de } from '../../i18n/de';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <EmptyState
      icon={<SearchOffIcon />}
      title={de.notFound.title}
      text={de.notFound.text(pathname)}
      headingComponent="h1"
    >
      <Button component={Link} to="/" variant="contained">
        {de.notFound.toDashboard}
      </Button>
    </EmptyState>
  );
}

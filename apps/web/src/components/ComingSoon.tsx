import ConstructionIcon from '@mui/icons-material/Construction';
import { Box, Chip } from '@mui/material';
import { de } from '../i18n/de';
import { EmptyState } from './EmptyState';
import { PageHeader } from './PageHeader';

interface ComingSoonProps {
  title: string;
  /** Route params the screen was opened with; shown so links can be checked already. */
  params?: Record<string, string | undefined>;
  create?: boolean;
  /** Inside a section that already shows the page heading. */
  nested?: boolean;
}

/** The shared empty state of screens that follow in a later stage. */
export function ComingSoon({ title, params = {}, create = false, nested = false }: ComingSoonProps) {
  const shown = Object.entries(params).filter((entry): entry is [string, string] => !!entry[1]);
  return (
    <>
      {nested ? null : <PageHeader title={title} />}
      <EmptyState icon={<ConstructionIcon />} title={de.comingSoon.text(title)}>
        {shown.length > 0 || create ? (
          <Box
            role="group"
            aria-label={de.comingSoon.paramsTitle}
            sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}
          >
            {create ? <Chip label={de.comingSoon.createMode} /> : null}
            {shown.map(([name, value]) => (
              <Chip key={name} label={`${de.params[name] ?? name}: ${value}`} />
            ))}
          </Box>
        ) : null}
      </EmptyState>
    </>
  );
}

import { Alert, Paper, Skeleton, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryError } from '../../../components/QueryState';

/**
 * The frame of one settings section on Admin → Einstellungen: titled card, introduction,
 * the settings query's error and loading states, and the note for users who may only read.
 */
export function SettingSection({
  id,
  title,
  intro,
  entries,
  canEdit,
  skeletonHeight = 40,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  entries: UseQueryResult<unknown>;
  canEdit: boolean;
  skeletonHeight?: number;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {intro}
      </Typography>
      {entries.isError ? <QueryError error={entries.error} onRetry={() => void entries.refetch()} /> : null}
      {entries.isPending ? <Skeleton variant="rounded" height={skeletonHeight} /> : null}
      {children}
      {!canEdit ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          Zum Ändern wird das Recht „Customizing-Daten ändern“ benötigt.
        </Alert>
      ) : null}
    </Paper>
  );
}

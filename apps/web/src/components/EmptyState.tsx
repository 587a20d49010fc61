import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  text?: ReactNode;
  children?: ReactNode;
  /** Heading level; screens use h1 for their own title. */
  headingComponent?: 'h1' | 'h2' | 'h3';
}

export function EmptyState({ icon, title, text, children, headingComponent = 'h2' }: EmptyStateProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      {icon ? <Box sx={{ color: 'text.secondary', mb: 1, '& svg': { fontSize: 48 } }}>{icon}</Box> : null}
      <Typography component={headingComponent} variant="h6" gutterBottom>
        {title}
      </Typography>
      {text ? (
        <Typography color="text.secondary" sx={{ maxWidth: 640, mx: 'auto' }}>
          {text}
        </Typography>
      ) : null}
      {children ? <Box sx={{ mt: 2 }}>{children}</Box> : null}
    </Paper>
  );
}

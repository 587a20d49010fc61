import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** Title of a section (h2) with an optional hint and "add" button, above its table. */
export function SectionHeader(props: {
  title: string;
  hint?: ReactNode;
  addLabel?: string;
  onAdd?: () => void;
}) {
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography component="h2" variant="h6" sx={{ flexGrow: 1 }}>
          {props.title}
        </Typography>
        {props.onAdd ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={props.onAdd}>
            {props.addLabel}
          </Button>
        ) : null}
      </Box>
      {props.hint ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {props.hint}
        </Typography>
      ) : null}
    </>
  );
}

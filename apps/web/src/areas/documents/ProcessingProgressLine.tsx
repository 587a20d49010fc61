import { type ProcessingProgress, processingProgressText } from '@gewst/domain';
import { Typography } from '@mui/material';

/**
 * Where a document's processing is, as one short line under its status ("In Warteschlange
 * (Position 3)", "Texterkennung Seite 2 von 5"). The lists and the document poll while a
 * document is in processing (api/documents.ts), so the line moves on by itself.
 */
export function ProcessingProgressLine({ progress }: { progress: ProcessingProgress | null | undefined }) {
  if (!progress) return null;
  return (
    <Typography
      component="span"
      variant="caption"
      color="text.secondary"
      role="status"
      data-testid="processing-progress"
      data-stage={progress.stage}
      sx={{ display: 'block', whiteSpace: 'normal', lineHeight: 1.3 }}
    >
      {processingProgressText(progress)}
    </Typography>
  );
}

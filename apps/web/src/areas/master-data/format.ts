import { BUNDESLAENDER as IN_AGS_ORDER } from '@gewst/domain';

export const formatDate = (iso: string | null | undefined) =>
  iso ? new Intl.DateTimeFormat('de-DE', { timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`)) : '';

/** The federal states of the reference data, alphabetically for the filter. */
export const BUNDESLAENDER = [...IN_AGS_ORDER].sort(new Intl.Collator('de').compare);

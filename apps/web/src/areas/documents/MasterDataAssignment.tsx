import { type DocumentDetail, type MasterDataListItem, municipalityDisplayName } from '@gewst/domain';
import { Autocomplete, Box, Link, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { masterDataListQuery } from '../../api/masterData';
import { documentTexts as t } from '../../i18n/documents';
import { masterDataSuggestion } from './masterDataSuggestion';

interface Option {
  id: number;
  label: string;
  detail: string;
  suggested: boolean;
}

type Establishment = Pick<MasterDataListItem, 'id' | 'designation' | 'municipality_name' | 'ags'> & {
  kassenzeichen?: string[];
};

const toOption = (m: Establishment, suggested: boolean): Option => ({
  id: m.id,
  label: m.designation,
  detail: [municipalityDisplayName(m.municipality_name), m.ags, (m.kassenzeichen ?? []).join(', ')]
    .filter(Boolean)
    .join(' · '),
  suggested,
});

function fieldText(doc: DocumentDetail, name: string): string {
  const v = doc.fields[name]?.value;
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
}

/**
 * Assigns the document to an establishment of its company. Suggestions first: the server's
 * match, then establishments found by the notice's Kassenzeichen, AGS or municipality.
 */
export function MasterDataAssignment({
  doc,
  editable,
  busy,
  onAssign,
}: {
  doc: DocumentDetail;
  editable: boolean;
  busy: boolean;
  onAssign: (masterDataId: number | null) => void;
}) {
  const [input, setInput] = useState('');
  const suggestion = masterDataSuggestion(doc);
  const search = useDeferredValue(input.trim());
  const hint = fieldText(doc, 'kassenzeichen') || fieldText(doc, 'ags') || fieldText(doc, 'gemeinde');
  const suggestions = useQuery({
    ...masterDataListQuery(doc.company_id, { search: hint, per_page: 5, active: 'true' }),
    enabled: editable && hint !== '',
  });
  const results = useQuery({
    ...masterDataListQuery(doc.company_id, { search: search || undefined, per_page: 20 }),
    enabled: editable,
  });

  const matchId = doc.match?.master_data_id ?? null;
  const options: Option[] = [];
  const seen = new Set<number>();
  const push = (o: Option) => {
    if (seen.has(o.id)) return;
    seen.add(o.id);
    options.push(o);
  };
  if (doc.masterData) push(toOption(doc.masterData, doc.masterData.id === matchId));
  for (const m of results.data?.data ?? []) if (m.id === matchId) push(toOption(m, true));
  for (const m of suggestions.data?.data ?? []) push(toOption(m, true));
  for (const m of results.data?.data ?? []) push(toOption(m, false));
  options.sort((a, b) => Number(b.suggested) - Number(a.suggested));
  const value = options.find((o) => o.id === doc.master_data_id) ?? null;

  if (!editable) {
    return doc.masterData ? (
      <Link component={RouterLink} to={`/stammdaten/${doc.masterData.id}`}>
        {doc.masterData.designation} ({municipalityDisplayName(doc.masterData.municipality_name)})
      </Link>
    ) : (
      <Typography variant="body2" color="text.secondary">
        {t.review.masterDataNone}
      </Typography>
    );
  }

  return (
    <Box>
      <Autocomplete
        size="small"
        options={options}
        value={value}
        loading={results.isFetching || suggestions.isFetching}
        disabled={busy}
        groupBy={(o) => (o.suggested ? t.review.masterDataSuggested : t.review.masterDataLabel)}
        getOptionLabel={(o) => o.label}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterOptions={(x) => x}
        onInputChange={(_e, v, reason) => {
          if (reason === 'input') setInput(v);
          if (reason === 'clear') setInput('');
        }}
        onChange={(_e, o) => onAssign(o?.id ?? null)}
        renderOption={({ key, ...props }, o) => (
          <li key={key} {...props}>
            <Box>
              <Typography variant="body2">{o.label}</Typography>
              <Typography variant="caption" color="text.secondary">
                {o.detail}
              </Typography>
            </Box>
          </li>
        )}
        renderInput={(params) => <TextField {...params} label={t.review.masterDataLabel} />}
        noOptionsText={t.review.masterDataNone}
      />
      {suggestion ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {t.review.masterDataSuggested}: {suggestion}
        </Typography>
      ) : null}
      {doc.masterData ? (
        <Link component={RouterLink} to={`/stammdaten/${doc.masterData.id}`} variant="body2">
          {doc.masterData.designation} ({municipalityDisplayName(doc.masterData.municipality_name)},{' '}
          {doc.masterData.ags})
        </Link>
      ) : null}
    </Box>
  );
}

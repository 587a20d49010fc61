import { type Municipality, municipalityDisplayName } from '@gewst/domain';
import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { municipalitySearchQuery } from '../../api/masterData';
import { masterDataTexts as t } from '../../i18n/masterData';

export interface MunicipalityValue {
  ags: string;
  name: string;
}

/** Server-side search over all 10,751 municipalities: name (umlauts optional), AGS or PLZ. */
export function MunicipalityAutocomplete({
  value,
  onChange,
  error,
  helperText,
  label = t.fields.municipality,
  required = true,
  size,
  inputLabel,
}: {
  value: MunicipalityValue | null;
  onChange: (value: Municipality | null) => void;
  error?: boolean;
  helperText?: string;
  /** Visible label (default "Gemeinde"); '' for a cell of a table whose header names it. */
  label?: string;
  required?: boolean;
  size?: 'small' | 'medium';
  /** Accessible name of the input where the label is not shown (a row of a table). */
  inputLabel?: string;
}) {
  const [input, setInput] = useState('');
  const search = useDeferredValue(input.trim());
  const results = useQuery({ ...municipalitySearchQuery(search), enabled: search.length >= 2 });
  const options: (Municipality | MunicipalityValue)[] = results.data ?? [];
  return (
    <Autocomplete<Municipality | MunicipalityValue>
      value={value}
      options={options}
      filterOptions={(x) => x}
      loading={results.isFetching}
      isOptionEqualToValue={(a, b) => a.ags === b.ags}
      // a value known only by its AGS (a stored line) shows the AGS alone
      getOptionLabel={(o) => (o.name ? `${municipalityDisplayName(o.name)} (${o.ags})` : o.ags)}
      getOptionKey={(o) => o.ags}
      onChange={(_e, v) => onChange((v as Municipality | null) ?? null)}
      onInputChange={(_e, v, reason) => {
        if (reason === 'input') setInput(v);
      }}
      noOptionsText={search.length < 2 ? t.typeToSearch : t.noOptions}
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        const m = o as Municipality;
        return (
          <li key={key} {...rest}>
            {municipalityDisplayName(m.name)} ({m.ags}){m.bundesland ? ` – ${m.bundesland}` : ''}
            {m.hebesatz ? ` · ${m.hebesatz} %` : ''}
          </li>
        );
      }}
      size={size}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label || undefined}
          required={required}
          error={error}
          helperText={helperText}
          slotProps={
            inputLabel
              ? {
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, 'aria-label': inputLabel },
                }
              : params.slotProps
          }
        />
      )}
    />
  );
}

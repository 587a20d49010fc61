import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { deDE } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/de';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

const LOCALE_TEXT = deDE.components.MuiLocalizationProvider.defaultProps.localeText;

/** The German date adapter for every date input (TT.MM.JJJJ, Monday first), whatever the browser's locale. */
export function GermanDates({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="de" localeText={LOCALE_TEXT}>
      {children}
    </LocalizationProvider>
  );
}

/** '2025-12-31' → a Dayjs day; '' or anything else → null. */
export function dayOf(iso: string | null | undefined): Dayjs | null {
  if (!iso || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const d = dayjs(iso, 'YYYY-MM-DD');
  return d.isValid() ? d : null;
}

/** A picked or typed day → '2025-12-31'; an empty or unfinished input → ''. */
export const isoOf = (d: Dayjs | null): string => (d && d.isValid() ? d.format('YYYY-MM-DD') : '');

export interface DateFieldProps {
  label: string;
  /** ISO calendar date ('2025-12-31') or ''. */
  value: string;
  onChange: (iso: string) => void;
  onBlur?: () => void;
  name?: string;
  error?: boolean;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
  disabled?: boolean;
  required?: boolean;
  fullWidth?: boolean;
}

/** A date input in German (MUI X date picker, dayjs `de`): shown and typed as TT.MM.JJJJ, sent as ISO. */
export function DateField({
  label,
  value,
  onChange,
  onBlur,
  name,
  error,
  helperText,
  size,
  disabled,
  required,
  fullWidth,
}: DateFieldProps) {
  return (
    <GermanDates>
      <DatePicker
        label={label}
        value={dayOf(value)}
        onChange={(d) => onChange(isoOf(d))}
        format="DD.MM.YYYY"
        disabled={disabled}
        slotProps={{
          textField: { name, size, error, helperText, required, fullWidth, onBlur },
          field: { clearable: !required },
        }}
      />
    </GermanDates>
  );
}

type FormDateFieldProps<T extends FieldValues> = Omit<
  DateFieldProps,
  'value' | 'onChange' | 'onBlur' | 'name' | 'error'
> & {
  control: Control<T>;
  name: FieldPath<T>;
};

/** DateField bound to react-hook-form; shows the field's error (client or server) below it. */
export function FormDateField<T extends FieldValues>({
  control,
  name,
  helperText,
  ...props
}: FormDateFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          {...props}
          name={field.name}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error != null}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}

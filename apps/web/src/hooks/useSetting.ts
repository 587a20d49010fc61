import type {
  EditableCompanySettingKey,
  EditableGlobalSettingKey,
  SettingEntry,
  SettingValue,
} from '@gewst/domain';
import { useQuery } from '@tanstack/react-query';
import { companySettingsQuery, settingsQuery, useSaveSetting } from '../api/settings';
import { useCan } from '../store/store';

type EditableKey = EditableGlobalSettingKey | EditableCompanySettingKey;

/** The entry of one key in the answer of GET /settings (undefined while loading or unknown). */
export function settingEntryOf<K extends EditableKey>(
  entries: readonly SettingEntry[] | undefined,
  key: K,
): (SettingEntry & { value: SettingValue<K> }) | undefined {
  return entries?.find((e) => e.key === key) as (SettingEntry & { value: SettingValue<K> }) | undefined;
}

/**
 * One setting for the web app: its entry and value (from the one shared settings query —
 * the installation's, or with `companyId` that company's), whether the user may change it,
 * and save/reset (which refresh every reader of the query). Every place that reads a
 * setting goes through this hook.
 */
export function useSetting<K extends EditableGlobalSettingKey>(key: K): SettingAccess<K>;
export function useSetting<K extends EditableCompanySettingKey>(key: K, companyId: number): SettingAccess<K>;
export function useSetting<K extends EditableKey>(key: K, companyId?: number): SettingAccess<K> {
  const canEdit = useCan('changeCustomizingData');
  const options = companyId === undefined ? settingsQuery() : companySettingsQuery(companyId);
  const query = useQuery<SettingEntry[]>({
    queryKey: options.queryKey as readonly unknown[],
    queryFn: options.queryFn as () => Promise<SettingEntry[]>,
    enabled: companyId === undefined || companyId > 0,
  });
  const mutation = useSaveSetting(companyId);
  const entry = settingEntryOf(query.data, key);
  return {
    query,
    entry,
    value: entry?.value,
    canEdit,
    saving: mutation.isPending,
    save: (value, callbacks) => mutation.mutate({ key, value }, callbacks),
    reset: (callbacks) => mutation.mutate({ key, value: undefined }, callbacks),
  };
}

type Callbacks = { onSuccess?: () => void; onError?: (error: unknown) => void };

export interface SettingAccess<K extends EditableKey> {
  query: ReturnType<typeof useQuery<SettingEntry[]>>;
  entry: (SettingEntry & { value: SettingValue<K> }) | undefined;
  value: SettingValue<K> | undefined;
  canEdit: boolean;
  saving: boolean;
  /** Stores a value (validated by the server; its field errors come back under the key). */
  save: (value: SettingValue<K>, callbacks?: Callbacks) => void;
  /** Removes the stored value, so the default applies again. */
  reset: (callbacks?: Callbacks) => void;
}

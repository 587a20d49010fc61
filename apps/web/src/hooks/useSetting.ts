import type { EditableGlobalSettingKey, SettingEntry, SettingValue } from '@gewst/domain';
import { useQuery } from '@tanstack/react-query';
import { settingsQuery, useSaveSetting } from '../api/settings';
import { useCan } from '../store/store';

/** The entry of one key in the answer of GET /settings (undefined while loading or unknown). */
export function settingEntryOf<K extends EditableGlobalSettingKey>(
  entries: readonly SettingEntry[] | undefined,
  key: K,
): (SettingEntry & { value: SettingValue<K> }) | undefined {
  return entries?.find((e) => e.key === key) as (SettingEntry & { value: SettingValue<K> }) | undefined;
}

/**
 * One installation-wide setting for the web app: its entry and value (from the one shared
 * settings query), whether the user may change it, and save/reset (which refresh every
 * reader of the query). Every place that reads a setting goes through this hook.
 */
export function useSetting<K extends EditableGlobalSettingKey>(key: K) {
  const canEdit = useCan('changeCustomizingData');
  const query = useQuery(settingsQuery());
  const mutation = useSaveSetting();
  const entry = settingEntryOf(query.data, key);
  type Callbacks = { onSuccess?: () => void; onError?: (error: unknown) => void };
  return {
    query,
    entry,
    value: entry?.value,
    canEdit,
    saving: mutation.isPending,
    /** Stores a value (validated by the server; its field errors come back under the key). */
    save: (value: SettingValue<K>, callbacks?: Callbacks) => mutation.mutate({ key, value }, callbacks),
    /** Removes the stored value, so the default applies again. */
    reset: (callbacks?: Callbacks) => mutation.mutate({ key, value: undefined }, callbacks),
  };
}

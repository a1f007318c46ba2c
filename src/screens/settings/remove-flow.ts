import { useActionFlow } from '@/ui/action-flow';
import { displayValue } from './display';

export interface ListedEntry {
  type: string;
  value: string;
}

/** Removing one listed value: "Estas seguro?", the call, "Listo!" with what was removed, then `onDone`. */
export function useRemoveFlow(remove: (entry: ListedEntry) => Promise<unknown>, successText: (type: string, value: string) => string, onDone: () => void) {
  return useActionFlow<ListedEntry, ListedEntry>({
    validate: (entry) => ({ ok: true, payload: entry }),
    perform: async (entry) => {
      await remove(entry);
      return successText(entry.type, displayValue(entry.type, entry.value));
    },
    onDone,
  });
}

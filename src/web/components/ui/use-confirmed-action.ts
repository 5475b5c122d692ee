import { toast } from '@web/lib/toast';
import { useState } from 'react';

/**
 * "Ask, then do": remembers which item the user wants to act on, runs the action once they confirm
 * in a ConfirmDialog, and toasts the outcome. `run` resolves with the success message; an error's
 * message (or `failure`) is shown otherwise.
 */
export function useConfirmedAction<T>(run: (item: T) => Promise<string>, failure: string) {
  const [item, setItem] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (item === null) return;
    setBusy(true);
    try {
      toast.success(await run(item));
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : failure);
    } finally {
      setBusy(false);
      setItem(null);
    }
  };
  return {
    item,
    ask: (next: T) => setItem(next),
    dialog: { open: item !== null, busy, onConfirm: () => void confirm(), onCancel: () => setItem(null) },
  };
}

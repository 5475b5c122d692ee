import { loadToastify, onToastRequested, toastRequested } from '@web/lib/toast';
import { lazy, Suspense, useSyncExternalStore } from 'react';

const ToastContainer = lazy(async () => ({ default: (await loadToastify()).ToastContainer }));

/** The toast container as docs/requirements.md §9 sets it: top-right, 5000 ms, light; mounted on the first toast. */
export function Toaster() {
  const requested = useSyncExternalStore(onToastRequested, toastRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={5000} theme="light" />
    </Suspense>
  );
}

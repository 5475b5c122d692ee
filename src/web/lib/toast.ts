/**
 * Toasts with react-toastify, loaded on the first toast rather than with the page: most visits
 * never show one, and the library is a tenth of the home page's JavaScript budget. Toasts raised
 * while it loads are queued by react-toastify until its container mounts (<Toaster />).
 */
type Toastify = typeof import('react-toastify');

let loading: Promise<Toastify> | undefined;
const listeners = new Set<() => void>();

export function loadToastify(): Promise<Toastify> {
  if (!loading) {
    loading = import('react-toastify');
    for (const listener of listeners) listener();
  }
  return loading;
}

/** Whether a toast has been asked for yet; <Toaster /> mounts the container from then on. */
export const toastRequested = () => loading !== undefined;

export function onToastRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(kind: 'success' | 'error', message: string) {
  loadToastify().then(
    (toastify) => toastify.toast[kind](message),
    // The chunk could not be fetched (offline, or a new release replaced it): still tell the person.
    () => window.alert(message),
  );
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
};

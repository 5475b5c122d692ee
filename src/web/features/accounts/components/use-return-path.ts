import { useLocation } from 'react-router';

/**
 * Where to go after signing in: the page the guard sent the user away from, or home. Only
 * same-site paths are honoured, so a crafted link cannot send a customer elsewhere.
 */
export function useReturnPath(): string {
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

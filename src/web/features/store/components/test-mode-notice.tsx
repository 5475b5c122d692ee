import { useStoreInfo } from '@web/shared/store/get-store-info';

/**
 * Said on every page while the simulated card processor takes payments: no card is charged and no
 * order is really paid, so nobody mistakes this store for a live one.
 */
export function TestModeNotice() {
  const { testMode } = useStoreInfo();
  if (!testMode) return null;
  return (
    <p
      data-testid="test-mode-notice"
      className="bg-warning px-4 py-1 text-center text-sm font-semibold text-warning-content"
    >
      Test mode: payments are simulated and no card is charged.
    </p>
  );
}

import type { AdminNotifications } from '@contract/inbox';
import { toast } from '@web/lib/toast';
import { useNotifications, useSaveNotifications } from './notification-calls';

const choices: Array<{ key: keyof AdminNotifications; label: string }> = [
  { key: 'emailOnNewOrder', label: 'E-mail me when an order is paid' },
  { key: 'emailOnNewMessage', label: 'E-mail me when a message arrives' },
];

/** The signed-in admin's own notification e-mails, each saved as soon as it is switched. */
export function NotificationSettings() {
  const settings = useNotifications();
  const save = useSaveNotifications();
  const current = settings.data;
  const change = (key: keyof AdminNotifications, on: boolean) => {
    if (!current) return;
    save.mutate(
      { ...current, [key]: on },
      {
        onSuccess: () => toast.success('Your notification e-mails are saved.'),
        onError: (error) => toast.error(error.message),
      },
    );
  };
  return (
    <fieldset className="fieldset rounded-box border border-base-300 p-4">
      <legend className="fieldset-legend">Notification e-mails</legend>
      {settings.isError ? (
        <p role="alert" className="text-error text-sm">
          Could not load your notification e-mails.
        </p>
      ) : null}
      {choices.map(({ key, label }) => (
        <label key={key} className="flex cursor-pointer items-center gap-3 py-1 text-sm">
          <input
            type="checkbox"
            className="size-5 accent-orange-700"
            checked={current?.[key] ?? false}
            disabled={!current || save.isPending}
            onChange={(e) => change(key, e.target.checked)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

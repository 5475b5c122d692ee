import { QueryState } from '@web/components/ui/query-state';
import { NotificationSettings } from '@web/shared/notifications/notification-settings';
import { useSettings } from '../api/settings-calls';
import { ReviewsForm } from '../components/reviews-form';
import { ShippingForm } from '../components/shipping-form';
import { InventoryForm, OrderLimitsForm, ReturnsForm, StoreDetailsForm } from '../components/simple-sections';
import { TaxForm } from '../components/tax-form';

const sections = [
  { id: 'settings-store', label: 'Store details' },
  { id: 'settings-shipping', label: 'Shipping' },
  { id: 'settings-tax', label: 'Tax' },
  { id: 'settings-orders', label: 'Order holds and caps' },
  { id: 'settings-returns', label: 'Returns' },
  { id: 'settings-inventory', label: 'Low stock' },
  { id: 'settings-reviews', label: 'Reviews' },
  { id: 'settings-notifications', label: 'Notification e-mails' },
] as const;

/**
 * /dashboard/settings: the owner's settings, one form per section, each saved on its own and in
 * force on every instance of the store from the next request. Until a section is saved here it
 * keeps the values the store was installed with.
 */
export function SettingsPage() {
  const settings = useSettings();
  return (
    <div className="max-w-5xl space-y-6">
      <h2 className="text-2xl font-semibold">Settings</h2>
      <nav aria-label="Settings sections">
        <ul className="flex flex-wrap gap-2">
          {sections.map((s) => (
            <li key={s.id}>
              <a className="btn btn-sm" href={`#${s.id}`}>
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <QueryState query={settings} empty="No settings to show.">
        {(answer) => (
          <div className="space-y-6">
            <StoreDetailsForm answer={answer} />
            <ShippingForm answer={answer} />
            <TaxForm answer={answer} />
            <OrderLimitsForm answer={answer} />
            <ReturnsForm answer={answer} />
            <InventoryForm answer={answer} />
            <ReviewsForm answer={answer} />
            <section
              id="settings-notifications"
              aria-labelledby="settings-notifications-title"
              className="space-y-2"
            >
              <h3 id="settings-notifications-title" className="text-xl font-semibold">
                Notification e-mails
              </h3>
              <p className="text-sm text-base-content/70">
                Which e-mails the store sends you. Each admin chooses their own.
              </p>
              <NotificationSettings />
            </section>
          </div>
        )}
      </QueryState>
    </div>
  );
}

import { SETTINGS_CHANGED, type SettingsAnswer, type SettingsSection } from '@contract/settings';
import {
  answer,
  field,
  http,
  json,
  mockApi,
  refusal,
  renderPage,
  screen,
  sent,
  shows,
  submit,
  tick,
  type,
  waitFor,
} from '@web/test/page';
import { beforeEach, describe, expect, it } from 'vitest';
import { SettingsPage } from './settings-page';

const saved = (revision: number) => ({ revision, updatedAt: revision ? '2026-11-20T10:00:00.000Z' : null });
const settings = (): SettingsAnswer => ({
  settings: {
    store: {
      brand: 'TorqueWorks',
      wordmark: 'Torque Works',
      contact: { email: 'shop@torque.example', phone: '+1 313 555 0100', address: '1 Gear St, Detroit' },
    },
    shipping: {
      standardCents: 799,
      expressCents: 1999,
      freeStandardOverCents: 10000,
      defaultWeightLb: 2,
      zones: [],
    },
    tax: { defaultRateBasisPoints: 700, taxShippingByDefault: false, rates: [] },
    orders: {
      holdMinutes: 30,
      maxUnpaidOrders: 5,
      maxUnpaidUnits: 100,
      cartReminders: true,
      guestHoldMinutes: 15,
      guestStockSharePercent: 50,
      waitingMailMinutes: 5,
      accountOverdueDays: 30,
    },
    returns: { windowDays: 30, restockingFeePercent: 0 },
    inventory: { lowStockFactor: 3 },
    reviews: { hold: 'nonBuyers' },
  },
  sections: {
    store: saved(1),
    shipping: saved(0),
    tax: saved(2),
    orders: saved(0),
    returns: saved(3),
    inventory: saved(0),
    reviews: saved(0),
  },
});
let current: SettingsAnswer;

mockApi(
  http.get('/api/settings', () => json(current)),
  http.put('/api/settings/:section', async ({ params, request }) => {
    const section = params.section as SettingsSection;
    const { value } = (await request.json()) as { value: never };
    current = {
      settings: { ...current.settings, [section]: value },
      sections: { ...current.sections, [section]: saved(current.sections[section].revision + 1) },
    };
    return json(current);
  }),
  http.get('/api/manage/notifications', () => json({ emailOnNewOrder: true, emailOnNewMessage: false })),
  http.put('/api/manage/notifications', async ({ request }) => json(await request.json())),
);

beforeEach(() => {
  current = settings();
});

const section = (id: string) => screen().querySelector(`#${id} form`) as HTMLFormElement;
const open = async () => {
  await renderPage(<SettingsPage />);
  await waitFor(() => expect(field('Return window (days)').value).toBe('30'));
};

describe('the settings page', () => {
  it("shows each section's values in dollars and percents, and saves one from the revision it opened", async () => {
    await open();
    expect(field('Standard shipping ($)', section('settings-shipping')).value).toBe('7.99');
    expect(field('Free standard shipping over ($)').value).toBe('100.00');
    expect(field('Default rate (%)').value).toBe('7');
    expect(screen().querySelector('#settings-orders')?.textContent).toContain('Never saved here');

    type(field('Return window (days)'), '45');
    type(field('Restocking fee (%)'), '12.5');
    await submit(section('settings-returns'));
    await shows('Returns saved: in force from the next order.');
    expect(sent('PUT', '/api/settings/returns')).toEqual([
      { value: { windowDays: 45, restockingFeePercent: 12.5 }, revision: 3 },
    ]);
  });

  it('sends money as cents and rates as basis points, split from the text, never multiplied', async () => {
    await open();
    type(field('Standard shipping ($)', section('settings-shipping')), '7.10');
    await submit(section('settings-shipping'));
    await shows('Shipping saved: in force from the next order.');
    expect(sent('PUT', '/api/settings/shipping')).toEqual([
      {
        value: {
          standardCents: 710,
          expressCents: 1999,
          freeStandardOverCents: 10000,
          defaultWeightLb: 2,
          zones: [],
        },
        revision: 0,
      },
    ]);

    type(field('Default rate (%)'), '7.25');
    await submit(section('settings-tax'));
    await shows('Tax saved: in force from the next order.');
    expect(sent('PUT', '/api/settings/tax')).toEqual([
      { value: { defaultRateBasisPoints: 725, taxShippingByDefault: false, rates: [] }, revision: 2 },
    ]);
  });

  it('saves the days an invoice may be overdue before orders on account stop', async () => {
    await open();
    const label = 'Stop orders on account when an invoice is overdue more than (days)';
    expect(field(label, section('settings-orders')).value).toBe('30');
    type(field(label, section('settings-orders')), '45');
    await submit(section('settings-orders'));
    await waitFor(() => expect(sent('PUT', '/api/settings/orders')).toHaveLength(1));
    expect(sent('PUT', '/api/settings/orders')).toEqual([
      {
        value: {
          holdMinutes: 30,
          maxUnpaidOrders: 5,
          maxUnpaidUnits: 100,
          cartReminders: true,
          guestHoldMinutes: 15,
          guestStockSharePercent: 50,
          waitingMailMinutes: 5,
          accountOverdueDays: 45,
        },
        revision: 0,
      },
    ]);
  });

  it('says which field is not a number and sends nothing', async () => {
    await open();
    type(field('Return window (days)'), 'a month');
    await submit(section('settings-returns'));
    await waitFor(() =>
      expect(screen().querySelector('[data-testid="settings-returns-problems"]')?.textContent).toBe(
        'Return window: write a number, like 2.5',
      ),
    );
    expect(sent('PUT', '/api/settings/returns')).toEqual([]);
  });

  it('keeps what was typed when someone else saved the section meanwhile', async () => {
    answer(http.put('/api/settings/:section', () => refusal(409, 'CONFLICT', SETTINGS_CHANGED)));
    await open();
    type(field('Return window (days)'), '60');
    await submit(section('settings-returns'));
    await waitFor(() =>
      expect(screen().querySelector('[data-testid="settings-returns-problems"]')?.textContent).toBe(
        SETTINGS_CHANGED,
      ),
    );
    expect(field('Return window (days)').value).toBe('60');
  });

  it("saves the admin's own notification e-mails", async () => {
    await open();
    await waitFor(() => expect(field('E-mail me when an order is paid').checked).toBe(true));
    await tick(field('E-mail me when a message arrives'));
    await shows('Your notification e-mails are saved.');
    expect(sent('PUT', '/api/manage/notifications')).toEqual([
      { emailOnNewOrder: true, emailOnNewMessage: true },
    ]);
  });
});

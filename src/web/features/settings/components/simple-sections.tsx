import type { SettingsAnswer } from '@contract/settings';
import { useState } from 'react';
import { useSaveSection } from '../api/settings-calls';
import { Field, SectionForm } from './section-form';
import { numberOf, numberText } from './units';

/** The store's name, wordmark and how customers reach it: on every page, receipt and mail. */
export function StoreDetailsForm({ answer }: { answer: SettingsAnswer }) {
  const store = answer.settings.store;
  const [brand, setBrand] = useState(store.brand);
  const [wordmark, setWordmark] = useState(store.wordmark);
  const [email, setEmail] = useState(store.contact.email);
  const [phone, setPhone] = useState(store.contact.phone);
  const [address, setAddress] = useState(store.contact.address);
  const save = useSaveSection('store');
  return (
    <SectionForm
      id="settings-store"
      title="Store details"
      description="The name in the banner and on receipts, the two-word wordmark in the navigation, and the contact details customers see."
      savedAt={answer.sections.store.updatedAt}
      build={() => ({ brand, wordmark, contact: { email, phone, address } })}
      save={async (value) => {
        await save.mutateAsync({ value: value as never, revision: answer.sections.store.revision });
      }}
    >
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field label="Brand" value={brand} onChange={setBrand} />
        <Field label="Wordmark" value={wordmark} onChange={setWordmark} />
        <Field label="Contact e-mail" type="email" inputMode="email" value={email} onChange={setEmail} />
        <Field label="Contact phone" value={phone} onChange={setPhone} />
        <Field label="Contact address" value={address} onChange={setAddress} className="sm:col-span-2" />
      </div>
    </SectionForm>
  );
}

/** How long unpaid orders hold stock, how much one customer or guest may hold unpaid, and when the payment reminder goes. */
export function OrderLimitsForm({ answer }: { answer: SettingsAnswer }) {
  const orders = answer.settings.orders;
  const [hold, setHold] = useState(numberText(orders.holdMinutes));
  const [maxOrders, setMaxOrders] = useState(numberText(orders.maxUnpaidOrders));
  const [maxUnits, setMaxUnits] = useState(numberText(orders.maxUnpaidUnits));
  const [reminders, setReminders] = useState(orders.cartReminders);
  const [guestHold, setGuestHold] = useState(numberText(orders.guestHoldMinutes));
  const [guestShare, setGuestShare] = useState(numberText(orders.guestStockSharePercent));
  const [waitingMail, setWaitingMail] = useState(numberText(orders.waitingMailMinutes));
  const [overdueDays, setOverdueDays] = useState(numberText(orders.accountOverdueDays));
  const save = useSaveSection('orders');
  return (
    <SectionForm
      id="settings-orders"
      title="Order holds and caps"
      description="An unpaid order holds its parts for this long, then they go back on sale. One customer, and one guest's network, may keep only so many unpaid orders and units; guests' unpaid orders together hold at most a share of each product."
      savedAt={answer.sections.orders.updatedAt}
      build={() => ({
        holdMinutes: numberOf(hold, 'Hold'),
        maxUnpaidOrders: numberOf(maxOrders, 'Unpaid orders per customer'),
        maxUnpaidUnits: numberOf(maxUnits, 'Unpaid units per customer'),
        cartReminders: reminders,
        guestHoldMinutes: numberOf(guestHold, 'Guest hold'),
        guestStockSharePercent: numberOf(guestShare, "Guests' share of stock"),
        waitingMailMinutes: numberOf(waitingMail, 'Payment reminder'),
        accountOverdueDays: numberOf(overdueDays, 'Stop orders on account'),
      })}
      save={async (value) => {
        await save.mutateAsync({ value: value as never, revision: answer.sections.orders.revision });
      }}
    >
      <div className="grid gap-x-4 sm:grid-cols-3">
        <Field label="Hold (minutes)" inputMode="decimal" value={hold} onChange={setHold} />
        <Field
          label="Unpaid orders per customer"
          inputMode="numeric"
          value={maxOrders}
          onChange={setMaxOrders}
        />
        <Field
          label="Unpaid units per customer"
          inputMode="numeric"
          value={maxUnits}
          onChange={setMaxUnits}
        />
        <Field
          label="Guest hold (minutes)"
          inputMode="decimal"
          value={guestHold}
          onChange={setGuestHold}
          hint="A guest's unpaid order; never longer than the hold."
        />
        <Field
          label="Guests' share of stock (%)"
          inputMode="decimal"
          value={guestShare}
          onChange={setGuestShare}
          hint="Of each product's units on hand, held by unpaid guest orders at once."
        />
        <Field
          label="Payment reminder after (minutes)"
          inputMode="decimal"
          value={waitingMail}
          onChange={setWaitingMail}
          hint="The waiting-for-payment mail, only if the order is still unpaid then."
        />
        <Field
          label="Stop orders on account when an invoice is overdue more than (days)"
          inputMode="numeric"
          value={overdueDays}
          onChange={setOverdueDays}
          hint="A trade account orders on account again once it pays; 0 stops it the day after an invoice is due."
          className="sm:col-span-3"
        />
      </div>
      <label className="label mt-2 cursor-pointer justify-start gap-3">
        <input
          type="checkbox"
          className="checkbox"
          checked={reminders}
          onChange={(event) => setReminders(event.target.checked)}
        />
        <span className="label-text">
          Send one reminder mail for a customer's cart left untouched for a day
        </span>
      </label>
    </SectionForm>
  );
}

/** The return window and the restocking fee a return's refund keeps. */
export function ReturnsForm({ answer }: { answer: SettingsAnswer }) {
  const returns = answer.settings.returns;
  const [days, setDays] = useState(numberText(returns.windowDays));
  const [fee, setFee] = useState(numberText(returns.restockingFeePercent));
  const save = useSaveSection('returns');
  return (
    <SectionForm
      id="settings-returns"
      title="Returns"
      description="Customers may ask to return a part this many days after it shipped; the refund offered keeps the restocking fee."
      savedAt={answer.sections.returns.updatedAt}
      build={() => ({
        windowDays: numberOf(days, 'Return window'),
        restockingFeePercent: numberOf(fee, 'Restocking fee'),
      })}
      save={async (value) => {
        await save.mutateAsync({ value: value as never, revision: answer.sections.returns.revision });
      }}
    >
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field label="Return window (days)" inputMode="numeric" value={days} onChange={setDays} />
        <Field label="Restocking fee (%)" inputMode="decimal" value={fee} onChange={setFee} />
      </div>
    </SectionForm>
  );
}

/** When a product without its own threshold counts as low on stock. */
export function InventoryForm({ answer }: { answer: SettingsAnswer }) {
  const [factor, setFactor] = useState(numberText(answer.settings.inventory.lowStockFactor));
  const save = useSaveSection('inventory');
  return (
    <SectionForm
      id="settings-inventory"
      title="Low stock"
      description="A product without a threshold of its own is low at or under its minimum order quantity times this number."
      savedAt={answer.sections.inventory.updatedAt}
      build={() => ({ lowStockFactor: numberOf(factor, 'Low-stock factor') })}
      save={async (value) => {
        await save.mutateAsync({ value: value as never, revision: answer.sections.inventory.revision });
      }}
    >
      <Field
        label="Low-stock factor"
        inputMode="decimal"
        value={factor}
        onChange={setFactor}
        hint="2 means: low at twice the minimum order quantity."
        className="max-w-xs"
      />
    </SectionForm>
  );
}

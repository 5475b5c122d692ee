import { readMoney } from '@contract/money';
import type { Supplier, SupplierInput } from '@contract/purchasing';
import { FormError, SubmitButton } from '@web/components/ui/submit-button';
import { TextAreaField, TextField } from '@web/components/ui/text-field';
import { type FormEvent, useState } from 'react';
import { centsText, type Problem, problemOf } from './server-problem';

interface Fields {
  name: string;
  contactName: string;
  email: string;
  phone: string;
  leadTimeDays: string;
  minimumOrder: string;
  note: string;
}

export const blankSupplier: Fields = {
  name: '',
  contactName: '',
  email: '',
  phone: '',
  leadTimeDays: '',
  minimumOrder: '',
  note: '',
};

export const fieldsOfSupplier = (s: Supplier): Fields => ({
  name: s.name,
  contactName: s.contactName ?? '',
  email: s.email,
  phone: s.phone ?? '',
  leadTimeDays: String(s.leadTimeDays),
  minimumOrder: s.minimumOrderCents === 0 ? '' : centsText(s.minimumOrderCents),
  note: s.note ?? '',
});

/** The words typed, as the request; the store checks them (its messages show by the fields). */
function toInput(f: Fields): SupplierInput | Problem {
  const minimum = f.minimumOrder.trim() === '' ? 0 : readMoney(f.minimumOrder);
  if (minimum === undefined)
    return {
      message: 'Check the minimum order',
      fields: { minimumOrderCents: 'Enter the minimum order as dollars, like 250.00' },
    };
  return {
    name: f.name,
    contactName: f.contactName,
    email: f.email.trim(),
    phone: f.phone,
    leadTimeDays: f.leadTimeDays.trim() === '' ? Number.NaN : Number(f.leadTimeDays),
    minimumOrderCents: minimum,
    note: f.note,
  };
}

/** Add or change a supplier. Nothing typed is lost when the store refuses it. */
export function SupplierForm({
  initial,
  label,
  onSave,
  onCancel,
}: {
  initial: Fields;
  label: string;
  onSave: (input: SupplierInput) => Promise<void>;
  onCancel?: () => void;
}) {
  const [f, setF] = useState(initial);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Fields) => (e: { target: { value: string } }) =>
    setF((was) => ({ ...was, [key]: e.target.value }));
  const err = (key: string) => problem?.fields[key];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = toInput(f);
    if ('message' in input) return setProblem(input);
    setProblem(null);
    setBusy(true);
    try {
      await onSave(input);
    } catch (e) {
      setProblem(problemOf(e, 'The supplier could not be saved.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={label}
      className="grid gap-x-4 sm:grid-cols-2"
    >
      <TextField label="Name" value={f.name} onChange={set('name')} error={err('name')} required />
      <TextField
        label="E-mail for orders"
        type="email"
        value={f.email}
        onChange={set('email')}
        error={err('email')}
        required
      />
      <TextField
        label="Contact name"
        value={f.contactName}
        onChange={set('contactName')}
        error={err('contactName')}
      />
      <TextField label="Phone" type="tel" value={f.phone} onChange={set('phone')} error={err('phone')} />
      <TextField
        label="Lead time (days)"
        inputMode="numeric"
        value={f.leadTimeDays}
        onChange={set('leadTimeDays')}
        error={err('leadTimeDays')}
        required
      />
      <TextField
        label="Minimum order ($)"
        inputMode="decimal"
        placeholder="0.00"
        value={f.minimumOrder}
        onChange={set('minimumOrder')}
        error={err('minimumOrderCents')}
      />
      <div className="sm:col-span-2">
        <TextAreaField label="Note" rows={2} value={f.note} onChange={set('note')} error={err('note')} />
      </div>
      <div className="flex flex-wrap items-center gap-2 pt-3 sm:col-span-2">
        <SubmitButton busy={busy}>{label}</SubmitButton>
        {onCancel ? (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
      <div className="sm:col-span-2">
        <FormError message={problem?.message} />
      </div>
    </form>
  );
}

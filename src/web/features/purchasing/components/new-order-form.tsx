import type { PurchaseOrderInput, Supplier } from '@contract/purchasing';
import { FormError, SubmitButton } from '@web/components/ui/submit-button';
import { type FormEvent, useId, useState } from 'react';
import { useSupplier } from '../api/purchasing-calls';
import { type LineDraft, linesInput, OrderLinesEditor } from './order-lines-editor';
import { type Problem, problemOf } from './server-problem';

/** Choose a supplier, add products, create the draft; `onCreate` sends it (and goes to the order). */
export function NewOrderForm({
  suppliers,
  onCreate,
  onCancel,
}: {
  suppliers: Supplier[];
  onCreate: (input: PurchaseOrderInput) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [supplierId, setSupplierId] = useState('');
  const [lines, setLines] = useState<LineDraft[]>([]);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const supplier = useSupplier(supplierId || null);
  const sells = supplier.data?.products ?? [];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!supplierId) return setProblem({ message: 'Choose a supplier', fields: {} });
    const input = linesInput(lines, sells);
    if (typeof input === 'string') return setProblem({ message: input, fields: {} });
    setProblem(null);
    setBusy(true);
    try {
      await onCreate({ supplierId, lines: input });
    } catch (e) {
      setProblem(problemOf(e, 'The purchase order could not be created.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="New purchase order" className="space-y-3">
      <div className="fieldset max-w-sm">
        <label htmlFor={`${id}-supplier`} className="fieldset-legend">
          Supplier
        </label>
        <select
          id={`${id}-supplier`}
          className={`select w-full ${problem?.fields.supplierId ? 'select-error' : ''}`}
          value={supplierId}
          onChange={(e) => setSupplierId(e.target.value)}
        >
          <option value="">Choose a supplier</option>
          {suppliers.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        {problem?.fields.supplierId ? (
          <p role="alert" className="text-sm text-error">
            {problem.fields.supplierId}
          </p>
        ) : null}
      </div>
      {supplierId ? (
        <OrderLinesEditor lines={lines} onChange={setLines} sells={sells} errors={problem?.fields} />
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <SubmitButton busy={busy}>Create purchase order</SubmitButton>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <FormError message={problem?.fields.lines ?? problem?.message} />
    </form>
  );
}

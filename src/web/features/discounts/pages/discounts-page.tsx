import type { Discount } from '@contract/discounts';
import { formatCents } from '@contract/money';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { QueryState } from '@web/components/ui/query-state';
import { TableScroll } from '@web/components/ui/table-scroll';
import { useConfirmedAction } from '@web/components/ui/use-confirmed-action';
import { toast } from '@web/lib/toast';
import { useBrands } from '@web/shared/catalog/get-brands';
import { useCategories } from '@web/shared/catalog/get-categories';
import { useState } from 'react';
import { useCreateDiscount, useDiscounts, useEndDiscount, useUpdateDiscount } from '../api/discount-calls';
import { blankDiscount, DiscountForm, fieldsOf } from '../components/discount-form';

const stateWords: Record<Discount['state'], string> = {
  scheduled: 'Scheduled',
  active: 'Running',
  used_up: 'Used up',
  ended: 'Ended',
};

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

function appliesTo(d: Discount): string {
  const scope =
    d.appliesTo === 'order'
      ? 'Whole order'
      : d.appliesTo === 'categories'
        ? `Categories: ${d.categorySlugs.join(', ')}`
        : `Brands: ${d.brandNames.join(', ')}`;
  return d.minSubtotalCents > 0 ? `${scope}; from ${formatCents(d.minSubtotalCents)}` : scope;
}

/** Discounts (managers): the codes and automatic discounts, created, changed and ended here. */
export function DiscountsPage() {
  const discounts = useDiscounts();
  const categories = useCategories();
  const brands = useBrands();
  const create = useCreateDiscount();
  const update = useUpdateDiscount();
  const end = useEndDiscount();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const ending = useConfirmedAction(async (d: Discount) => {
    await end.mutateAsync(d.id);
    return `${d.code ?? d.name} has ended`;
  }, 'Could not end the discount.');
  const taxonomy = { categories: categories.data ?? [], brands: brands.data ?? [] };

  return (
    <div className="max-w-5xl space-y-6">
      <h2 className="text-xl font-semibold">Discounts</h2>
      <p className="text-sm text-base-content/70">
        A buyer enters one code per order; automatic discounts apply by themselves. Of the code and the
        automatic discounts that apply, the order gets the one that saves the buyer most.
      </p>
      {adding ? (
        <section aria-labelledby="new-discount-heading" className="card border border-base-300">
          <div className="card-body">
            <h3 id="new-discount-heading" className="font-semibold">
              New discount
            </h3>
            <DiscountForm
              label="Create discount"
              initial={blankDiscount}
              {...taxonomy}
              onCancel={() => setAdding(false)}
              onSave={async (input) => {
                const made = await create.mutateAsync(input);
                toast.success(`${made.code ?? made.name} is created`);
                setAdding(false);
              }}
            />
          </div>
        </section>
      ) : (
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setAdding(true)}>
          New discount
        </button>
      )}
      <QueryState
        query={discounts}
        isEmpty={(d) => d.discounts.length === 0}
        empty="No discounts yet. Create a code or an automatic discount above."
      >
        {(data) => (
          <TableScroll label="Discounts">
            <table className="table" data-testid="discounts">
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Discount</th>
                  <th scope="col">Applies to</th>
                  <th scope="col">Uses</th>
                  <th scope="col">Dates</th>
                  <th scope="col">State</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.discounts.map((d) =>
                  editing === d.id ? (
                    <tr key={d.id}>
                      <td colSpan={7}>
                        <DiscountForm
                          label="Save discount"
                          initial={fieldsOf(d)}
                          {...taxonomy}
                          onCancel={() => setEditing(null)}
                          onSave={async (input) => {
                            const saved = await update.mutateAsync({ id: d.id, input });
                            toast.success(`${saved.code ?? saved.name} is saved`);
                            setEditing(null);
                          }}
                        />
                      </td>
                    </tr>
                  ) : (
                    <tr key={d.id}>
                      <td className="font-mono">{d.code ?? <span className="font-sans">Automatic</span>}</td>
                      <td>
                        <span className="block font-medium">{d.name}</span>
                        <span className="text-sm">{d.summary}</span>
                      </td>
                      <td className="text-sm">{appliesTo(d)}</td>
                      <td className="tabular-nums">
                        {d.usedCount}
                        {d.usageLimit !== null ? ` of ${d.usageLimit}` : ''}
                        {d.perCustomerLimit !== null ? (
                          <span className="block text-xs">{d.perCustomerLimit} per customer</span>
                        ) : null}
                      </td>
                      <td className="text-sm">
                        {day(d.startsAt)}
                        {d.endsAt ? ` to ${day(d.endsAt)}` : ', no end'}
                      </td>
                      <td>{stateWords[d.state]}</td>
                      <td>
                        <div className="flex flex-wrap justify-end gap-1">
                          <button
                            type="button"
                            className="btn btn-xs"
                            aria-label={`Change ${d.code ?? d.name}`}
                            onClick={() => setEditing(d.id)}
                          >
                            Change
                          </button>
                          {d.state === 'ended' ? null : (
                            <button
                              type="button"
                              className="btn btn-xs btn-outline btn-error"
                              aria-label={`End ${d.code ?? d.name}`}
                              onClick={() => ending.ask(d)}
                            >
                              End
                            </button>
                          )}
                        </div>
                      </td>
                    </tr>
                  ),
                )}
              </tbody>
            </table>
          </TableScroll>
        )}
      </QueryState>
      <ConfirmDialog {...ending.dialog} title="End this discount now?" confirmLabel="End discount">
        <p>
          No new order gets “{ending.item?.name}” from now on. Orders that already took it keep their price.
        </p>
      </ConfirmDialog>
    </div>
  );
}

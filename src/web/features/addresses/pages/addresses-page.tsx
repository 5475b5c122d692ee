import { Address, type AddressInput, BLANK_ADDRESS, type SavedAddress } from '@contract/addresses';
import { zodResolver } from '@hookform/resolvers/zod';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { QueryState } from '@web/components/ui/query-state';
import { SubmitButton } from '@web/components/ui/submit-button';
import { useConfirmedAction } from '@web/components/ui/use-confirmed-action';
import { showServerErrors } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import { AddressFields } from '@web/shared/address/address-fields';
import { useSavedAddresses } from '@web/shared/address/saved-addresses';
import { AddressBlock } from '@web/shared/orders/order-parts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useDeleteAddress, useSaveAddress } from '../api/address-calls';

const fields = ['fullName', 'line1', 'line2', 'city', 'region', 'postalCode', 'country', 'phone'] as const;

function AddressEditor({
  editing,
  onDone,
}: {
  /** The address being changed; undefined: a new one. */
  editing: SavedAddress | undefined;
  onDone: () => void;
}) {
  const save = useSaveAddress();
  const [makeDefault, setMakeDefault] = useState(editing?.isDefault ?? false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AddressInput>({
    resolver: zodResolver(Address) as never,
    defaultValues: editing ? { ...editing } : BLANK_ADDRESS,
  });
  const onSubmit = handleSubmit(async (address) => {
    try {
      await save.mutateAsync({ id: editing?.id, address: { ...address, isDefault: makeDefault } });
      toast.success(editing ? 'Address saved' : 'Address added');
      onDone();
    } catch (error) {
      showServerErrors(error, setError, fields);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="card bg-base-200" aria-labelledby="address-form-title">
      <div className="card-body gap-2">
        <h3 id="address-form-title" className="text-lg font-semibold">
          {editing ? 'Edit address' : 'New address'}
        </h3>
        <AddressFields register={register} errors={errors} />
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="checkbox"
            checked={makeDefault}
            onChange={(e) => setMakeDefault(e.target.checked)}
          />
          Use as my default address
        </label>
        <div className="flex gap-2">
          <SubmitButton busy={save.isPending}>{editing ? 'Save address' : 'Add address'}</SubmitButton>
          <button type="button" className="btn btn-ghost" onClick={onDone}>
            Cancel
          </button>
        </div>
      </div>
    </form>
  );
}

/** The customer's address book: add, edit, delete (asked first) and choose the default. */
export function AddressesPage() {
  const book = useSavedAddresses();
  const save = useSaveAddress();
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(null);
  const deleting = useConfirmedAction(async (a: SavedAddress) => {
    await remove.mutateAsync(a.id);
    return 'Address deleted';
  }, 'The address could not be deleted.');

  const makeDefault = async (a: SavedAddress) => {
    try {
      const { id: _id, isDefault: _d, ...address } = a;
      await save.mutateAsync({ id: a.id, address: { ...address, isDefault: true } });
      toast.success('Default address changed');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The address could not be changed.');
    }
  };

  return (
    <div className="max-w-3xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">Addresses</h2>
        {editing === null ? (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing('new')}>
            Add an address
          </button>
        ) : null}
      </div>
      {editing !== null ? (
        <AddressEditor
          key={editing === 'new' ? 'new' : editing.id}
          editing={editing === 'new' ? undefined : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <QueryState
        query={book}
        isEmpty={(d) => d.length === 0}
        empty="No saved addresses yet. Add one, or save the one you ship to at checkout."
      >
        {(data) => (
          <ul className="grid gap-3 sm:grid-cols-2" aria-label="Saved addresses">
            {data.map((a) => (
              <li key={a.id} className="card bg-base-100 border border-base-300">
                <div className="card-body gap-2 p-4">
                  {a.isDefault ? <span className="badge badge-primary">Default</span> : null}
                  <AddressBlock address={a} phone={a.phone} />
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className="btn btn-sm"
                      onClick={() => setEditing(a)}
                      aria-label={`Edit the address of ${a.fullName}, ${a.line1}`}
                    >
                      Edit
                    </button>
                    {a.isDefault ? null : (
                      <button
                        type="button"
                        className="btn btn-sm"
                        disabled={save.isPending}
                        onClick={() => void makeDefault(a)}
                        aria-label={`Make ${a.line1} my default address`}
                      >
                        Make default
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-sm btn-outline btn-error"
                      onClick={() => deleting.ask(a)}
                      aria-label={`Delete the address ${a.line1}`}
                    >
                      Delete
                    </button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <ConfirmDialog {...deleting.dialog} title="Delete this address?" confirmLabel="Delete address">
        <p>
          {deleting.item?.line1}, {deleting.item?.city} leaves your address book. Orders already placed keep
          their own copy.
        </p>
      </ConfirmDialog>
    </div>
  );
}

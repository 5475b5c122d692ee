import { percentText } from '@contract/discounts';
import type { FieldIssue } from '@contract/errors';
import { type CustomerGroup, DISCOUNT_RULE_LABELS } from '@contract/trade';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { type Column, DataTable } from '@web/components/ui/data-table';
import { QueryState } from '@web/components/ui/query-state';
import { FormError, SubmitButton } from '@web/components/ui/submit-button';
import { ApiError } from '@web/lib/api-client';
import { formatNumber } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { useMay } from '@web/shared/session/access';
import { type FormEvent, useId, useState } from 'react';
import { useCustomerGroups, useDeleteCustomerGroup, useSaveCustomerGroup } from '../api/group-calls';
import {
  PriceListFields,
  type PriceListForm,
  priceListFormOf,
  priceListOf,
  splitBreakIssues,
} from '../components/price-list-editor';

/** Adding a group, or changing one. */
type Editing = { kind: 'new' } | { kind: 'edit'; group: CustomerGroup } | null;

/** A group's name and price list, as typed; the store checks and keeps them. */
function GroupForm({ editing, onDone }: { editing: Exclude<Editing, null>; onDone: () => void }) {
  const save = useSaveCustomerGroup();
  const group = editing.kind === 'edit' ? editing.group : null;
  const [name, setName] = useState(group?.name ?? '');
  const [names, setNames] = useState(() => new Map<string, string>());
  const [list, setList] = useState<PriceListForm>(() => priceListFormOf(group?.priceList, names));
  const [problem, setProblem] = useState<string | null>(null);
  const [breakIssues, setBreakIssues] = useState<FieldIssue[]>([]);
  const id = useId();
  const label = group ? `Change ${group.name}` : 'New customer group';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setProblem('Name the group.');
      return;
    }
    const priceList = priceListOf(list);
    if (typeof priceList === 'string') {
      setProblem(priceList);
      return;
    }
    setProblem(null);
    setBreakIssues([]);
    try {
      const saved = await save.mutateAsync({ id: group?.id, input: { name: name.trim(), priceList } });
      toast.success(group ? `${saved.name} is saved` : `${saved.name} is added`);
      onDone();
    } catch (error) {
      const { ofBreaks, others } = splitBreakIssues(error instanceof ApiError ? error.issues : []);
      setBreakIssues(ofBreaks);
      setProblem(
        others.length > 0
          ? others.map((i) => i.message).join(' ')
          : ofBreaks.length > 0
            ? null
            : error instanceof Error
              ? error.message
              : 'The group could not be saved.',
      );
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="card border border-base-300">
      <div className="card-body">
        <h3 id={`${id}-title`} className="font-semibold break-words">
          {label}
        </h3>
        <form aria-label={label} className="space-y-4" onSubmit={onSubmit} noValidate>
          <div className="fieldset max-w-sm">
            <label htmlFor={`${id}-name`} className="fieldset-legend">
              Group name
            </label>
            <input
              id={`${id}-name`}
              className="input w-full"
              maxLength={60}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <PriceListFields
            value={list}
            onChange={(change) => setList((l) => ({ ...l, ...change }))}
            onName={(productId, productName) => setNames((m) => new Map(m).set(productId, productName))}
            breakIssues={breakIssues}
            onBreakIssuesClear={() => setBreakIssues([])}
          />
          <FormError message={problem} />
          <div className="flex flex-wrap gap-2">
            <SubmitButton busy={save.isPending}>{group ? 'Save group' : 'Add group'}</SubmitButton>
            <button type="button" className="btn btn-ghost" onClick={onDone}>
              Cancel
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}

/**
 * Customer groups (decision 102): trade tiers the owner names ("Fleet", "Body shops"), each with
 * the price list its members buy at. Managers and the owner see them; those who set trade terms
 * add, change and delete them (a group with members is refused, in the store's words).
 */
export function CustomerGroupsPage() {
  const groups = useCustomerGroups();
  const remove = useDeleteCustomerGroup();
  const mayEdit = useMay('trade.write');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<CustomerGroup | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const closeDelete = () => {
    setDeleting(null);
    setRefusal(null);
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(`${deleting.name} is deleted`);
      closeDelete();
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : 'The group could not be deleted.');
    }
  };

  const columns: Column<CustomerGroup>[] = [
    { header: 'Name', rowHeader: true, className: 'font-medium break-words', cell: (g) => g.name },
    { header: 'Members', className: 'tabular-nums', cell: (g) => formatNumber(g.members) },
    {
      header: 'Percent off',
      className: 'tabular-nums',
      cell: (g) => percentText(g.priceList.percentOffBasisPoints),
    },
    { header: 'With a discount', cell: (g) => DISCOUNT_RULE_LABELS[g.priceList.discountRule ?? 'stack'] },
    ...(mayEdit
      ? [
          {
            srHeader: 'Actions',
            cell: (g: CustomerGroup) => (
              <div className="flex flex-wrap gap-1">
                <button
                  type="button"
                  className="btn btn-xs"
                  aria-label={`Edit ${g.name}`}
                  onClick={() => setEditing({ kind: 'edit', group: g })}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="btn btn-xs btn-ghost text-error"
                  aria-label={`Delete ${g.name}`}
                  onClick={() => setDeleting(g)}
                >
                  Delete
                </button>
              </div>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="max-w-5xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">Customer groups</h2>
        {mayEdit && editing === null ? (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => setEditing({ kind: 'new' })}
          >
            Add a group
          </button>
        ) : null}
      </div>
      <p className="text-sm text-base-content/70">
        A trade account in a group buys at the group's price list; one in no group, at its own.
      </p>
      {mayEdit && editing ? (
        <GroupForm
          key={editing.kind === 'edit' ? editing.group.id : 'new'}
          editing={editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <QueryState query={groups} isEmpty={(d) => d.groups.length === 0} empty="No customer groups yet.">
        {(data) => (
          <DataTable
            label="Customer groups"
            testId="customer-groups"
            columns={columns}
            rows={data.groups}
            rowKey={(g) => g.id}
            rowProps={(g) => ({ 'data-group-id': g.id })}
          />
        )}
      </QueryState>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'this group'}?`}
        confirmLabel="Delete group"
        busy={remove.isPending}
        onCancel={closeDelete}
        onConfirm={() => void confirmDelete()}
      >
        <p>Its price list goes with it. Only a group without members can be deleted.</p>
        <FormError message={refusal} />
      </ConfirmDialog>
    </div>
  );
}

import type { FieldIssue } from '@contract/errors';
import { formatCents, readMoney } from '@contract/money';
import { type OnAccountTerms, type TradeAccount, type TradeAccountInput, termsDays } from '@contract/trade';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { FormError, SubmitButton } from '@web/components/ui/submit-button';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useMay } from '@web/shared/session/access';
import { type FormEvent, useId, useState } from 'react';
import { useCustomerGroups } from '../api/group-calls';
import { useCloseTradeAccount, useSaveTradeAccount, useTradeAccount } from '../api/trade-calls';
import {
  PriceListFields,
  type PriceListForm,
  PriceListRows,
  priceListFormOf,
  priceListOf,
  splitBreakIssues,
} from './price-list-editor';

/** Orders on account as the form holds them: off, or net 15 or 30 days. */
type Terms = 'off' | `${(typeof termsDays)[number]}`;

interface Form {
  /** The account's own price list, used when it is in no group. */
  list: PriceListForm;
  /** Its customer group's id; '' for its own list. */
  groupId: string;
  holdsCertificate: boolean;
  number: string;
  states: string;
  expiresOn: string;
  terms: Terms;
  /** The credit limit in dollars. */
  creditLimit: string;
}

const formOf = (trade: TradeAccount | null, names: Map<string, string>): Form => ({
  list: priceListFormOf(trade?.priceList, names),
  groupId: trade?.groupId ?? '',
  holdsCertificate: Boolean(trade?.certificate),
  number: trade?.certificate?.number ?? '',
  states: trade?.certificate?.states.join(', ') ?? '',
  expiresOn: trade?.certificate?.expiresOn ?? '',
  terms: trade?.onAccount ? (String(trade.onAccount.termsDays) as Terms) : 'off',
  creditLimit: trade?.onAccount ? formatCents(trade.onAccount.creditLimitCents).replace('$', '') : '',
});

/** The terms on account as the store takes them, or the first thing wrong with them in words. */
function onAccountOf(form: Form): OnAccountTerms | null | string {
  if (form.terms === 'off') return null;
  const creditLimitCents = readMoney(form.creditLimit);
  if (creditLimitCents === undefined || creditLimitCents < 100)
    return 'Enter the credit limit in dollars, at least 1.00, like 5,000.00.';
  return { creditLimitCents, termsDays: form.terms === '15' ? 15 : 30 };
}

/**
 * The form as the store's input, or the first thing wrong with it in words. In a group, the own
 * list is not edited here: the one kept is sent back as it was. Terms on account are sent only by
 * those who may set them (`credit.write`); absent, the store keeps them.
 */
function inputOf(form: Form, kept: TradeAccount | null, mayCredit: boolean): TradeAccountInput | string {
  const priceList = form.groupId
    ? (kept?.priceList ?? { percentOffBasisPoints: 0, categories: [], netPrices: [], quantityBreaks: [] })
    : priceListOf(form.list);
  if (typeof priceList === 'string') return priceList;
  const input: TradeAccountInput = {
    priceList,
    certificate: form.holdsCertificate
      ? {
          number: form.number.trim(),
          states: form.states
            .split(/[\s,]+/)
            .filter(Boolean)
            .map((s) => s.toUpperCase()),
          expiresOn: form.expiresOn,
        }
      : null,
    groupId: form.groupId || null,
  };
  if (mayCredit) {
    const onAccount = onAccountOf(form);
    if (typeof onAccount === 'string') return onAccount;
    input.onAccount = onAccount;
  }
  return input;
}

/** "Net 30, up to $5,000.00", or that it orders on account not at all. */
export const termsWords = (terms: OnAccountTerms | null) =>
  terms ? `Net ${terms.termsDays}, up to ${formatCents(terms.creditLimitCents)}` : 'No: pays when it orders';

/** What a trade account's terms say, in a few lines. */
function TradeSummary({ trade, names }: { trade: TradeAccount; names: Map<string, string> }) {
  const { priceList, certificate } = trade;
  return (
    <dl className="grid gap-1 text-sm sm:grid-cols-[12rem_1fr]" data-testid="trade-summary">
      {trade.groupId ? (
        <>
          <dt className="font-medium">Customer group</dt>
          <dd>{trade.groupName ?? 'A group'}: buys at the group's price list</dd>
        </>
      ) : (
        <PriceListRows list={priceList} names={names} />
      )}
      <dt className="font-medium">Tax exemption</dt>
      <dd>
        {certificate
          ? `Certificate ${certificate.number}, ${certificate.states.join(', ')}, until ${certificate.expiresOn}`
          : 'None: taxed as anyone'}
      </dd>
      <dt className="font-medium">Orders on account</dt>
      <dd>{termsWords(trade.onAccount)}</dd>
    </dl>
  );
}

/**
 * A customer's trade terms on their page (managers and the owner): retail, or a trade account's
 * customer group or own price list, its resale certificate and (set by the owner alone) its terms
 * on account, with a form to set them and a confirmed way to end them. The store checks and
 * prices everything; this only sends what was typed.
 */
export function TradeAccountPanel({ customerId }: { customerId: string }) {
  const trade = useTradeAccount(customerId);
  const save = useSaveTradeAccount(customerId);
  const close = useCloseTradeAccount(customerId);
  const mayCredit = useMay('credit.write');
  const [form, setForm] = useState<Form | null>(null);
  const groups = useCustomerGroups(form !== null);
  const [problem, setProblem] = useState<string | null>(null);
  // The store's words about the quantity breaks (`priceList.quantityBreaks` or one break's field).
  const [breakIssues, setBreakIssues] = useState<FieldIssue[]>([]);
  const [confirming, setConfirming] = useState(false);
  // Names of the products given net prices or breaks here, so the summary names them.
  const [names, setNames] = useState(() => new Map<string, string>());
  const id = useId();

  const edit = (change: Partial<Form>) => setForm((f) => (f ? { ...f, ...change } : f));
  const editList = (change: Partial<PriceListForm>) =>
    setForm((f) => (f ? { ...f, list: { ...f.list, ...change } } : f));

  const current = trade.data?.trade ?? null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form) return;
    const input = inputOf(form, current, mayCredit);
    if (typeof input === 'string') {
      setProblem(input);
      return;
    }
    setProblem(null);
    setBreakIssues([]);
    try {
      await save.mutateAsync(input);
      toast.success('Trade terms saved');
      setForm(null);
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
              : 'The terms could not be saved.',
      );
    }
  };

  const groupList = groups.data?.groups ?? [];
  const chosenGroup = form?.groupId ? groupList.find((g) => g.id === form.groupId) : undefined;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-box border border-base-300 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-lg font-semibold">
          Trade account
        </h3>
        {current ? <span className="badge badge-primary">Trade</span> : null}
      </div>
      {trade.isPending ? (
        <p role="status">Loading trade terms…</p>
      ) : trade.isError ? (
        <p role="alert">The trade terms could not be loaded. Reload the page to try again.</p>
      ) : form === null ? (
        <>
          {current ? (
            <TradeSummary trade={current} names={names} />
          ) : (
            <p className="text-base-content/70">Retail: buys at list prices and pays sales tax.</p>
          )}
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-sm" onClick={() => setForm(formOf(current, names))}>
              {current ? 'Change trade terms' : 'Make a trade account'}
            </button>
            {current ? (
              <button
                type="button"
                className="btn btn-sm btn-ghost text-error"
                onClick={() => setConfirming(true)}
              >
                End trade account
              </button>
            ) : null}
          </div>
        </>
      ) : (
        <form aria-label="Trade terms" className="space-y-4" onSubmit={onSubmit} noValidate>
          <div className="fieldset max-w-sm">
            <label htmlFor={`${id}-group`} className="fieldset-legend">
              Price list
            </label>
            <select
              id={`${id}-group`}
              className="select w-full"
              value={form.groupId}
              onChange={(e) => edit({ groupId: e.target.value })}
            >
              <option value="">Own price list</option>
              {/* The account's group, before the groups have come. */}
              {form.groupId && !chosenGroup ? (
                <option value={form.groupId}>{current?.groupName ?? 'Its group'}</option>
              ) : null}
              {groupList.map((g) => (
                <option key={g.id} value={g.id}>
                  Group: {g.name}
                </option>
              ))}
            </select>
          </div>

          {form.groupId ? (
            <p className="text-sm text-base-content/70" data-testid="group-note">
              The {chosenGroup?.name ?? current?.groupName ?? 'group'} group's price list applies: change it
              on the customer groups page. The account's own list is kept for if it leaves the group.
            </p>
          ) : (
            <PriceListFields
              value={form.list}
              onChange={editList}
              onName={(productId, name) => setNames((m) => new Map(m).set(productId, name))}
              breakIssues={breakIssues}
              onBreakIssuesClear={() => setBreakIssues([])}
            />
          )}

          <fieldset className="space-y-2">
            <legend className="font-medium">Resale certificate</legend>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                className="checkbox"
                checked={form.holdsCertificate}
                onChange={(e) => edit({ holdsCertificate: e.target.checked })}
              />
              <span>Holds a tax exemption certificate</span>
            </label>
            {form.holdsCertificate ? (
              <div className="grid gap-2 sm:grid-cols-3">
                <label className="fieldset">
                  <span className="fieldset-legend">Certificate number</span>
                  <input
                    className="input"
                    value={form.number}
                    onChange={(e) => edit({ number: e.target.value })}
                  />
                </label>
                <label className="fieldset">
                  <span className="fieldset-legend">States (like MI, OH)</span>
                  <input
                    className="input"
                    value={form.states}
                    onChange={(e) => edit({ states: e.target.value })}
                  />
                </label>
                <label className="fieldset">
                  <span className="fieldset-legend">Expires on</span>
                  <input
                    className="input"
                    type="date"
                    value={form.expiresOn}
                    onChange={(e) => edit({ expiresOn: e.target.value })}
                  />
                </label>
              </div>
            ) : null}
          </fieldset>

          {mayCredit ? (
            <fieldset className="space-y-2" data-testid="on-account">
              <legend className="font-medium">Orders on account</legend>
              <div className="flex flex-wrap items-end gap-x-4">
                <div className="fieldset">
                  <label htmlFor={`${id}-terms`} className="fieldset-legend">
                    Terms
                  </label>
                  <select
                    id={`${id}-terms`}
                    className="select"
                    value={form.terms}
                    onChange={(e) => edit({ terms: e.target.value as Terms })}
                  >
                    <option value="off">Off: pays when it orders</option>
                    {termsDays.map((days) => (
                      <option key={days} value={String(days)}>
                        Net {days}
                      </option>
                    ))}
                  </select>
                </div>
                {form.terms === 'off' ? null : (
                  <div className="fieldset">
                    <label htmlFor={`${id}-limit`} className="fieldset-legend">
                      Credit limit ($)
                    </label>
                    <input
                      id={`${id}-limit`}
                      className="input w-40"
                      inputMode="decimal"
                      value={form.creditLimit}
                      onChange={(e) => edit({ creditLimit: e.target.value })}
                    />
                  </div>
                )}
              </div>
            </fieldset>
          ) : null}

          <FormError message={problem} />
          <div className="flex flex-wrap gap-2">
            <SubmitButton busy={save.isPending}>Save trade terms</SubmitButton>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setForm(null);
                setProblem(null);
                setBreakIssues([]);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={confirming}
        title="End this trade account?"
        confirmLabel="End trade account"
        busy={close.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          close.mutate(undefined, {
            onSuccess: () => toast.success('The account buys at list prices again'),
            onError: (error) => toast.error(error.message),
            onSettled: () => setConfirming(false),
          })
        }
      >
        <p>
          From now on this customer buys at list prices and pays sales tax. Past orders keep their prices.
        </p>
      </ConfirmDialog>
    </section>
  );
}

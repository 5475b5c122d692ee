import { percentToBasisPoints } from '@contract/money';
import {
  type TradeApplication,
  type TradeApplicationStatus,
  tradeApplicationStatuses,
} from '@contract/trade';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { type Column, DataTable } from '@web/components/ui/data-table';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { QueryState } from '@web/components/ui/query-state';
import { FormError, SubmitButton } from '@web/components/ui/submit-button';
import { toast } from '@web/lib/toast';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCustomerGroups } from '../api/group-calls';
import {
  certificateFileHref,
  useDecideTradeApplication,
  useTradeApplications,
} from '../api/trade-application-calls';

const statusLabels: Record<TradeApplicationStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  refused: 'Refused',
};

const isStatus = (value: string | null): value is TradeApplicationStatus =>
  (tradeApplicationStatuses as readonly (string | null)[]).includes(value);

/** "10" or "12.5" (a "%" allowed, up to 100) as basis points; undefined when it is no such percent. */
function readPercent(text: string): number | undefined {
  const match = /^\s*(\d{1,3}(?:\.\d{1,2})?)\s*%?\s*$/.exec(text);
  if (!match) return undefined;
  const percent = Number(match[1]);
  return percent > 100 ? undefined : percentToBasisPoints(percent);
}

/** Approve: the percent off list the new trade account buys at, and whether its certificate is kept. */
function ApproveDialog({ application, onClose }: { application: TradeApplication; onClose: () => void }) {
  const decide = useDecideTradeApplication();
  const groups = useCustomerGroups();
  const [groupId, setGroupId] = useState('');
  const [percent, setPercent] = useState('10');
  const [keep, setKeep] = useState(application.certificate !== null);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const percentOffBasisPoints = readPercent(percent);
    if (percentOffBasisPoints === undefined) {
      setProblem('Enter the percent off list as a number, like 10 or 12.5.');
      return;
    }
    setProblem(null);
    try {
      await decide.mutateAsync({
        id: application.id,
        decision: {
          approve: true,
          priceList: { percentOffBasisPoints, categories: [], netPrices: [] },
          keepCertificate: application.certificate !== null && keep,
          ...(groupId ? { groupId } : {}),
        },
      });
      toast.success(`${application.businessName} buys at trade terms now`);
      onClose();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The application could not be approved.');
    }
  };
  return (
    <ModalDialog
      open
      title={`Approve ${application.businessName}`}
      onClose={onClose}
      initialFocus={`#${CSS.escape(`${id}-percent`)}`}
    >
      <form aria-label="Approve the application" className="space-y-3 pt-3" onSubmit={onSubmit} noValidate>
        <p className="text-sm">
          {application.customerName}'s account becomes a trade account with this percent off list price. Its
          categories and net prices can be set on the customer's page later.
        </p>
        <div className="fieldset max-w-xs">
          <label htmlFor={`${id}-group`} className="fieldset-legend">
            Customer group (optional)
          </label>
          <select
            id={`${id}-group`}
            className="select w-full"
            value={groupId}
            onChange={(e) => setGroupId(e.target.value)}
          >
            <option value="">None: its own price list</option>
            {(groups.data?.groups ?? []).map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
          {groupId ? (
            <p className="text-sm text-base-content/70">
              It buys at the group's price list; the percent below is its own list, for if it leaves the
              group.
            </p>
          ) : null}
        </div>
        <div className="fieldset max-w-xs">
          <label htmlFor={`${id}-percent`} className="fieldset-legend">
            Percent off list price
          </label>
          <input
            id={`${id}-percent`}
            className="input"
            inputMode="decimal"
            value={percent}
            onChange={(e) => setPercent(e.target.value)}
          />
        </div>
        {application.certificate ? (
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="checkbox"
              checked={keep}
              onChange={(e) => setKeep(e.target.checked)}
            />
            <span>Keep the certificate</span>
          </label>
        ) : null}
        <FormError message={problem} />
        <div className="modal-action flex-wrap">
          <button type="button" className="btn" onClick={onClose} disabled={decide.isPending}>
            Cancel
          </button>
          <SubmitButton busy={decide.isPending}>Approve</SubmitButton>
        </div>
      </form>
    </ModalDialog>
  );
}

/** Refuse: the reason the shop reads in its mail and on its profile. */
function RefuseDialog({ application, onClose }: { application: TradeApplication; onClose: () => void }) {
  const decide = useDecideTradeApplication();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const refuse = async () => {
    if (!reason.trim()) {
      setProblem('Say why, for the shop.');
      return;
    }
    setProblem(null);
    try {
      await decide.mutateAsync({ id: application.id, decision: { approve: false, reason: reason.trim() } });
      toast.success(`${application.businessName}'s application refused`);
      onClose();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The application could not be refused.');
    }
  };
  return (
    <ConfirmDialog
      open
      title={`Refuse ${application.businessName}`}
      confirmLabel="Refuse"
      busy={decide.isPending}
      confirmDisabled={!reason.trim()}
      onCancel={onClose}
      onConfirm={() => void refuse()}
    >
      <div className="fieldset">
        <label htmlFor={`${id}-reason`} className="fieldset-legend">
          Reason, for the shop
        </label>
        <textarea
          id={`${id}-reason`}
          className="textarea w-full"
          rows={3}
          required
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <FormError message={problem} />
    </ConfirmDialog>
  );
}

function CertificateCell({ application }: { application: TradeApplication }) {
  const { certificate } = application;
  if (!certificate) return <span className="text-base-content/70">None</span>;
  return (
    <div className="space-y-1">
      <p className="break-words">{certificate.number}</p>
      <p>
        {certificate.states.join(', ')}, until {certificate.expiresOn}
      </p>
      {application.hasCertificateFile ? (
        <a
          className="link"
          href={certificateFileHref(application.id)}
          download
          aria-label={`Download the certificate of ${application.businessName}`}
        >
          Download
        </a>
      ) : (
        <p className="text-base-content/70">No file sent</p>
      )}
    </div>
  );
}

/**
 * Shops' applications for trade terms (managers and the owner; decision 101): pending ones first,
 * oldest first, each approved into a trade account with its percent off list, or refused with a
 * reason the shop is mailed.
 */
export function TradeApplicationsPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status: TradeApplicationStatus = isStatus(asked) ? asked : 'pending';
  const list = useTradeApplications(status);
  const [approving, setApproving] = useState<TradeApplication | null>(null);
  const [refusing, setRefusing] = useState<TradeApplication | null>(null);
  const id = useId();

  const columns: Column<TradeApplication>[] = [
    {
      header: 'Business',
      rowHeader: true,
      cell: (a) => (
        <div className="space-y-1">
          <p className="font-medium break-words">{a.businessName}</p>
          {a.note ? <p className="text-sm font-normal break-words text-base-content/70">{a.note}</p> : null}
        </div>
      ),
    },
    {
      header: 'Customer',
      cell: (a) => (
        <div>
          <p>{a.customerName}</p>
          <p className="break-words text-sm text-base-content/70">{a.customerEmail}</p>
        </div>
      ),
    },
    { header: 'Tax id', cell: (a) => <span className="break-words">{a.taxId}</span> },
    { header: 'Certificate', cell: (a) => <CertificateCell application={a} /> },
    { header: 'Applied on', cell: (a) => a.createdAt.slice(0, 10) },
    status === 'pending'
      ? {
          srHeader: 'Decide',
          cell: (a) => (
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-sm btn-primary"
                aria-label={`Approve ${a.businessName}`}
                onClick={() => setApproving(a)}
              >
                Approve
              </button>
              <button
                type="button"
                className="btn btn-sm"
                aria-label={`Refuse ${a.businessName}`}
                onClick={() => setRefusing(a)}
              >
                Refuse
              </button>
            </div>
          ),
        }
      : {
          header: 'Decision',
          cell: (a) => (
            <div>
              <p>
                {statusLabels[a.status]}
                {a.decidedAt ? ` on ${a.decidedAt.slice(0, 10)}` : ''}
              </p>
              {a.decisionNote ? <p className="text-sm break-words">{a.decisionNote}</p> : null}
            </div>
          ),
        },
  ];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-xl font-semibold">Trade applications</h2>
        <div className="fieldset">
          <label htmlFor={`${id}-status`} className="fieldset-legend">
            Show
          </label>
          <select
            id={`${id}-status`}
            className="select select-sm"
            value={status}
            onChange={(e) => setParams(e.target.value === 'pending' ? {} : { status: e.target.value })}
          >
            {tradeApplicationStatuses.map((s) => (
              <option key={s} value={s}>
                {statusLabels[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryState
        query={list}
        empty={`No ${statusLabels[status].toLowerCase()} applications.`}
        isEmpty={(data) => data.applications.length === 0}
      >
        {(data) => (
          <DataTable
            label={`${statusLabels[status]} trade applications`}
            columns={columns}
            rows={data.applications}
            rowKey={(a) => a.id}
            rowProps={(a) => ({ 'data-application-id': a.id })}
            testId="trade-applications"
          />
        )}
      </QueryState>
      {approving ? <ApproveDialog application={approving} onClose={() => setApproving(null)} /> : null}
      {refusing ? <RefuseDialog application={refusing} onClose={() => setRefusing(null)} /> : null}
    </div>
  );
}

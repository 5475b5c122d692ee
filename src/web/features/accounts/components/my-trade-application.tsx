import {
  CERTIFICATE_FILE_MAX_BYTES,
  CERTIFICATE_FILE_TYPES,
  type TradeApplication,
  type TradeApplicationInput,
} from '@contract/trade';
import { FormError, SubmitButton } from '@web/components/ui/submit-button';
import { TextAreaField, TextField } from '@web/components/ui/text-field';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { type FormEvent, useId, useState } from 'react';
import {
  CertificateFileError,
  useApplyForTrade,
  useMyTradeApplication,
  useMyTradeTerms,
  useSendCertificateFile,
} from '../api/trade-application-calls';

const FILE_ACCEPT = CERTIFICATE_FILE_TYPES.join(',');

/** "mi, oh tx" as ['MI', 'OH', 'TX']. */
const readStates = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((s) => s.toUpperCase());

/** Why a chosen file cannot be sent, or null when it can. */
function fileProblem(file: File | null): string | null {
  if (!file) return null;
  if (!(CERTIFICATE_FILE_TYPES as readonly string[]).includes(file.type))
    return 'Choose a PDF, PNG or JPEG file.';
  if (file.size > CERTIFICATE_FILE_MAX_BYTES) return 'Choose a file of at most 4 MB.';
  return null;
}

interface Form {
  businessName: string;
  taxId: string;
  forResale: boolean;
  number: string;
  states: string;
  expiresOn: string;
  note: string;
}
type FieldName = 'businessName' | 'taxId' | 'number' | 'states' | 'expiresOn' | 'note' | 'file';

const formFrom = (previous: TradeApplication | null): Form => ({
  businessName: previous?.businessName ?? '',
  taxId: previous?.taxId ?? '',
  forResale: Boolean(previous?.certificate),
  number: previous?.certificate?.number ?? '',
  states: previous?.certificate?.states.join(', ') ?? '',
  expiresOn: previous?.certificate?.expiresOn ?? '',
  note: previous?.note ?? '',
});

/** The server's issue path ('certificate.states.1') as the form's field. */
function fieldOf(path: string): FieldName | undefined {
  const [first, second] = path.split('.');
  if (first === 'businessName' || first === 'taxId' || first === 'note') return first;
  if (first === 'certificate') {
    if (second === 'number' || second === 'states' || second === 'expiresOn') return second;
    return 'number';
  }
  return undefined;
}

/** What the shop sent, as the application shows it. */
function Sent({ application }: { application: TradeApplication }) {
  const { certificate } = application;
  return (
    <dl
      className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]"
      data-testid="trade-application-sent"
    >
      <dt className="font-medium">Business</dt>
      <dd className="break-words">{application.businessName}</dd>
      <dt className="font-medium">Tax id</dt>
      <dd className="break-all">{application.taxId}</dd>
      <dt className="font-medium">Resale certificate</dt>
      <dd className="break-words">
        {certificate
          ? `${certificate.number}, ${certificate.states.join(', ')}, until ${certificate.expiresOn}`
          : 'None: not buying for resale'}
      </dd>
      {certificate ? (
        <>
          <dt className="font-medium">Certificate file</dt>
          <dd>{application.hasCertificateFile ? 'Sent' : 'Not sent yet'}</dd>
        </>
      ) : null}
      {application.note ? (
        <>
          <dt className="font-medium">Note</dt>
          <dd className="break-words whitespace-pre-line">{application.note}</dd>
        </>
      ) : null}
      <dt className="font-medium">Sent on</dt>
      <dd>{application.createdAt.slice(0, 10)}</dd>
    </dl>
  );
}

/** The certificate's scan, sent again (or for the first time) while the application waits. */
function SendFile() {
  const send = useSendCertificateFile();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const wrong = file ? fileProblem(file) : 'Choose the certificate file first.';
    setProblem(wrong);
    if (wrong || !file) return;
    try {
      await send.mutateAsync(file);
      toast.success('Certificate file sent');
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The certificate file could not be sent.');
    }
  };
  return (
    <form aria-label="Send the certificate file" className="space-y-2" onSubmit={onSubmit} noValidate>
      <div className="fieldset">
        <label htmlFor={`${id}-file`} className="fieldset-legend">
          Certificate file (PDF, PNG or JPEG)
        </label>
        <input
          id={`${id}-file`}
          type="file"
          className="file-input w-full max-w-sm"
          accept={FILE_ACCEPT}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </div>
      <FormError message={problem} />
      <SubmitButton busy={send.isPending}>Send the certificate file</SubmitButton>
    </form>
  );
}

/** The application form: business, tax id and, to buy for resale, the certificate and its file. */
function ApplyForm({ previous, onCancel }: { previous: TradeApplication | null; onCancel: () => void }) {
  const apply = useApplyForTrade();
  const [form, setForm] = useState(() => formFrom(previous));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const edit = (change: Partial<Form>) => setForm((f) => ({ ...f, ...change }));
  const states = readStates(form.states);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const found: Partial<Record<FieldName, string>> = {};
    if (form.forResale) {
      if (states.length === 0) found.states = 'Name at least one state, like MI';
      else if (states.some((s) => !/^[A-Z]{2}$/.test(s)))
        found.states = 'Give each state as its two-letter code, like MI, OH';
      const wrongFile = fileProblem(file);
      if (wrongFile) found.file = wrongFile;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const note = form.note.trim();
    const input: TradeApplicationInput = {
      businessName: form.businessName,
      taxId: form.taxId,
      certificate: form.forResale ? { number: form.number, states, expiresOn: form.expiresOn } : null,
      ...(note ? { note } : {}),
    };
    try {
      await apply.mutateAsync({ input, file: form.forResale ? file : null });
      toast.success('Application sent');
    } catch (error) {
      if (error instanceof CertificateFileError) {
        toast.error(`Your application was sent, but not its certificate file: ${error.message}`);
        return;
      }
      if (error instanceof ApiError && error.issues.length > 0) {
        const placed: Partial<Record<FieldName, string>> = {};
        for (const issue of error.issues) {
          const name = fieldOf(issue.path);
          if (name && !placed[name]) placed[name] = issue.message;
        }
        if (Object.keys(placed).length > 0) {
          setErrors(placed);
          return;
        }
      }
      setProblem(error instanceof Error ? error.message : 'The application could not be sent.');
    }
  };

  return (
    <form aria-label="Apply for a trade account" className="space-y-3" onSubmit={onSubmit} noValidate>
      <div className="grid gap-2 sm:grid-cols-2">
        <TextField
          label="Business name"
          autoComplete="organization"
          value={form.businessName}
          error={errors.businessName}
          onChange={(e) => edit({ businessName: e.target.value })}
        />
        <TextField
          label="Tax id (EIN or state id)"
          value={form.taxId}
          error={errors.taxId}
          onChange={(e) => edit({ taxId: e.target.value })}
        />
      </div>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="toggle"
          checked={form.forResale}
          aria-expanded={form.forResale}
          aria-controls={`${id}-certificate`}
          onChange={(e) => edit({ forResale: e.target.checked })}
        />
        <span>I buy for resale</span>
      </label>
      {form.forResale ? (
        <fieldset id={`${id}-certificate`} className="space-y-2">
          <legend className="font-medium">Resale certificate</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            <TextField
              label="Certificate number"
              value={form.number}
              error={errors.number}
              onChange={(e) => edit({ number: e.target.value })}
            />
            <div>
              <TextField
                label="States (like MI, OH)"
                value={form.states}
                error={errors.states}
                autoCapitalize="characters"
                onChange={(e) => edit({ states: e.target.value })}
              />
              {states.length > 0 ? (
                <p className="mt-1 flex flex-wrap gap-1">
                  <span className="sr-only">Read as:</span>
                  {[...new Set(states)].map((s) => (
                    <span key={s} className="badge badge-outline">
                      {s}
                    </span>
                  ))}
                </p>
              ) : null}
            </div>
            <TextField
              label="Expires on"
              type="date"
              value={form.expiresOn}
              error={errors.expiresOn}
              onChange={(e) => edit({ expiresOn: e.target.value })}
            />
          </div>
          <div className="fieldset">
            <label htmlFor={`${id}-file`} className="fieldset-legend">
              Certificate file (PDF, PNG or JPEG)
            </label>
            <input
              id={`${id}-file`}
              type="file"
              className={`file-input w-full max-w-sm ${errors.file ? 'file-input-error' : ''}`}
              accept={FILE_ACCEPT}
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={errors.file ? `${id}-file-error` : undefined}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            {errors.file ? (
              <p id={`${id}-file-error`} className="text-error text-sm" role="alert">
                {errors.file}
              </p>
            ) : null}
          </div>
        </fieldset>
      ) : null}
      <TextAreaField
        label="Note for the store (optional)"
        rows={2}
        value={form.note}
        error={errors.note}
        onChange={(e) => edit({ note: e.target.value })}
      />
      <FormError message={problem} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={apply.isPending}>Send the application</SubmitButton>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * A customer's way to trade terms on My Profile (decision 101): apply (business, tax id and, to
 * buy for resale, the certificate and its scan), see the application while it waits, or read why
 * it was refused and apply again. Nothing for an account that has trade terms already: its terms
 * show above (MyTradeTerms).
 */
export function MyTradeApplication() {
  const terms = useMyTradeTerms();
  const mine = useMyTradeApplication();
  const [applying, setApplying] = useState(false);
  const id = useId();
  if (!terms.data || terms.data.trade || !mine.data) return null;
  const application = mine.data.application;
  const pending = application?.status === 'pending' ? application : null;
  const refused = application?.status === 'refused' ? application : null;
  return (
    <section aria-labelledby={`${id}-title`} className="card bg-base-200" data-testid="my-trade-application">
      <div className="card-body gap-3">
        <h3 id={`${id}-title`} className="text-lg font-semibold">
          Trade account
        </h3>
        {pending ? (
          <>
            <p role="status">Your application is with us: we will write to you when it is decided.</p>
            <Sent application={pending} />
            {pending.certificate && !pending.hasCertificateFile ? <SendFile /> : null}
          </>
        ) : applying ? (
          <ApplyForm previous={refused} onCancel={() => setApplying(false)} />
        ) : (
          <>
            {refused ? (
              <div role="alert" className="alert alert-warning flex-col items-start">
                <p>Your application for a trade account was refused.</p>
                {refused.decisionNote ? <p className="break-words">Why: {refused.decisionNote}</p> : null}
              </div>
            ) : (
              <p>
                Repair shops and resellers buy at trade prices, and tax-free for resale with a certificate.
              </p>
            )}
            <div>
              <button type="button" className="btn btn-primary btn-sm" onClick={() => setApplying(true)}>
                {refused ? 'Apply again' : 'Apply for a trade account'}
              </button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}

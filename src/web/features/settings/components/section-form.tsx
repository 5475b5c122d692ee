import type { FieldIssue } from '@contract/errors';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { type FormEvent, type ReactNode, useState } from 'react';
import { UnitProblem } from './units';

/** Where an issue's path points, in words: "zones.0.methods.1.name" -> "Zone 1, method 2, name". */
export function issuePlace(path: string): string {
  const words: Record<string, string> = {
    zones: 'Zone',
    methods: 'method',
    brackets: 'bracket',
    rates: 'Rate',
    areas: 'area',
  };
  const parts = path
    .replace(/^value\.?/, '')
    .split('.')
    .filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i] as string;
    const next = parts[i + 1];
    if (words[part] && next !== undefined && /^\d+$/.test(next)) {
      out.push(`${words[part]} ${Number(next) + 1}`);
      i += 1;
    } else out.push(part.replace(/([A-Z])/g, ' $1').toLowerCase());
  }
  return out.join(', ');
}

/**
 * One section of the settings: its fields, one Save, and what went wrong listed above the button
 * (the form keeps everything typed). `build` turns the form into the section's value, or throws
 * a UnitProblem for a field that is not a number of the right kind.
 */
export function SectionForm({
  id,
  title,
  description,
  savedAt,
  build,
  save,
  children,
}: {
  id: string;
  title: string;
  description: string;
  savedAt: string | null;
  build: () => unknown;
  save: (value: unknown) => Promise<void>;
  children: ReactNode;
}) {
  const [problems, setProblems] = useState<FieldIssue[]>([]);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblems([]);
    let value: unknown;
    try {
      value = build();
    } catch (error) {
      if (error instanceof UnitProblem) return setProblems([{ path: '', message: error.message }]);
      throw error;
    }
    setBusy(true);
    try {
      await save(value);
      toast.success(`${title} saved: in force from the next order.`);
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) setProblems(error.issues);
      else setProblems([{ path: '', message: error instanceof Error ? error.message : 'Could not save.' }]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="card border border-base-300 bg-base-100">
      <form
        className="card-body gap-4"
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        aria-labelledby={`${id}-title`}
      >
        <div>
          <h3 id={`${id}-title`} className="text-xl font-semibold">
            {title}
          </h3>
          <p className="text-sm text-base-content/70">{description}</p>
          <p className="text-xs text-base-content/70">
            {savedAt
              ? `Last saved ${new Date(savedAt).toLocaleString('en-US')}`
              : 'Never saved here: the values set when the store was installed.'}
          </p>
        </div>
        {children}
        {problems.length > 0 ? (
          <div role="alert" className="alert alert-error text-sm" data-testid={`${id}-problems`}>
            <ul className="list-disc pl-4">
              {problems.map((p) => (
                <li key={`${p.path}:${p.message}`}>
                  {p.path && issuePlace(p.path) ? `${issuePlace(p.path)}: ` : ''}
                  {p.message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            Save {title.toLowerCase()}
          </button>
        </div>
      </form>
    </section>
  );
}

/** A labelled text input of a settings form. */
export function Field({
  label,
  value,
  onChange,
  hint,
  inputMode,
  type = 'text',
  className = '',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  inputMode?: 'decimal' | 'numeric' | 'email' | 'text';
  type?: 'text' | 'email';
  className?: string;
}) {
  return (
    <label className={`fieldset ${className}`}>
      <span className="fieldset-legend">{label}</span>
      <input
        className="input w-full"
        type={type}
        inputMode={inputMode}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint ? <span className="text-xs text-base-content/70">{hint}</span> : null}
    </label>
  );
}

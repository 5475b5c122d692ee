import { type Synonym, SynonymInput } from '@contract/catalog-search';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { QueryState } from '@web/components/ui/query-state';
import { TableScroll } from '@web/components/ui/table-scroll';
import { useConfirmedAction } from '@web/components/ui/use-confirmed-action';
import { toast } from '@web/lib/toast';
import { type FormEvent, useState } from 'react';
import { useCreateSynonym, useRemoveSynonym, useSynonyms, useUpdateSynonym } from '../api/owner-calls';

/** One word pair, typed: added new, or changing one in place. */
function SynonymForm({
  initial,
  label,
  onSave,
  onCancel,
}: {
  initial: { term: string; replacement: string };
  label: string;
  onSave: (input: SynonymInput) => Promise<void>;
  onCancel?: () => void;
}) {
  const [term, setTerm] = useState(initial.term);
  const [replacement, setReplacement] = useState(initial.replacement);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = SynonymInput.safeParse({ term, replacement });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Check the words');
    setProblem(null);
    setBusy(true);
    try {
      await onSave(parsed.data);
      setTerm(initial.term);
      setReplacement(initial.replacement);
    } catch (e) {
      setProblem(e instanceof Error ? e.message : 'Could not save.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={label}
      className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <label className="fieldset">
        <span className="fieldset-legend">What buyers type</span>
        <input
          className="input input-sm w-full"
          maxLength={60}
          value={term}
          onChange={(e) => setTerm(e.target.value)}
        />
      </label>
      <label className="fieldset">
        <span className="fieldset-legend">What it means</span>
        <input
          className="input input-sm w-full"
          maxLength={60}
          value={replacement}
          onChange={(e) => setReplacement(e.target.value)}
        />
      </label>
      <div className="flex gap-2">
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
          {label}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn-sm" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
      {problem ? (
        <p className="text-error text-sm sm:col-span-3" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

/** Search words (admin): what buyers type and what the store reads it as (`break pads` → brake pads). */
export function SearchWordsPage() {
  const synonyms = useSynonyms();
  const create = useCreateSynonym();
  const update = useUpdateSynonym();
  const remove = useRemoveSynonym();
  const [editing, setEditing] = useState<number | null>(null);
  const removing = useConfirmedAction(async (s: Synonym) => {
    await remove.mutateAsync(s.id);
    return `“${s.term}” is removed`;
  }, 'Could not remove the word.');
  return (
    <div className="max-w-3xl space-y-6">
      <h2 className="text-xl font-semibold">Search words</h2>
      <p className="text-sm text-base-content/70">
        When buyers search with a word on the left, the store searches for the words on the right.
      </p>
      <section aria-labelledby="add-word-heading" className="space-y-2">
        <h3 id="add-word-heading" className="font-semibold">
          Add a word
        </h3>
        <SynonymForm
          label="Add word"
          initial={{ term: '', replacement: '' }}
          onSave={async (input) => {
            await create.mutateAsync(input);
            toast.success(`“${input.term}” now means “${input.replacement}”`);
          }}
        />
      </section>
      <QueryState query={synonyms} isEmpty={(d) => d.synonyms.length === 0} empty="No search words yet.">
        {(data) => (
          <TableScroll label="Search words">
            <table className="table" data-testid="synonyms">
              <thead>
                <tr>
                  <th scope="col">Buyers type</th>
                  <th scope="col">The store reads</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.synonyms.map((s) =>
                  editing === s.id ? (
                    <tr key={s.id}>
                      <td colSpan={3}>
                        <SynonymForm
                          label="Save word"
                          initial={{ term: s.term, replacement: s.replacement }}
                          onCancel={() => setEditing(null)}
                          onSave={async (input) => {
                            await update.mutateAsync({ id: s.id, input });
                            toast.success(`“${input.term}” is saved`);
                            setEditing(null);
                          }}
                        />
                      </td>
                    </tr>
                  ) : (
                    <tr key={s.id}>
                      <td>{s.term}</td>
                      <td>{s.replacement}</td>
                      <td>
                        <div className="flex flex-wrap justify-end gap-1">
                          <button
                            type="button"
                            className="btn btn-xs"
                            aria-label={`Change ${s.term}`}
                            onClick={() => setEditing(s.id)}
                          >
                            Change
                          </button>
                          <button
                            type="button"
                            className="btn btn-xs btn-outline btn-error"
                            aria-label={`Remove ${s.term}`}
                            onClick={() => removing.ask(s)}
                          >
                            Remove
                          </button>
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
      <ConfirmDialog {...removing.dialog} title="Remove this search word?" confirmLabel="Remove word">
        <p>
          Buyers typing “{removing.item?.term}” will no longer find “{removing.item?.replacement}”.
        </p>
      </ConfirmDialog>
    </div>
  );
}

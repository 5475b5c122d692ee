import { type FormEvent, useId, useState } from 'react';
import { z } from 'zod';
import {
  type CrossReference,
  catalogFields,
  type Fitment,
  type ToolDetails,
} from '../../../../contract/catalog';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useUpdateTool } from '../api/admin-calls';
import { useCategories } from '../api/get-categories';

const PartsData = z.object(catalogFields);

type FitmentRow = { make: string; model: string; year_from: string; year_to: string; engine: string };
type ReferenceRow = { number: string; kind: CrossReference['kind']; brand: string };

const fitmentRow = (f?: Fitment): FitmentRow => ({
  make: f?.make ?? '',
  model: f?.model ?? '',
  year_from: f ? String(f.year_from) : '',
  year_to: f ? String(f.year_to) : '',
  engine: f?.engine ?? '',
});
const isBlank = (row: Record<string, string>) =>
  Object.values(row).every((v) => v.trim() === '' || v === 'oem');

/**
 * The parts-catalog side of a product (admin): category, brand, SKU, the maker's part number,
 * cross-references, and the vehicles it fits or universal fit. Saved with PATCH /tool/:id; the
 * server checks it with the same schema.
 */
export function PartsDataForm({ tool, onDone }: { tool: ToolDetails; onDone: () => void }) {
  const update = useUpdateTool();
  const categories = useCategories().data ?? [];
  const id = useId();
  const [category, setCategory] = useState(tool.category ?? '');
  const [brand, setBrand] = useState(tool.brand ?? '');
  const [sku, setSku] = useState(tool.sku ?? '');
  const [partNumber, setPartNumber] = useState(tool.part_number ?? '');
  const [universal, setUniversal] = useState(Boolean(tool.universal_fit));
  const [references, setReferences] = useState<ReferenceRow[]>(
    (tool.part_numbers ?? [])
      .filter((n) => n.kind === 'oem' || n.kind === 'interchange')
      .map((n) => ({ number: n.number, kind: n.kind as ReferenceRow['kind'], brand: n.brand })),
  );
  const [fitment, setFitment] = useState<FitmentRow[]>((tool.fitment ?? []).map(fitmentRow));
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = PartsData.safeParse({
      category: category || null,
      brand,
      sku,
      part_number: partNumber,
      universal_fit: universal,
      cross_references: references.filter((r) => !isBlank(r)),
      fitment: fitment.filter((f) => !isBlank(f)).map((f) => ({ ...f, engine: f.engine.trim() || null })),
    });
    if (!parsed.success) {
      setProblems(parsed.error.issues.map((issue) => `${issue.path.join(' ')}: ${issue.message}`));
      return;
    }
    setProblems([]);
    setSaving(true);
    try {
      await update.mutateAsync({ id: tool._id, changes: parsed.data });
      toast.success(`Tool ${tool.name} is updated`);
      onDone();
    } catch (error) {
      const issues = error instanceof ApiError ? error.issues.map((i) => `${i.path}: ${i.message}`) : [];
      setProblems(issues.length > 0 ? issues : [error instanceof Error ? error.message : 'Could not save.']);
    } finally {
      setSaving(false);
    }
  };

  const input = 'input input-sm w-full';
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={`Parts data of ${tool.name}`}>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="fieldset">
          <span className="fieldset-legend">Category</span>
          {/* Drawn again once the categories arrive, so the product's own shows as chosen. */}
          <select
            key={categories.length}
            className="select select-sm w-full"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
          >
            <option value="">No category</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.parent ? `— ${c.name}` : c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="fieldset">
          <span className="fieldset-legend">Brand</span>
          <input className={input} value={brand} maxLength={60} onChange={(e) => setBrand(e.target.value)} />
        </label>
        <label className="fieldset">
          <span className="fieldset-legend">SKU</span>
          <input className={input} value={sku} maxLength={40} onChange={(e) => setSku(e.target.value)} />
        </label>
        <label className="fieldset">
          <span className="fieldset-legend">Maker's part number</span>
          <input
            className={input}
            value={partNumber}
            maxLength={40}
            onChange={(e) => setPartNumber(e.target.value)}
          />
        </label>
      </div>

      <fieldset className="space-y-2">
        <legend className="font-semibold">Cross-references</legend>
        {references.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
          <div key={index} className="grid grid-cols-[1fr_auto_1fr_auto] gap-2">
            <input
              className={input}
              aria-label={`Cross-reference ${index + 1} number`}
              value={row.number}
              onChange={(e) =>
                setReferences(references.map((r, i) => (i === index ? { ...r, number: e.target.value } : r)))
              }
            />
            <select
              className="select select-sm"
              aria-label={`Cross-reference ${index + 1} kind`}
              value={row.kind}
              onChange={(e) =>
                setReferences(
                  references.map((r, i) =>
                    i === index ? { ...r, kind: e.target.value as ReferenceRow['kind'] } : r,
                  ),
                )
              }
            >
              <option value="oem">OEM</option>
              <option value="interchange">Other brand</option>
            </select>
            <input
              className={input}
              aria-label={`Cross-reference ${index + 1} brand`}
              placeholder="Whose number"
              value={row.brand}
              onChange={(e) =>
                setReferences(references.map((r, i) => (i === index ? { ...r, brand: e.target.value } : r)))
              }
            />
            <button
              type="button"
              className="btn btn-sm btn-ghost"
              aria-label={`Remove cross-reference ${index + 1}`}
              onClick={() => setReferences(references.filter((_, i) => i !== index))}
            >
              ×
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn btn-xs"
          onClick={() => setReferences([...references, { number: '', kind: 'oem', brand: '' }])}
        >
          Add a cross-reference
        </button>
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="font-semibold">Fitment</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={universal}
            onChange={(e) => setUniversal(e.target.checked)}
          />
          Universal fit (every vehicle)
        </label>
        <div id={`${id}-fitment-hint`} className="text-xs text-base-content/70">
          Make and model as the vehicle picker names them; leave the engine empty for every engine.
        </div>
        {fitment.map((row, index) => {
          const set = (field: keyof FitmentRow, value: string) =>
            setFitment(fitment.map((f, i) => (i === index ? { ...f, [field]: value } : f)));
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
            <div key={index} className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_1fr_5rem_5rem_1fr_auto]">
              <input
                className={input}
                aria-label={`Fitment ${index + 1} make`}
                placeholder="Make"
                value={row.make}
                onChange={(e) => set('make', e.target.value)}
              />
              <input
                className={input}
                aria-label={`Fitment ${index + 1} model`}
                placeholder="Model"
                value={row.model}
                onChange={(e) => set('model', e.target.value)}
              />
              <input
                className={input}
                aria-label={`Fitment ${index + 1} first year`}
                placeholder="From"
                inputMode="numeric"
                value={row.year_from}
                onChange={(e) => set('year_from', e.target.value)}
              />
              <input
                className={input}
                aria-label={`Fitment ${index + 1} last year`}
                placeholder="To"
                inputMode="numeric"
                value={row.year_to}
                onChange={(e) => set('year_to', e.target.value)}
              />
              <input
                className={input}
                aria-label={`Fitment ${index + 1} engine`}
                placeholder="Any engine"
                value={row.engine}
                onChange={(e) => set('engine', e.target.value)}
              />
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                aria-label={`Remove fitment ${index + 1}`}
                onClick={() => setFitment(fitment.filter((_, i) => i !== index))}
              >
                ×
              </button>
            </div>
          );
        })}
        <button type="button" className="btn btn-xs" onClick={() => setFitment([...fitment, fitmentRow()])}>
          Add a vehicle
        </button>
      </fieldset>

      {problems.length > 0 ? (
        <ul className="text-error text-sm" role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          Save parts data
        </button>
      </div>
    </form>
  );
}

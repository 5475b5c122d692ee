import { columnName, type ImportMapping, MAPPED_COLUMNS, type MappedColumn } from '@contract/catalog-import';
import { useId } from 'react';

export type ColumnChoice = MappedColumn | 'ignore';

const mappable = new Set<string>(MAPPED_COLUMNS);

/**
 * What a header cell starts as: the supplier's saved choice for it (its keys read as column names,
 * however the file spells them), else the header itself when it names a column, else ignored.
 */
export function startingChoice(header: string, saved: ImportMapping): ColumnChoice {
  const name = columnName(header);
  for (const [key, column] of Object.entries(saved)) if (columnName(key) === name) return column;
  return mappable.has(name) ? (name as MappedColumn) : 'ignore';
}

/** The store's columns chosen for more than one header cell. */
export function chosenTwice(choices: readonly ColumnChoice[]): MappedColumn[] {
  const seen = new Set<MappedColumn>();
  const twice = new Set<MappedColumn>();
  for (const c of choices) {
    if (c === 'ignore') continue;
    if (seen.has(c)) twice.add(c);
    seen.add(c);
  }
  return [...twice];
}

/**
 * One row per header cell of a supplier's file, each with the store's column it is read as. On a
 * phone the rows are cards (table-cards), so nothing scrolls sideways.
 */
export function ImportMappingTable({
  fileName,
  headers,
  choices,
  onChoose,
}: {
  fileName: string;
  headers: readonly string[];
  choices: readonly ColumnChoice[];
  onChoose: (index: number, choice: ColumnChoice) => void;
}) {
  const headingId = useId();
  const errorId = useId();
  const twice = chosenTwice(choices);
  return (
    <div className="space-y-2">
      <h4 id={headingId} className="font-medium">
        Columns of {fileName}
      </h4>
      <table className="table table-sm table-cards" aria-labelledby={headingId} data-testid="import-mapping">
        <thead>
          <tr>
            <th scope="col">Column of the file</th>
            <th scope="col">Read as</th>
          </tr>
        </thead>
        <tbody>
          {headers.map((header, index) => {
            const choice = choices[index] ?? 'ignore';
            const clash = choice !== 'ignore' && twice.includes(choice);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a header row's cells are fixed by the file, in order
              <tr key={index}>
                <td data-label="Column of the file">
                  <span className="break-all font-mono">{header}</span>
                </td>
                <td data-label="Read as">
                  <select
                    aria-label={`Read "${header}" as`}
                    className={`select select-sm w-full sm:w-64 ${clash ? 'select-error' : ''}`}
                    value={choice}
                    aria-invalid={clash || undefined}
                    aria-describedby={clash ? errorId : undefined}
                    onChange={(e) => onChoose(index, e.target.value as ColumnChoice)}
                  >
                    <option value="ignore">Ignore this column</option>
                    {MAPPED_COLUMNS.map((column) => (
                      <option key={column} value={column}>
                        {column}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {twice.length > 0 ? (
        <p id={errorId} className="text-error text-sm" role="alert">
          Two columns of the file are read as {twice.join(', ')}: choose another column for one of them, or
          ignore it.
        </p>
      ) : null}
    </div>
  );
}

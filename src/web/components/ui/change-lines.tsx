import { type ChangeLine, isListLine } from '@contract/record-words';

/**
 * The lines of a change as a list people read: "Price: $40.00 → $45.50", "Fitment: added …".
 * Each line's text is `lineText(line)` word for word; long values (numbers, addresses) wrap
 * anywhere, so a phone's narrow card never scrolls sideways.
 */
export function ChangeLines({ lines, className = '' }: { lines: ChangeLine[]; className?: string }) {
  if (lines.length === 0) return null;
  return (
    <ul className={`space-y-0.5 text-left text-sm wrap-anywhere ${className}`} data-testid="change-lines">
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a change's lines are fixed, in their order
        <li key={index}>
          <span className="font-medium">{line.label}:</span>{' '}
          {isListLine(line) ? (
            <>
              {line.added.length > 0 ? `added ${line.added.join('; ')}` : ''}
              {line.added.length > 0 && line.removed.length > 0 ? '; ' : ''}
              {line.removed.length > 0 ? `removed ${line.removed.join('; ')}` : ''}
            </>
          ) : line.before !== undefined && line.after !== undefined ? (
            <>
              <span className="text-base-content/70">{line.before}</span> → <span>{line.after}</span>
            </>
          ) : (
            (line.after ?? line.before)
          )}
        </li>
      ))}
    </ul>
  );
}

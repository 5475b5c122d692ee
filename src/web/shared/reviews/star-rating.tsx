import { RATING_MAX, RATING_MIN } from '@contract/reviews.constants';
import { type KeyboardEvent, useId, useRef } from 'react';

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);
const starLabel = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;

/** The star an arrow, Home or End key moves to from star `n`; null for any other key. */
function starAfter(key: string, n: number): number | null {
  if (key === 'ArrowRight' || key === 'ArrowUp') return n === RATING_MAX ? RATING_MIN : n + 1;
  if (key === 'ArrowLeft' || key === 'ArrowDown') return n === RATING_MIN ? RATING_MAX : n - 1;
  if (key === 'Home') return RATING_MIN;
  if (key === 'End') return RATING_MAX;
  return null;
}

/**
 * A rating of 1 to 5 stars: a group of radio buttons (one Tab stop, on the chosen star or the
 * first), drawn as stars. The arrow keys move to the next or previous star and choose it, wrapping
 * around, as radio buttons do; Home and End choose 1 and 5; Space, a click or a tap chooses the
 * star under them. The error is announced with each star.
 */
export function StarRating({
  value,
  onChange,
  label,
  error,
}: {
  value: number | null;
  onChange: (stars: number) => void;
  label: string;
  error?: string | undefined;
}) {
  const id = useId();
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, n: number) => {
    const next = starAfter(event.key, n);
    if (next === null) return;
    // The browser would move too (not with Home and End): the same move everywhere, done here.
    event.preventDefault();
    onChange(next);
    inputs.current[next - RATING_MIN]?.focus();
  };

  return (
    <fieldset className="fieldset" aria-invalid={error ? true : undefined}>
      <legend className="fieldset-legend">{label}</legend>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex" data-testid="star-rating">
          {STARS.map((n) => {
            const lit = value !== null && n <= value;
            return (
              <label
                key={n}
                className={`cursor-pointer rounded px-0.5 text-3xl leading-none has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-orange-700 ${
                  lit ? 'text-orange-600' : 'text-gray-500'
                }`}
              >
                <input
                  ref={(el) => {
                    inputs.current[n - RATING_MIN] = el;
                  }}
                  type="radio"
                  className="sr-only"
                  name={`${id}-stars`}
                  value={n}
                  checked={value === n}
                  aria-label={starLabel(n)}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={() => onChange(n)}
                  onKeyDown={(e) => onKeyDown(e, n)}
                />
                {/* Filled up to the choice, outlined after it: told apart by shape as well as colour. */}
                <span aria-hidden="true">{lit ? '★' : '☆'}</span>
              </label>
            );
          })}
        </div>
        <span className="text-sm text-base-content/70" aria-hidden="true">
          {value === null ? 'Choose 1 to 5 stars' : `${value} out of ${RATING_MAX}`}
        </span>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-error text-sm" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

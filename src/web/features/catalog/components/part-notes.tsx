import type { ToolDetails } from '@contract/catalog';
import { formatPrice } from '@contract/money';
import { pages } from '@contract/pages';
import { Link } from 'react-router';

/** What a buyer must know before ordering: a newer part replaces it, a core charge, ground shipping. */
export function PartNotes({ tool }: { tool: ToolDetails }) {
  const replacement = tool.replaced_by;
  const core = tool.core_charge ?? 0;
  if (!replacement && core <= 0 && !tool.ground_only) return null;
  return (
    <ul className="space-y-2" aria-label="Notes on this part">
      {replacement ? (
        <li className="alert alert-info" data-testid="replaced-by">
          <span>
            Replaced by{' '}
            <Link className="link font-semibold" to={pages.product.path(replacement._id)}>
              {replacement.name}
            </Link>
            {replacement.part_number ? <span className="font-mono"> ({replacement.part_number})</span> : null}
          </span>
        </li>
      ) : null}
      {core > 0 ? (
        <li className="alert" data-testid="core-charge">
          <span>Core charge: ${formatPrice(core)} per unit, refunded when you return the old part.</span>
        </li>
      ) : null}
      {tool.ground_only ? (
        <li className="alert" data-testid="ground-only">
          <span>Ships by ground only: it cannot travel by air.</span>
        </li>
      ) : null}
    </ul>
  );
}

import {
  claimSourceWords,
  type FitClaim,
  listingFitWords,
  type Return,
  wrongListing,
} from '@contract/after-sale';
import { vehicleLabel } from '@contract/catalog.constants';
import { pages } from '@contract/pages';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { toast } from '@web/lib/toast';
import { orderDate } from '@web/shared/orders/order-parts';
import { useMay } from '@web/shared/session/access';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCorrectFitment } from '../api/return-desk-calls';

/**
 * Beside a "does not fit" return, its claim (decision 092): the vehicle and where it came from, and
 * per product what its listing said about that vehicle when the return was asked for. A listing
 * that said it fits is a wrong listing: the store waives the restocking fee (the server decides
 * it), and whoever may edit products can take the vehicle out of the product's fitment here,
 * after a confirmation. A universal listing is changed in the product's editor.
 */
export function FitClaimPanel({ item, name }: { item: Return; name: (productId: string) => string }) {
  if (!item.vehicle || item.fitClaims.length === 0) return null;
  const vehicle = `${vehicleLabel(item.vehicle)}${item.vehicle.engine ? ` ${item.vehicle.engine}` : ''}`;
  const first = item.fitClaims[0];
  return (
    <section className="rounded-box border border-base-300 bg-base-100 p-3 text-sm" aria-label="Fit claim">
      <p>
        <span className="font-medium">Did not fit: {vehicle}</span>{' '}
        <span className="text-base-content/70">
          ({first ? claimSourceWords[first.from] : ''}
          {first?.vin ? (
            <>
              {' '}
              <span className="font-mono break-all">{first.vin}</span>
            </>
          ) : null}
          )
        </span>
      </p>
      <ul className="mt-2 space-y-2">
        {item.fitClaims.map((claim) => (
          <ClaimLine
            key={claim.productId}
            item={item}
            claim={claim}
            product={name(claim.productId)}
            vehicle={vehicle}
          />
        ))}
      </ul>
    </section>
  );
}

function ClaimLine({
  item,
  claim,
  product,
  vehicle,
}: {
  item: Return;
  claim: FitClaim;
  product: string;
  vehicle: string;
}) {
  const mayEdit = useMay('products.write');
  const correct = useCorrectFitment();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const wrong = wrongListing(claim);
  const run = async () => {
    setError(null);
    try {
      await correct.mutateAsync({ id: item.id, productId: claim.productId });
      toast.success(`${vehicle} taken out of the fitment of ${product}`);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The fitment could not be corrected.');
    }
    setOpen(false);
  };
  return (
    <li className="space-y-1">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{product}:</span>
        <span
          className={`badge h-auto ${wrong ? 'badge-warning' : 'badge-ghost'}`}
          data-testid={`listing-${claim.productId}`}
        >
          {wrong ? 'Wrong listing' : 'Listing made no claim'}
        </span>
      </p>
      <p>
        {listingFitWords[claim.listed]}
        {wrong ? ': no restocking fee on this part.' : ': the restocking fee applies.'}
      </p>
      {claim.listsNow !== claim.listed ? (
        <p className="text-base-content/70">Now: {listingFitWords[claim.listsNow].toLowerCase()}.</p>
      ) : null}
      {claim.correctedAt ? (
        <p className="text-success">
          Fitment corrected <time dateTime={claim.correctedAt}>{orderDate(claim.correctedAt)}</time>.
        </p>
      ) : null}
      {error ? (
        <p className="text-error" role="alert">
          {error}
        </p>
      ) : null}
      {mayEdit && claim.listsNow === 'fits' ? (
        <button type="button" className="btn btn-sm btn-outline" onClick={() => setOpen(true)}>
          Take {vehicle} out of this product's fitment
        </button>
      ) : null}
      {mayEdit && claim.listsNow === 'universal' ? (
        <Link className="link" to={pages.productEditor.path(claim.productId)}>
          Change the universal fit in the product's editor
        </Link>
      ) : null}
      <ConfirmDialog
        open={open}
        title={`Take ${vehicle} out of the fitment of ${product}?`}
        confirmLabel="Correct the fitment"
        busy={correct.isPending}
        onConfirm={() => void run()}
        onCancel={() => setOpen(false)}
      >
        <p>
          Every fitment row of {product} that covers {vehicle} loses the year {item.vehicle?.year}; the other
          years stay listed. The change is kept in the product's history and the audit log.
        </p>
      </ConfirmDialog>
    </li>
  );
}

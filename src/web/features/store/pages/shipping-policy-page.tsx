import { QueryState } from '@web/components/ui/query-state';
import { usePolicies } from '../api/get-policies';
import { ShippingPolicy } from '../components/shipping-policy';

/** /shipping: where the store ships and what it costs, from the owner's settings. */
export function ShippingPolicyPage() {
  const policies = usePolicies();
  return (
    <div className="mx-auto max-w-3xl space-y-6 py-6">
      <h1 className="text-3xl font-bold">Shipping</h1>
      <QueryState query={policies} empty={null}>
        {(data) => <ShippingPolicy shipping={data.shipping} />}
      </QueryState>
    </div>
  );
}

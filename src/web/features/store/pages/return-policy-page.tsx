import { QueryState } from '@web/components/ui/query-state';
import { usePolicies } from '../api/get-policies';
import { ReturnPolicy } from '../components/return-policy';

/** /returns: how long buyers have to send parts back and what comes back to them, from the owner's settings. */
export function ReturnPolicyPage() {
  const policies = usePolicies();
  return (
    <div className="mx-auto max-w-3xl space-y-6 py-6">
      <h1 className="text-3xl font-bold">Returns</h1>
      <QueryState query={policies} empty={null}>
        {(data) => <ReturnPolicy returns={data.returns} />}
      </QueryState>
    </div>
  );
}

import { pages } from '@contract/pages';
import { SearchBox } from '@web/features/catalog/components/search-box';
import { useSession } from '@web/shared/session/session';
import { useGarage } from '@web/shared/vehicles/garage';
import { MyVehicle } from '@web/shared/vehicles/my-vehicle';
import { vehicleParams } from '@web/shared/vehicles/vehicle-params';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/**
 * The header's second row on every page: the search box and My vehicle, both leading to the
 * catalog. On /tools they change its address and keep its other filters; elsewhere they open it.
 */
export function ShopBar() {
  const { user } = useSession();
  const garage = useGarage(Boolean(user));
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const onProducts = pathname === pages.tools.path;

  const openProducts = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(onProducts ? params : undefined);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    next.delete('page');
    const search = next.toString();
    navigate(search ? `${pages.tools.path}?${search}` : pages.tools.path);
  };

  return (
    <div className="border-b border-base-300 bg-base-100">
      {/* One landmark for finding parts: the words typed and the vehicle they are for. */}
      <search aria-label="Find parts" className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-2">
        <div className="min-w-0 flex-1 lg:max-w-2xl">
          <SearchBox
            initial={onProducts ? (params.get('search') ?? '') : ''}
            onSearch={(search) => openProducts({ search: search || undefined })}
            onSuggestion={(s) => {
              if (s.kind === 'brand') openProducts({ brand: s.value, search: undefined });
              else if (s.kind === 'category') openProducts({ category: s.value, search: undefined });
              else navigate(pages.product.path(s.value));
            }}
          />
        </div>
        <MyVehicle
          garage={garage}
          onPick={(v) => openProducts({ ...vehicleParams(v), fit: undefined })}
          onClear={() => {
            if (onProducts) openProducts({ ...vehicleParams(undefined), fit: undefined });
          }}
        />
      </search>
    </div>
  );
}

import { pages } from '@contract/pages';
import { formatNumber } from '@web/lib/format';
import { NavLink } from 'react-router';
import { useCartCount } from './use-cart';

export const cartLinkName = (count: number) =>
  `Cart, ${formatNumber(count)} ${count === 1 ? 'item' : 'items'}`;

function CartIcon() {
  return (
    <svg
      aria-hidden="true"
      width="24"
      height="24"
      className="shrink-0"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
    >
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        strokeWidth="2"
        d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2M10 20h.01M17 20h.01"
      />
    </svg>
  );
}

/**
 * The navigation's cart: the word (or, in the bar on a phone, an icon) and the number of units,
 * read out as "Cart, 3 items"; what is seen ("Cart 3") is part of what is heard.
 */
export function CartLink({ onNavigate, iconOnly = false }: { onNavigate?: () => void; iconOnly?: boolean }) {
  const count = useCartCount();
  return (
    <NavLink
      to={pages.cart.path}
      onClick={onNavigate}
      aria-label={cartLinkName(count)}
      className={iconOnly ? 'btn btn-ghost gap-1 px-2' : 'gap-1'}
      data-testid={iconOnly ? 'cart-icon-link' : 'cart-link'}
    >
      {iconOnly ? <CartIcon /> : 'Cart'}{' '}
      {count > 0 ? <span className="badge badge-sm badge-primary">{formatNumber(count)}</span> : null}
    </NavLink>
  );
}

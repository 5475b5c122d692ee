import { pages } from '@contract/pages';
import { useNavigateAndWait } from '@web/lib/use-navigate-and-wait';
import { CartLink } from '@web/shared/cart/cart-link';
import { type SignedInUser, useSession, useSignOut } from '@web/shared/session/session';
import { useStoreInfo } from '@web/shared/store/get-store-info';
import { Link, NavLink } from 'react-router';
import { PhoneMenu } from './phone-menu';

const links = [
  { to: pages.home.path, label: 'Home' },
  { to: pages.tools.path, label: 'Tools' },
  { to: pages.reviews.path, label: 'Reviews' },
  { to: pages.contact.path, label: 'Contact' },
  { to: pages.portfolio.path, label: 'Portfolio' },
  { to: pages.blog.path, label: 'Blog' },
] as const;

/** The wordmark's two words in two weights, e.g. "Torque" + "Works". */
function Wordmark({ text }: { text: string }) {
  const [first, ...rest] = text.split(' ');
  return (
    <span className="text-xl font-extrabold tracking-tight">
      {first} <span className="font-medium text-orange-700">{rest.join(' ')}</span>
    </span>
  );
}

function NavLinks({ onNavigate, user }: { onNavigate?: () => void; user: SignedInUser | null }) {
  const signOut = useSignOut();
  const goHome = useNavigateAndWait();
  // Home first, and only once home is on screen, sign out: signing out while a signed-in page is
  // still rendered would let that page's guard send the reader to /login (logout goes to /:
  // docs/requirements.md §2.2).
  const logout = async () => {
    onNavigate?.();
    await goHome(pages.home.path);
    await signOut();
  };
  return (
    <>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.to === pages.home.path} onClick={onNavigate}>
            {link.label}
          </NavLink>
        </li>
      ))}
      <li>
        <CartLink onNavigate={onNavigate} />
      </li>
      {user ? (
        <>
          <li>
            <NavLink to={pages.dashboard.path} onClick={onNavigate}>
              Dashboard
            </NavLink>
          </li>
          <li>
            <button type="button" onClick={() => void logout()}>
              Logout
            </button>
          </li>
        </>
      ) : (
        <li>
          <NavLink to={pages.login.path} onClick={onNavigate}>
            Login
          </NavLink>
        </li>
      )}
    </>
  );
}

export function NavBar() {
  const { wordmark } = useStoreInfo();
  const { user } = useSession();
  return (
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav className="navbar mx-auto max-w-7xl px-4" aria-label="Main">
        <div className="navbar-start w-auto">
          <PhoneMenu>{(close) => <NavLinks onNavigate={close} user={user} />}</PhoneMenu>
          <Link to={pages.home.path} className="btn btn-ghost px-2" aria-label={`${wordmark} home`}>
            <Wordmark text={wordmark} />
          </Link>
        </div>
        <div className="navbar-end w-auto grow gap-2">
          <ul className="menu menu-horizontal hidden flex-nowrap gap-0 whitespace-nowrap px-1 lg:flex">
            <NavLinks user={user} />
          </ul>
          {/* On a phone the menu is folded: the cart and its count stay in sight. */}
          <div className="lg:hidden">
            <CartLink iconOnly />
          </div>
          {user ? (
            <span
              className="max-w-32 shrink-0 truncate text-sm font-medium xl:max-w-56"
              data-testid="display-name"
              title={user.email}
            >
              {user.name}
            </span>
          ) : null}
        </div>
      </nav>
    </header>
  );
}

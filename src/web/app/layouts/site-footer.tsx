import { pages } from '@contract/pages';
import { useStoreInfo } from '@web/shared/store/get-store-info';
import { Link } from 'react-router';

export function SiteFooter() {
  const { brand, contact } = useStoreInfo();
  return (
    <footer className="mt-16 bg-neutral text-neutral-content">
      <div className="footer mx-auto max-w-7xl p-10 sm:footer-horizontal">
        <nav aria-label="Shop">
          <h2 className="footer-title">Shop</h2>
          <Link className="link link-hover" to={pages.tools.path}>
            All tools
          </Link>
          <Link className="link link-hover" to={pages.reviews.path}>
            Reviews
          </Link>
          <Link className="link link-hover" to={pages.orderStatus.path}>
            Find your order
          </Link>
        </nav>
        <nav aria-label="Company">
          <h2 className="footer-title">Company</h2>
          <Link className="link link-hover" to={pages.portfolio.path}>
            About us
          </Link>
          <Link className="link link-hover" to={pages.blog.path}>
            Blog
          </Link>
          <Link className="link link-hover" to={pages.contact.path}>
            Contact
          </Link>
        </nav>
        <nav aria-label="Help">
          <h2 className="footer-title">Help</h2>
          <Link className="link link-hover" to={pages.shippingPolicy.path}>
            Shipping
          </Link>
          <Link className="link link-hover" to={pages.returnPolicy.path}>
            Returns
          </Link>
        </nav>
        <address className="not-italic">
          <h2 className="footer-title">Visit or call</h2>
          {contact.address ? <span>{contact.address}</span> : null}
          {contact.phone ? <span>{contact.phone}</span> : null}
          {contact.email ? (
            <a className="link link-hover" href={`mailto:${contact.email}`}>
              {contact.email}
            </a>
          ) : null}
        </address>
      </div>
      <div className="border-t border-neutral-content/10 py-4 text-center text-sm">
        <p>
          Copyright © {new Date().getFullYear()} - All rights reserved by {brand}
        </p>
      </div>
    </footer>
  );
}

import { pages } from '@contract/pages';
import { LoadFailed } from '@web/components/ui/load-failed';
import { PageSection } from '@web/components/ui/page-section';
import { useNearViewport } from '@web/lib/use-near-viewport';
import { useProducts } from '@web/shared/catalog/get-tools';
import { ProductGrid } from '@web/shared/catalog/tool-grid';
import { useReviews } from '@web/shared/reviews/get-reviews';
import { ReviewGrid } from '@web/shared/reviews/review-grid';
import { useStoreInfo } from '@web/shared/store/get-store-info';
import { lazy, Suspense, useRef } from 'react';
import { Link } from 'react-router';
import { BannerCarousel } from '../components/banner-carousel';
import { BusinessSummary } from '../components/business-summary';
import { CategoryCards } from '../components/category-cards';

// Below the fold, with the form library and the validation schemas: its own chunk, fetched when
// the reader scrolls towards it so the first load stays within its budget.
const ContactForm = lazy(async () => ({
  default: (await import('@web/shared/contact/contact-form')).ContactForm,
}));

/** The home page's six sections, in the order of docs/requirements.md §2.3. */
export function HomePage() {
  const { brand } = useStoreInfo();
  // The spec: the lists render nothing until their data arrives, with no loading indicator. The
  // tools are the catalog's first few (HOME_TOOL_COUNT), with a way to all of them. The
  // empty space they keep meanwhile holds the sections below out of view, so nothing jumps. A list
  // whose request failed (after the retries) says so and offers to try again.
  const products = useProducts();
  const reviews = useReviews();
  const contactSlot = useRef<HTMLDivElement>(null);
  const showContactForm = useNearViewport(contactSlot);
  return (
    <>
      <BannerCarousel brand={brand} />
      <PageSection id="all-tools" title="All Tools">
        {products.data ? (
          <>
            <ProductGrid tools={products.data} eagerCount={0} />
            <p className="mt-6 text-center">
              <Link to={pages.tools.path} className="btn btn-outline">
                See all tools
              </Link>
            </p>
          </>
        ) : products.isError ? (
          <LoadFailed what="The tools" onRetry={() => void products.refetch()} />
        ) : (
          <div className="min-h-svh" />
        )}
      </PageSection>
      <PageSection id="tools-category" title="Tools Category">
        <CategoryCards />
      </PageSection>
      <PageSection id="reviews" title="Reviews">
        {reviews.data ? (
          <ReviewGrid reviews={reviews.data} />
        ) : reviews.isError ? (
          <LoadFailed what="The reviews" onRetry={() => void reviews.refetch()} />
        ) : (
          <div className="min-h-svh" />
        )}
      </PageSection>
      <PageSection id="business-summery" title="Business Summery">
        <BusinessSummary />
      </PageSection>
      <PageSection id="contact-us" title="Contact Us" subtitle="Stay Connected with Us">
        <div ref={contactSlot} className="mx-auto min-h-96 max-w-xl">
          {showContactForm ? (
            <Suspense fallback={null}>
              <ContactForm idPrefix="home-contact" />
            </Suspense>
          ) : null}
        </div>
      </PageSection>
    </>
  );
}

import { type MouseEvent, useEffect, useRef, useState } from 'react';

const slides = [
  { id: 'slide1', image: '/images/banner/slide-1.svg' },
  { id: 'slide2', image: '/images/banner/slide-2.svg' },
  { id: 'slide3', image: '/images/banner/slide-3.svg' },
] as const;

/**
 * The previous/next anchors of docs/requirements.md §2.3: each points at a slide's id. Slide 1's previous points at
 * itself ("slide 1 wraps to itself"); the last slide's next goes back to 1.
 */
export function slideTargets(index: number) {
  const prev = index === 0 ? 0 : index - 1;
  const next = (index + 1) % slides.length;
  return { prev: slides[prev]?.id ?? 'slide1', next: slides[next]?.id ?? 'slide1' };
}

/** Scroll the carousel itself, not the page, when a slide anchor is followed. */
function showSlide(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const slide = document.getElementById(id);
  if (!slide?.parentElement) return; // let the anchor do its plain job
  event.preventDefault();
  slide.parentElement.scrollTo({ left: slide.offsetLeft, behavior: 'smooth' });
  // The keyboard's focus moves with the slide, onto the same button of the slide now shown.
  const label = event.currentTarget.getAttribute('aria-label');
  slide.querySelector<HTMLElement>(`a[aria-label="${label}"]`)?.focus({ preventScroll: true });
}

/**
 * The slide in view, followed as the carousel scrolls (buttons, swipes, anchors alike): only its
 * previous/next buttons are in the Tab order, so a keyboard does not walk through unseen slides.
 */
function useShownSlide() {
  const track = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(0);
  useEffect(() => {
    const element = track.current;
    if (!element) return;
    const onScroll = () => setShown(Math.round(element.scrollLeft / Math.max(1, element.clientWidth)));
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, []);
  return { track, shown };
}

export function BannerCarousel({ brand }: { brand: string }) {
  const { track, shown } = useShownSlide();
  return (
    <section aria-roledescription="carousel" aria-label="Highlights" className="relative">
      <div ref={track} className="carousel w-full rounded-box">
        {slides.map((slide, index) => {
          const { prev, next } = slideTargets(index);
          return (
            <section
              key={slide.id}
              id={slide.id}
              className="carousel-item relative w-full"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
            >
              <img
                src={slide.image}
                alt=""
                width={1600}
                height={600}
                className="h-72 w-full object-cover sm:h-96"
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : undefined}
              />
              <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 px-16 text-center text-white">
                <p className="text-sm font-semibold uppercase tracking-[0.3em] text-primary">{brand}</p>
                {index === 0 ? (
                  <h1 className="text-3xl font-bold sm:text-5xl">Excellence in Necessary</h1>
                ) : (
                  <h2 className="text-3xl font-bold sm:text-5xl">Excellence in Necessary</h2>
                )}
                <p className="text-lg sm:text-xl">Stay Happy With Long Drive</p>
              </div>
              <div className="absolute left-3 right-3 top-1/2 flex -translate-y-1/2 justify-between">
                <a
                  href={`#${prev}`}
                  onClick={(e) => showSlide(e, prev)}
                  className="btn btn-circle"
                  aria-label="Previous slide"
                  tabIndex={index === shown ? undefined : -1}
                >
                  ❮
                </a>
                <a
                  href={`#${next}`}
                  onClick={(e) => showSlide(e, next)}
                  className="btn btn-circle"
                  aria-label="Next slide"
                  tabIndex={index === shown ? undefined : -1}
                >
                  ❯
                </a>
              </div>
            </section>
          );
        })}
      </div>
    </section>
  );
}

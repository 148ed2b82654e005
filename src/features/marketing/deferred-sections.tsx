import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import classes from './landing-page.module.css';

const LandingSections = lazy(async () => ({ default: (await import('./landing-sections')).LandingSections }));

/** How far below the viewport the sections start loading, so they are there when the reader gets there. */
const PRELOAD_MARGIN = '200px 0px';
/** The reader's first move also starts the download: whoever scrolls is heading for the sections. */
const FIRST_MOVES = ['scroll', 'wheel', 'touchstart', 'keydown'] as const;

/**
 * The landing page's sections below the hero (cards, accordion, the catalog request) load when they
 * come near the viewport or at the reader's first scroll, so a phone's first screen downloads the hero alone.
 * A link to one of them (/#pricing) or a browser without IntersectionObserver loads them at once.
 */
export function DeferredSections() {
  const { t } = useTranslation('landing');
  const { hash } = useLocation();
  const sentinel = useRef<HTMLDivElement>(null);
  // Starts false everywhere, in the prerendered page too, so that hydration finds the same markup.
  const [near, setNear] = useState(false);

  useEffect(() => {
    const target = sentinel.current;
    if (near || !target) return;
    if (hash !== '' || typeof IntersectionObserver === 'undefined') {
      // Right after the first paint: a link to a section (/#pricing) wants it now.
      const frame = requestAnimationFrame(() => setNear(true));
      return () => cancelAnimationFrame(frame);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(target);
    const onFirstMove = () => setNear(true);
    for (const move of FIRST_MOVES) window.addEventListener(move, onFirstMove, { once: true, passive: true });
    return () => {
      observer.disconnect();
      for (const move of FIRST_MOVES) window.removeEventListener(move, onFirstMove);
    };
  }, [near, hash]);

  // Plain markup: Mantine's loader here would weigh on the first screen it is meant to keep light.
  const placeholder = (
    <div className={classes.sectionsPlaceholder} role="status">
      {t('landing.sectionsLoading')}
    </div>
  );

  if (!near) return <div ref={sentinel}>{placeholder}</div>;
  return (
    <Suspense fallback={placeholder}>
      <LandingSections />
    </Suspense>
  );
}

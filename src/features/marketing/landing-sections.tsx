import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { FaqSection } from './faq-section';
import { PricingSection } from './pricing-section';
import { ServicesSection } from './services-section';

/** The landing page below the hero (its own chunk): services, pricing, FAQ, in the spec's order. */
export function LandingSections() {
  const { hash } = useLocation();
  // A link such as /#pricing arrives before this section exists: scroll once it does.
  useEffect(() => {
    if (hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <>
      <ServicesSection headingOrder={2} id="services" />
      <PricingSection headingOrder={2} id="pricing" />
      <FaqSection headingOrder={2} id="faq" />
    </>
  );
}

import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { CallToAction } from './landing-page';
import { ServicesSection } from './services-section';
import { TotalCostSection } from './total-cost-section';

/**
 * /services: what we do for an entrepreneur (and what they still do), from the server's product
 * catalog, then the total they pay per legal form.
 */
export function ServicesPage() {
  const { t } = useTranslation(['marketing', 'landing']);
  return (
    <>
      <ServicesSection headingOrder={1} title={t('services.title')} lead={t('services.lead')} />
      <TotalCostSection />
      <Container size="lg" pb={64}>
        <CallToAction
          size="md"
          primaryLabel={t('services.seePlans')}
          primaryTo={paths.plans}
          secondaryLabel={t('landing:landing.primaryCta')}
          secondaryTo={paths.signup}
        />
      </Container>
    </>
  );
}

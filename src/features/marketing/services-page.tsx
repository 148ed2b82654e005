import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { CallToAction } from './landing-page';
import { ServicesSection } from './services-section';

/** /services: what we do for an entrepreneur, from the server's product catalog. */
export function ServicesPage() {
  const { t } = useTranslation(['marketing', 'landing']);
  return (
    <>
      <ServicesSection headingOrder={1} title={t('services.title')} lead={t('services.lead')} />
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

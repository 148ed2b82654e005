import { Button, Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ServicesSection } from './services-section';

/** /services: what we do for an entrepreneur, from the server's product catalog. */
export function ServicesPage() {
  const { t } = useTranslation(['marketing', 'landing']);
  return (
    <>
      <ServicesSection headingOrder={1} title={t('services.title')} lead={t('services.lead')} />
      <Container size="lg" pb={64}>
        <Group gap="sm">
          <Button component={Link} to={paths.plans} size="md">
            {t('services.seePlans')}
          </Button>
          <Button component={Link} to={paths.signup} size="md" variant="default">
            {t('landing:landing.primaryCta')}
          </Button>
        </Group>
      </Container>
    </>
  );
}

import { Container, Paper, Text, Title } from '@mantine/core';
import { ActionLink } from '@/components/action';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { CallToAction } from './landing-page';
import { ServicesSection } from './services-section';
import { TotalCostSection } from './total-cost-section';

/**
 * /services: what we do for an entrepreneur (and what they still do), from the server's product
 * catalog, a link to the legal-form chooser for those who do not know which form to create, then the
 * total they pay per legal form.
 */
export function ServicesPage() {
  const { t } = useTranslation(['marketing', 'landing']);
  return (
    <>
      <ServicesSection headingOrder={1} title={t('services.title')} lead={t('services.lead')} />
      <Container size="lg" pb="xl">
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="services-chooser">
          <Title order={2} size="h3" id="services-chooser">
            {t('services.chooserTitle')}
          </Title>
          <Text mt="xs" mb="md">
            {t('services.chooserText')}
          </Text>
          <ActionLink to={paths.formChooser} variant="default">
            {t('services.chooserLink')}
          </ActionLink>
        </Paper>
      </Container>
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

import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CallToAction } from './landing-page';
import { FaqSection } from './faq-section';

/** /faq: the questions entrepreneurs ask before they start, then the way to start (or to log back in). */
export function FaqPage() {
  const { t } = useTranslation(['marketing', 'landing', 'common']);
  return (
    <>
      <FaqSection headingOrder={1} title={t('faq.title')} lead={t('faq.lead')} />
      <Container size="lg" pb={64}>
        <CallToAction
          size="md"
          primaryLabel={t('landing:landing.primaryCta')}
          secondaryLabel={t('common:account.login')}
        />
      </Container>
    </>
  );
}

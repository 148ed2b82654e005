import { useTranslation } from 'react-i18next';
import { PageIntro } from '@/components/page-intro';

/** /user-profile: the user's account (needs a session). */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  return <PageIntro title={t('page.title')} lead={t('page.lead')} />;
}

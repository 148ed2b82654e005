import { Center } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './page-loader.module.css';

/** Shown while a page's code or words are on their way. A CSS spinner: it is on every first paint. */
export function PageLoader() {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    // A full screen: the footer stays below the fold until the page arrives, so nothing shifts (CLS 0).
    <Center mih="100dvh" role="status" aria-live="polite">
      <div className={classes.spinner} aria-hidden="true" />
      <span className={classes.visuallyHidden}>{ready ? t('loading') : null}</span>
    </Center>
  );
}

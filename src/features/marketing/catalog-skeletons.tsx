import { Card, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './sections.module.css';

/** Placeholder cards while the catalog loads, shaped like the cards to come; announced once to screen readers. */
export function CatalogSkeletons({ count, tall = false }: { count: number; tall?: boolean }) {
  const { t } = useTranslation('marketing');
  return (
    <div className={tall ? classes.pricingGrid : classes.grid} aria-busy="true">
      <VisuallyHidden role="status">{t('catalog.loading')}</VisuallyHidden>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} withBorder radius="lg" padding="lg" aria-hidden="true">
          <Stack gap="sm">
            <Skeleton height={44} width={44} radius="md" />
            <Skeleton height={20} width="70%" />
            <Skeleton height={12} />
            <Skeleton height={12} width="85%" />
            {tall ? (
              <>
                <Skeleton height={40} width="40%" mt="md" />
                <Skeleton height={12} />
                <Skeleton height={12} />
                <Skeleton height={36} mt="md" />
              </>
            ) : null}
          </Stack>
        </Card>
      ))}
    </div>
  );
}

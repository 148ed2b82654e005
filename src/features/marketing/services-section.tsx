import { Card, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconClipboardCheck,
  IconFile,
  IconFileDescription,
  IconForms,
  IconHome,
  IconListNumbers,
  IconNews,
  IconSignature,
  IconUsersGroup,
  IconWorldWww,
  IconWritingSign,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fetchProducts, localized, peekProducts, type Product } from '@/lib/catalog/catalog';
import { useRemoteList } from '@/lib/catalog/use-remote-list';
import { CatalogFailure } from './catalog-failure';
import { CatalogSkeletons } from './catalog-skeletons';
import { SectionFrame, type SectionFrameProps } from './section-frame';
import classes from './sections.module.css';

/**
 * The icon of a product card, by SKU: one of its own for each product, so that the cards tell apart at a
 * glance. Icons no other chunk uses stay inside this section's chunk: a shared one would become a file of
 * its own, and one more name in the list the landing's first screen carries. A product staff add later
 * gets the file icon.
 */
const PRODUCT_ICONS: Record<string, { icon: Icon; name: string }> = {
  LEGAL_STATUSES: { icon: IconFileDescription, name: 'file-description' },
  CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION: { icon: IconSignature, name: 'signature' },
  LIST_OF_BENEFICIARIES: { icon: IconUsersGroup, name: 'users-group' },
  SUBSCRIBERS_LIST: { icon: IconListNumbers, name: 'list-numbers' },
  FILING_MANDATE: { icon: IconWritingSign, name: 'writing-sign' },
  REGISTERED_OFFICE_PROOF: { icon: IconHome, name: 'home' },
  LEGAL_NOTICE: { icon: IconNews, name: 'news' },
  OPERATING_CONDITIONS_DECLARATION: { icon: IconClipboardCheck, name: 'clipboard-check' },
  PROFESSIONAL_PROMOTIONAL_WEBSITE: { icon: IconWorldWww, name: 'world-www' },
  AI_FORM: { icon: IconForms, name: 'forms' },
};
const DEFAULT_PRODUCT_ICON = { icon: IconFile, name: 'file' };

function productIcon(sku: string) {
  return PRODUCT_ICONS[sku] ?? DEFAULT_PRODUCT_ICON;
}

function ProductCard({
  product,
  language,
  headingOrder,
}: {
  product: Product;
  language: string;
  headingOrder: 3 | 2;
}) {
  const { icon: ProductIcon, name } = productIcon(product.sku);
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      className={classes.card}
      component="article"
      data-sku={product.sku}
    >
      <ThemeIcon size={48} radius="md" variant="light" mb="md" data-icon={name}>
        <ProductIcon size={26} aria-hidden="true" />
      </ThemeIcon>
      <Title order={headingOrder} fz="lg" mb={6}>
        {localized(product.name, language)}
      </Title>
      <Text c="dimmed">{localized(product.description, language)}</Text>
    </Card>
  );
}

/** 'Our Services': one card per product of the server's catalog. */
export function ServicesSection(props: Omit<SectionFrameProps, 'children' | 'title'> & { title?: string }) {
  const { t, i18n } = useTranslation('marketing');
  const products = useRemoteList(fetchProducts, peekProducts);
  return (
    <SectionFrame {...props} title={props.title ?? t('services.sectionTitle')}>
      {products.status === 'loading' ? <CatalogSkeletons count={5} /> : null}
      {products.status === 'error' ? <CatalogFailure onRetry={products.retry} /> : null}
      {products.status === 'ready' && products.items.length === 0 ? (
        <Text ta="center" c="dimmed">
          {t('services.empty')}
        </Text>
      ) : null}
      {products.status === 'ready' && products.items.length > 0 ? (
        <div className={classes.grid}>
          {products.items.map((product) => (
            <ProductCard
              key={product.sku}
              product={product}
              language={i18n.language}
              headingOrder={props.headingOrder === 1 ? 2 : 3}
            />
          ))}
        </div>
      ) : null}
    </SectionFrame>
  );
}

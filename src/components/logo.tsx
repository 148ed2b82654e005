import { Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** The brand mark and name, always a way back to the landing page. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton component={Link} to={paths.landing} aria-label={t('brand.homeLink')}>
      <Group gap={8} wrap="nowrap">
        <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
          <rect
            width="32"
            height="32"
            rx="8"
            fill={inverted ? '#ffffff' : 'var(--mantine-primary-color-filled)'}
          />
          <path
            d="M10 8v16M10 16l9-8M13 14l7 10"
            stroke={inverted ? 'var(--mantine-primary-color-filled)' : '#ffffff'}
            strokeWidth="3"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <Text component="span" fw={800} fz="xl" c={inverted ? 'white' : 'dark'}>
          {t('brand.name')}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

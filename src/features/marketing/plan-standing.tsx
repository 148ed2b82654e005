import { Anchor, Badge, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatCents } from '@/lib/invoices/invoices-api';
import type { Standing } from './plan-quotes';

interface PlanStandingProps {
  standing: Standing | null;
  offerName: string;
  /** The card's Select Plan button: shown unless the account owns the plan. */
  children: ReactNode;
}

/** The bottom of a pricing card: the owned plan's mark, or the upgrade's price above Select Plan. */
export function PlanStanding({ standing, offerName, children }: PlanStandingProps) {
  const { t, i18n } = useTranslation('marketing');
  if (standing?.kind === 'yours' || standing?.kind === 'included') {
    return (
      <Stack gap={6} align="center">
        {standing.kind === 'yours' ? (
          <Badge size="lg" radius="sm" variant="light" color="teal">
            {t('standing.yours')}
          </Badge>
        ) : (
          <Text c="dimmed" fw={500}>
            {t('standing.included')}
          </Text>
        )}
        <Anchor component={Link} to={paths.orders} size="sm">
          {t('standing.seeOrders')}
        </Anchor>
      </Stack>
    );
  }
  if (standing?.kind === 'upgrade') {
    return (
      <Stack gap={6}>
        <Text fw={600} ta="center">
          {t('standing.upgrade', {
            offer: offerName,
            amount: formatCents(standing.dueCents, standing.currency, i18n.language),
          })}
        </Text>
        {children}
      </Stack>
    );
  }
  return <>{children}</>;
}

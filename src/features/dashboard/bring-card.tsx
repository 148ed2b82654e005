import { List, ThemeIcon } from '@mantine/core';
import { IconBuilding, IconCoins, IconId } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatFeeMoney } from '@/lib/format/fee-amount';
import type { BringItem } from './bring-checklist';
import classes from './dashboard.module.css';

const ICONS = {
  identity: IconId,
  identities: IconId,
  registeredOffice: IconBuilding,
  capitalDeposit: IconCoins,
};

function ItemText({ item }: { item: BringItem }) {
  const { t, i18n } = useTranslation('dashboard');
  const { t: tMarketing } = useTranslation('marketing');
  switch (item.kind) {
    case 'identity':
      return t('bring.identity', {
        name: item.name,
        role:
          item.roles.length > 1 ? t('bring.roles.both') : t(`bring.roles.${item.roles[0] ?? 'associate'}`),
      });
    case 'identities':
      return t('bring.identities');
    case 'registeredOffice':
      return item.address
        ? t('bring.registeredOfficeAt', { address: item.address })
        : t('bring.registeredOffice');
    case 'capitalDeposit':
      return item.amount !== null && item.currency
        ? t('bring.capitalDepositOf', {
            amount: formatFeeMoney(item.amount, item.currency, i18n.language, tMarketing),
          })
        : t('bring.capitalDeposit');
  }
}

/** The papers to bring, made from the company file (see bring-checklist.ts). */
export function BringList({ items }: { items: BringItem[] }) {
  return (
    <List spacing="sm" center>
      {items.map((item, index) => {
        const Icon = ICONS[item.kind];
        return (
          <List.Item
            key={item.kind === 'identity' ? `identity-${item.name}` : `${item.kind}-${index}`}
            className={classes.wrap}
            icon={
              <ThemeIcon size={28} radius="xl" variant="light">
                <Icon size={16} aria-hidden="true" />
              </ThemeIcon>
            }
          >
            <ItemText item={item} />
          </List.Item>
        );
      })}
    </List>
  );
}

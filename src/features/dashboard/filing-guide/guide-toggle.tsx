import { Button, Skeleton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconListDetails } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Offer } from '@/lib/catalog/catalog';
import { sessionUserAtom } from '@/lib/session/session';
import type { CompanyFileStatus } from '../dashboard-api';
import type { Jurisdiction } from '../registration-content';
import type { FilingGuide as FilingGuideContent } from './guide-content';

// Its own chunk, asked for when the founder opens the guide: the dashboard's first paint does not carry it.
const FilingGuide = lazy(async () => ({ default: (await import('./filing-guide')).FilingGuide }));

/** The button that opens the filing guide inside its step's card, and the guide once opened. */
export function GuideToggle({
  guide,
  jurisdiction,
  data,
  status,
  offers,
}: {
  guide: FilingGuideContent;
  jurisdiction: Jurisdiction;
  data: Record<string, unknown>;
  status: CompanyFileStatus | undefined;
  offers: readonly Offer[];
}) {
  const { t } = useTranslation('registration');
  const user = useAtomValue(sessionUserAtom);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconListDetails size={18} aria-hidden="true" />}
        rightSection={
          open ? (
            <IconChevronUp size={16} aria-hidden="true" />
          ) : (
            <IconChevronDown size={16} aria-hidden="true" />
          )
        }
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {t(open ? 'guide.hide' : 'guide.show')}
      </Button>
      {/* The card takes the steps' whole row while the guide is open (dashboard.module.css). */}
      <div id={panelId} hidden={!open} data-guide-open={open ? '' : undefined}>
        {open ? (
          <Suspense fallback={<Skeleton height={240} radius="md" />}>
            <FilingGuide
              guide={guide}
              jurisdiction={jurisdiction}
              data={data}
              status={status}
              products={user?.products ?? []}
              offers={offers}
            />
          </Suspense>
        ) : null}
      </div>
    </>
  );
}

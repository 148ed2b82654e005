import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconCircleMinus,
  IconCopy,
  IconDownload,
  IconExternalLink,
  IconEye,
  IconLanguage,
  IconLock,
  IconLockOpen,
} from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { startTransition, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageIntro } from '@/components/page-intro';
import { paths } from '@/config/paths';
import {
  cheapestOfferWith,
  fetchOffers,
  firstPlan,
  formatPrice,
  localized,
  peekOffers,
  type Offer,
} from '@/lib/catalog/catalog';
import { useRemoteList, type RemoteList } from '@/lib/catalog/use-remote-list';
import { displayName } from '@/lib/i18n/display-name';
import { getValidToken, sessionUserAtom } from '@/lib/session/session';
import { documentTitleKey } from '@/shared/document-title';
import { DEFAULT_DOCUMENT_ICON, DOCUMENT_CARDS, DOCUMENT_ICONS, type DocumentCard } from './document-cards';
import classes from './documents.module.css';
import { DocumentPreviewModal } from './document-preview';
import { downloadFailureMessage } from './download-messages';
import { FilingPackCard, FilingVerdict } from './filing-panel';
import { SigningSection } from './signing-section';
import {
  DOCUMENT_FORMATS,
  copyFirstSection,
  downloadDocument,
  fetchDocumentLanguages,
  listsDocument,
  notApplicableOf,
  translationLanguage,
  type CopyOutcome,
  type DocumentFormat,
  type DocumentLanguage,
  type DocumentList,
  type DownloadableSku,
  type DownloadOutcome,
  type NotApplicable,
} from './download-document';

const FORMAT_NAMES: Record<DocumentFormat, string> = { pdf: 'PDF', docx: 'Word' };

/** Which package unlocks a locked card, from the catalog the pricing page shows. */
function UnlockHint({ sku, offers }: { sku: string; offers: RemoteList<Offer> }) {
  const { t, i18n } = useTranslation('documents');
  if (offers.status === 'loading') return <Skeleton height={14} width="80%" />;
  if (offers.status === 'error') return <Text size="sm">{t('catalogError')}</Text>;
  const offer = cheapestOfferWith(offers.items, sku);
  const plan = offer ? firstPlan(offer) : undefined;
  return (
    <Stack gap={4}>
      <Text size="sm">
        {offer && plan
          ? t('locked.includedIn', {
              offer: localized(offer.name, i18n.language),
              price: formatPrice(plan.price, i18n.language),
            })
          : t('locked.notSold')}
      </Text>
      <Anchor component={Link} to={paths.plans} size="sm" fw={600}>
        {t('locked.seePlans')}
      </Anchor>
    </Stack>
  );
}

function DownloadMessage({ outcome, title }: { outcome: DownloadOutcome; title: string }) {
  const { t } = useTranslation('documents');
  if (outcome === 'saved')
    return (
      <Text size="sm" c="brand.8" role="status">
        {t('download.ready', { document: title })}
      </Text>
    );
  if (typeof outcome === 'object')
    return (
      <Alert color="red" variant="light" p="sm" role="alert">
        <Text size="sm">{outcome.unprintable}</Text>
        <Anchor component={Link} to={paths.wizard} size="sm" fw={600}>
          {t('download.openWizard')}
        </Anchor>
      </Alert>
    );
  const message = downloadFailureMessage(t, outcome);
  return (
    <Alert color="red" variant="light" p="sm" role="alert">
      <Text size="sm">{message}</Text>
      {outcome === 'not-submitted' ? (
        <Anchor component={Link} to={paths.wizard} size="sm" fw={600}>
          {t('download.openWizard')}
        </Anchor>
      ) : null}
    </Alert>
  );
}

/**
 * A document the answers do not call for (a proof of seat for rented premises, a power of attorney when
 * the legal representative files): why, what to file instead, and a way back to the answer.
 */
function NotApplicableNote({ reason, legalForm }: { reason: NotApplicable; legalForm: string | null }) {
  const { t } = useTranslation('documents');
  const jurisdiction = legalForm?.startsWith('RO') ? 'RO' : 'FR';
  return (
    <Alert color="gray" variant="light" p="sm" data-not-applicable={reason}>
      <Stack gap={4}>
        <Text size="sm">
          {reason === 'registeredOfficeType'
            ? t(`notApplicable.registeredOfficeType.${jurisdiction}`)
            : t('notApplicable.filerIsRepresentative')}
        </Text>
        <Anchor component={Link} to={paths.wizard} size="sm" fw={600}>
          {t('notApplicable.change')}
        </Anchor>
      </Stack>
    </Alert>
  );
}

/** Copies the text to paste (the legal notice), from the document built from the current answers. */
function CopyTextButton({ sku, titleId }: { sku: DownloadableSku; titleId: string }) {
  const { t } = useTranslation('documents');
  const [copying, setCopying] = useState(false);
  const [outcome, setOutcome] = useState<CopyOutcome | null>(null);
  const copy = async () => {
    setCopying(true);
    setOutcome(null);
    setOutcome(await copyFirstSection(sku));
    setCopying(false);
  };
  return (
    <Stack gap={4} mt="xs">
      <Button
        variant="light"
        fullWidth
        loading={copying}
        onClick={() => void copy()}
        leftSection={<IconCopy size={16} aria-hidden="true" />}
        aria-describedby={titleId}
        // "Copier le texte de l'annonce" wraps in a narrow card instead of being cut.
        h="auto"
        py={6}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
      >
        {t('copy.button')}
      </Button>
      {outcome === 'copied' ? (
        <Text size="sm" c="brand.8" role="status">
          {t('copy.done')}
        </Text>
      ) : outcome === 'failed' ? (
        <Text size="sm" c="red.8" role="alert">
          {t('copy.failed')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A download button's key: the format, and the language when it is a translation. */
type PendingDownload = `${DocumentFormat}` | `${DocumentFormat}-translation`;

function DocumentCardView({
  card,
  owned,
  offers,
  filingLanguage,
  translation,
  legalForm,
  notApplicable,
}: {
  card: DocumentCard;
  owned: boolean;
  /** Why the answers do not call for this document, or null. */
  notApplicable: NotApplicable | null;
  offers: RemoteList<Offer>;
  /** The legal form of the file (`RO-SRL`), which names some documents; null before it is known. */
  legalForm: string | null;
  /** The language of the copy to file, once known. */
  filingLanguage: DocumentLanguage | null;
  /** The interface language, when the document has a courtesy translation in it. */
  translation: DocumentLanguage | null;
}) {
  const { t, i18n } = useTranslation('documents');
  const titleId = useId();
  const [pending, setPending] = useState<PendingDownload | null>(null);
  const [previewing, setPreviewing] = useState(false);
  // The preview's dialog (a Modal and its focus, scroll and transition hooks, per card) is made when a
  // founder heads for its button (pointer down, focus), not with the page: it is the page's start that
  // a slow phone waits on. Made just before the click, it still opens with its transition.
  const [previewMade, setPreviewMade] = useState(false);
  const makePreview = () => setPreviewMade(true);
  const [outcome, setOutcome] = useState<DownloadOutcome | null>(null);
  const CardIcon = DOCUMENT_ICONS[card.icon] ?? DEFAULT_DOCUMENT_ICON;
  // Keys come from schemas/documents.json (checked by check:forms), hence not typed literals.
  const title = t(documentTitleKey(card, legalForm) as never);

  const isDocument = card.action === 'download';
  const download = async (format: DocumentFormat, language?: DocumentLanguage) => {
    setPending(language ? `${format}-translation` : format);
    setOutcome(null);
    setOutcome(await downloadDocument(card.sku as DownloadableSku, format, language));
    setPending(null);
  };
  const languageName = (code: string) => displayName(i18n.language, 'language', code);

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="article"
      aria-labelledby={titleId}
      data-card={card.id}
      data-state={notApplicable ? 'not-applicable' : owned ? 'unlocked' : 'locked'}
      className={`${classes.card} ${owned ? '' : classes.locked}`}
    >
      <Stack gap="sm" className={classes.body}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <ThemeIcon size={48} radius="md" variant="light" color={owned ? undefined : 'gray'}>
            <CardIcon size={26} aria-hidden="true" />
          </ThemeIcon>
          {notApplicable ? (
            <Badge
              variant="outline"
              color="gray"
              leftSection={<IconCircleMinus size={12} aria-hidden="true" />}
            >
              {t('notApplicable.badge')}
            </Badge>
          ) : (
            <Badge
              variant={owned ? 'light' : 'outline'}
              color={owned ? undefined : 'gray'}
              leftSection={
                owned ? (
                  <IconLockOpen size={12} aria-hidden="true" />
                ) : (
                  <IconLock size={12} aria-hidden="true" />
                )
              }
            >
              {owned ? t('status.unlocked') : t('status.locked')}
            </Badge>
          )}
        </Group>
        <Title order={2} fz="lg" id={titleId}>
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {t(card.description as never)}
        </Text>
        {notApplicable ? <NotApplicableNote reason={notApplicable} legalForm={legalForm} /> : null}
        {owned || notApplicable ? null : <UnlockHint sku={card.sku} offers={offers} />}
        {outcome ? <DownloadMessage outcome={outcome} title={title} /> : null}
      </Stack>
      {notApplicable ? null : !owned ? (
        <Button
          mt="lg"
          fullWidth
          disabled
          leftSection={<IconLock size={16} aria-hidden="true" />}
          aria-describedby={titleId}
        >
          {t('actions.locked')}
        </Button>
      ) : card.action === 'website' ? (
        <Button
          mt="lg"
          fullWidth
          component={Link}
          to={paths.createWebsite}
          leftSection={<IconExternalLink size={16} aria-hidden="true" />}
          aria-describedby={titleId}
        >
          {t('actions.website')}
        </Button>
      ) : (
        <Stack mt="lg" gap="xs">
          {translation && filingLanguage ? (
            <Text size="xs" fw={600} c="dimmed">
              {t('copies.filing', { language: languageName(filingLanguage) })}
            </Text>
          ) : null}
          <Group grow gap="xs">
            {DOCUMENT_FORMATS.map((format) => (
              <Button
                key={format}
                loading={pending === format}
                disabled={pending !== null && pending !== format}
                onClick={() => void download(format)}
                leftSection={<IconDownload size={16} aria-hidden="true" />}
                aria-describedby={titleId}
              >
                {t(`actions.${format}`)}
              </Button>
            ))}
          </Group>
          {translation && filingLanguage ? (
            <>
              <Text size="xs" fw={600} c="dimmed" mt={4}>
                {t('copies.translation', { language: languageName(translation) })}
              </Text>
              <Group grow gap="xs">
                {DOCUMENT_FORMATS.map((format) => (
                  <Button
                    key={format}
                    variant="light"
                    loading={pending === `${format}-translation`}
                    disabled={pending !== null && pending !== `${format}-translation`}
                    onClick={() => void download(format, translation)}
                    leftSection={<IconLanguage size={16} aria-hidden="true" />}
                    aria-label={t('actions.translationFormat', {
                      format: FORMAT_NAMES[format],
                      language: languageName(translation),
                    })}
                    aria-describedby={titleId}
                  >
                    {t(`actions.${format}`)}
                  </Button>
                ))}
              </Group>
              <Text size="xs" c="dimmed">
                {t('copies.translationNote', { language: languageName(filingLanguage) })}
              </Text>
            </>
          ) : null}
        </Stack>
      )}
      {isDocument && owned && card.copy && !notApplicable ? (
        <CopyTextButton sku={card.sku as DownloadableSku} titleId={titleId} />
      ) : null}
      {isDocument && !notApplicable ? (
        <>
          <Button
            mt="xs"
            fullWidth
            variant="subtle"
            onPointerDown={makePreview}
            onFocus={makePreview}
            onClick={() => {
              makePreview();
              setPreviewing(true);
            }}
            leftSection={<IconEye size={16} aria-hidden="true" />}
            aria-describedby={titleId}
            // Long labels (Romanian) wrap on a phone instead of being cut.
            h="auto"
            py={6}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
          >
            {owned ? t('actions.previewOwned') : t('actions.preview')}
          </Button>
          {previewMade ? (
            <DocumentPreviewModal
              sku={card.sku as DownloadableSku}
              filingLanguage={filingLanguage}
              translation={translation}
              title={title}
              opened={previewing}
              onClose={() => setPreviewing(false)}
              unlock={
                owned ? (
                  <Text size="sm">{t('preview.owned')}</Text>
                ) : (
                  <UnlockHint sku={card.sku} offers={offers} />
                )
              }
            />
          ) : null}
        </>
      ) : null}
    </Card>
  );
}

/** /documents: 'Download Your Documents', one card per entry of schemas/documents.json, unlocked by the token's products. */
export function DocumentsPage() {
  const { t, i18n } = useTranslation('documents');
  const user = useAtomValue(sessionUserAtom);
  const offers = useRemoteList(fetchOffers, peekOffers);
  const [languages, setLanguages] = useState<DocumentList | null>(null);
  const products = new Set(user?.products ?? []);
  // Once the file's legal form is known, only the documents written for it (and the website).
  const cards = DOCUMENT_CARDS.filter(
    (card) => card.action !== 'download' || listsDocument(languages, card.sku),
  );
  const ownedCount = cards.filter((card) => products.has(card.sku)).length;
  const ownsDocuments = cards.some((card) => card.action === 'download' && products.has(card.sku));

  // A purchase made since the token was issued (another tab, a late payment) shows without a new login.
  useEffect(() => {
    let current = true;
    void getValidToken({ force: true })
      .then(() => fetchDocumentLanguages())
      .then((list) => {
        // Low priority: React re-renders the cards in slices, between which the page answers a tap.
        if (current) startTransition(() => setLanguages(list));
      });
    return () => {
      current = false;
    };
  }, []);

  return (
    <PageIntro title={t('page.title')} lead={t('page.lead')}>
      <Text fw={600}>{t('summary', { count: ownedCount, total: cards.length })}</Text>
      {/* The verdict first: the founder reads what the registry would refuse before downloading. */}
      <FilingVerdict ownsDocuments={ownsDocuments} />
      {ownsDocuments ? (
        <FilingPackCard
          filingLanguage={languages?.filingLanguage ?? null}
          interfaceLanguage={i18n.language}
        />
      ) : null}
      {/* The founder's file is named by their account id. */}
      {ownsDocuments && user ? <SigningSection fileId={user.id} /> : null}
      <div className={classes.grid}>
        {cards.map((card) => (
          <DocumentCardView
            key={card.id}
            card={card}
            owned={products.has(card.sku)}
            offers={offers}
            filingLanguage={languages?.filingLanguage ?? null}
            legalForm={languages?.legalForm ?? null}
            translation={translationLanguage(languages, card.sku, i18n.language)}
            notApplicable={notApplicableOf(languages, card.sku)}
          />
        ))}
      </div>
    </PageIntro>
  );
}

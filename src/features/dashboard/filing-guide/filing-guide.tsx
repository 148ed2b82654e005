import { Alert, Anchor, Badge, Group, List, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink, IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { cheapestOfferWith, localized, type Offer } from '@/lib/catalog/catalog';
import { documentTitleKey, type TitledCard } from '@/shared/document-title';
import { legalFormId } from '@/shared/jurisdictions';
import type { NationalityWords } from '@/shared/nationalities';
import frNationalities from '../../../../locales/fr/nationalities.json';
import roNationalities from '../../../../locales/ro/nationalities.json';
import { parameters as frParameters } from '../../../../schemas/jurisdictions/fr.json';
import { parameters as roParameters } from '../../../../schemas/jurisdictions/ro.json';
import { cards as documentCards } from '../../../../schemas/documents.json';
import type { CompanyFileStatus } from '../dashboard-api';
import type { Jurisdiction } from '../registration-content';
import { useContentTranslation } from '../use-content-translation';
import { CopyValue } from './copy-value';
import type { FilingGuide as FilingGuideContent, GuideScreen, GuideUpload } from './guide-content';
import { fieldApplies, fieldValue, subjectsOf, type GuideFile, type GuideSubjectEntry } from './guide-values';
import classes from './filing-guide.module.css';

// The cards' titles by legal form differ in shape from card to card: read as what documentTitleKey takes.
const DOCUMENT_CARDS = documentCards as (TitledCard & { sku: string })[];

const NATIONALITIES: Record<'fr' | 'ro', NationalityWords> = { fr: frNationalities, ro: roNationalities };
const THRESHOLD: Record<Jurisdiction, number> = {
  FR: frParameters.beneficialOwnerThresholdPercent.value,
  RO: roParameters.beneficialOwnerThresholdPercent.value,
};

const FIRST_YEAR_EXTRA_YEARS: Record<Jurisdiction, number | null> = {
  FR: frParameters.firstFinancialYearExtraYears.value,
  RO: roParameters.firstFinancialYearExtraYears.value,
};

const TO_VERIFY = '[to verify]';

function ScreenFields({
  screen,
  subject,
  file,
  onCopied,
}: {
  screen: GuideScreen;
  subject: GuideSubjectEntry;
  file: GuideFile;
  onCopied: (label: string) => void;
}) {
  const { t } = useTranslation('registration');
  const { tContent } = useContentTranslation();
  const fields = screen.fields.filter((field) => fieldApplies(field, subject));
  return (
    <Table withRowBorders verticalSpacing="xs" className={classes.fields}>
      <Table.Tbody>
        {fields.map((field) => {
          const label = tContent(field.label);
          const value = fieldValue(field, file, subject);
          return (
            <Table.Tr key={field.id} data-field={field.id}>
              <Table.Th scope="row" className={classes.label}>
                <Text size="sm" fw={600}>
                  {label}
                </Text>
                <Text size="xs" c="dimmed" lang={file.language}>
                  {t('guide.shownAs', { name: field.shown })}
                </Text>
              </Table.Th>
              <Table.Td>
                {value === null && field.optional ? (
                  <Text size="sm" c="dimmed">
                    {t('guide.leaveEmpty')}
                  </Text>
                ) : value === null ? (
                  <Anchor component={Link} to={paths.wizard} size="sm" c="orange.9">
                    {t('guide.notInFile')}
                  </Anchor>
                ) : (
                  <Group gap="xs" wrap="nowrap" justify="space-between">
                    <Text size="sm" className={classes.value} lang={file.language} data-value>
                      {value}
                    </Text>
                    <CopyValue value={value} label={label} onCopied={onCopied} />
                  </Group>
                )}
                {field.hint ? (
                  <Text size="xs" c="dimmed">
                    {tContent(field.hint)}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

function Screen({
  screen,
  number,
  file,
  onCopied,
}: {
  screen: GuideScreen;
  number: number;
  file: GuideFile;
  onCopied: (label: string) => void;
}) {
  const { t } = useTranslation('registration');
  const { tContent } = useContentTranslation();
  const subjects = screen.fields.length > 0 ? subjectsOf(screen.subject, file) : [];
  return (
    <li className={classes.screen} data-screen={screen.id}>
      <Stack gap="xs">
        <Group gap="xs">
          <Title order={4} fz="md">
            {t('guide.screen', { number, name: screen.shown })}
          </Title>
          {screen.note?.includes(TO_VERIFY) ? (
            <Badge size="xs" variant="outline" color="orange">
              {t('guide.toVerify')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm">{tContent(screen.explanation)}</Text>
        {subjects.map((subject) => (
          <Stack gap={4} key={subject.key}>
            {screen.subject === 'company' ? null : (
              <Text size="sm" fw={700} data-person>
                {subject.person ? personLabel(subject) : t('guide.notInFile')}
              </Text>
            )}
            {screen.subject === 'company' || subject.person ? (
              <ScreenFields screen={screen} subject={subject} file={file} onCopied={onCopied} />
            ) : null}
          </Stack>
        ))}
      </Stack>
    </li>
  );
}

function personLabel(subject: GuideSubjectEntry): string {
  const person = subject.person;
  if (!person) return '';
  if (person.kind === 'legal') return typeof person.name === 'string' ? person.name : '';
  return [person.firstNames, person.lastName].filter((part) => typeof part === 'string').join(' ');
}

function Upload({
  upload,
  owned,
  offers,
  documentTitle,
}: {
  upload: GuideUpload;
  owned: boolean;
  offers: readonly Offer[];
  documentTitle: string | null;
}) {
  const { t, i18n } = useTranslation('registration');
  const { tContent } = useContentTranslation();
  const offer = upload.sku ? cheapestOfferWith(offers, upload.sku) : undefined;
  return (
    <Table.Tr data-upload={upload.id} data-sku={upload.sku ?? ''} data-owned={owned ? 'yes' : 'no'}>
      <Table.Th scope="row" className={classes.label}>
        <Text size="sm" fw={600} lang={i18n.language}>
          {tContent(upload.label)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('guide.shownAs', { name: upload.shown })}
        </Text>
      </Table.Th>
      <Table.Td>
        <Stack gap={2}>
          {upload.sku ? (
            owned ? (
              <Anchor component={Link} to={paths.documents} size="sm" fw={600}>
                {t('guide.kreoDocument', { title: documentTitle ?? tContent(upload.label) })}
              </Anchor>
            ) : (
              <Text size="sm">
                {t('guide.notOwned')}{' '}
                {offer ? t('guide.inPackage', { offer: localized(offer.name, i18n.language) }) : null}{' '}
                <Anchor component={Link} to={paths.plans} size="sm">
                  {t('guide.seePlans')}
                </Anchor>
              </Text>
            )
          ) : null}
          {upload.obtain ? <Text size="sm">{tContent(upload.obtain)}</Text> : null}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

export interface FilingGuideProps {
  guide: FilingGuideContent;
  jurisdiction: Jurisdiction;
  data: Record<string, unknown>;
  status: CompanyFileStatus | undefined;
  /** The products the founder has bought (the session token's `products`). */
  products: readonly string[];
  offers: readonly Offer[];
}

/**
 * The registry's online service, screen by screen: each field with its value from the submitted
 * company file and a copy button, then which document goes into which upload slot, and (Romania) the
 * qualified e-signature every signatory needs. Loaded only when the founder opens it.
 */
export function FilingGuide({ guide, jurisdiction, data, status, products, offers }: FilingGuideProps) {
  const { t } = useTranslation(['registration', 'dashboard']);
  const { tContent } = useContentTranslation();
  const [announcement, setAnnouncement] = useState('');
  if (status === 'new' || status === 'draft')
    return (
      <Alert color="blue" variant="light" data-guide-state="not-submitted">
        <Text size="sm">
          {t('guide.notSubmitted')}{' '}
          <Anchor component={Link} to={paths.wizard} size="sm" fw={600}>
            {t('dashboard:timeline.openWizard')}
          </Anchor>
        </Text>
      </Alert>
    );
  const file: GuideFile = {
    data,
    jurisdiction,
    language: guide.language,
    nationalities: NATIONALITIES[guide.language],
    thresholdPercent: THRESHOLD[jurisdiction],
    firstYearExtraYears: FIRST_YEAR_EXTRA_YEARS[jurisdiction],
  };
  const code = typeof data.legalForm === 'string' ? data.legalForm : '';
  const owned = new Set(products);
  const uploads = guide.uploads.filter((upload) => !upload.forms || upload.forms.includes(code));
  const titleOf = (sku: string | undefined) => {
    const card = DOCUMENT_CARDS.find((candidate) => candidate.sku === sku);
    return card ? tContent(documentTitleKey(card, code ? legalFormId(jurisdiction, code) : null)) : null;
  };
  const onCopied = (label: string) => setAnnouncement(t('guide.copied', { label }));
  const service = tContent(guide.service);

  return (
    <Stack gap="md" className={classes.guide} data-guide={jurisdiction}>
      {status === 'amended' ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
          <Text size="sm">{t('guide.amended')}</Text>
        </Alert>
      ) : null}
      <Text size="sm">{tContent(guide.intro)}</Text>
      <Anchor href={guide.url} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
        <Group gap={4} component="span" wrap="nowrap">
          {t('guide.openService', { service })}
          <IconExternalLink size={14} aria-hidden="true" />
        </Group>
      </Anchor>
      {guide.signature ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconSignature aria-hidden="true" />}
          data-notice="qualified-signature"
        >
          <Stack gap={6}>
            {/* The title as text of the body's colour, as the dashboard's reminders: yellow on yellow reads badly. */}
            <Text fw={700}>{tContent(guide.signature.title)}</Text>
            <Text size="sm">{tContent(guide.signature.body)}</Text>
            <List size="sm" spacing={2}>
              {guide.signature.links.map((link) => (
                <List.Item key={link.url}>
                  <Anchor href={link.url} target="_blank" rel="noopener noreferrer" size="sm">
                    {tContent(link.label)}
                  </Anchor>
                </List.Item>
              ))}
            </List>
            <Text size="xs" c="dimmed">
              {t('dashboard:sourcePrefix', { label: t('labels.source') })} {guide.signature.source.law}
            </Text>
          </Stack>
        </Alert>
      ) : null}
      <Title order={3} fz="md">
        {t('guide.screens')}
      </Title>
      <ol className={classes.screens}>
        {guide.screens.map((screen, index) => (
          <Screen key={screen.id} screen={screen} number={index + 1} file={file} onCopied={onCopied} />
        ))}
      </ol>
      <Title order={3} fz="md">
        {t('guide.uploads')}
      </Title>
      <Table withRowBorders verticalSpacing="xs" className={classes.fields} data-uploads>
        <Table.Tbody>
          {uploads.map((upload) => (
            <Upload
              key={upload.id}
              upload={upload}
              owned={upload.sku ? owned.has(upload.sku) : false}
              offers={offers}
              documentTitle={titleOf(upload.sku)}
            />
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        {t('dashboard:sourcePrefix', { label: t('labels.source') })} {guide.source.law}
      </Text>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}

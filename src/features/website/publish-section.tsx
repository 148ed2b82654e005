import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconExternalLink, IconWorldUpload } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { websiteForm } from '@/forms/generated/website';
import { websiteTextsForm } from '@/forms/generated/website-texts';
import type { WebsiteContent } from '@/shared/website';
import { slugProblem, suggestSlug } from '@/shared/website-slug';
import { PublishLocked } from './publish-locked';
import { useSlugCheck, type SlugVerdict } from './use-slug-check';
import { errorCode, incompleteFields, isTooMany, websiteApi, type Website } from './website-api';
import { fieldProblems, openProblemPaths, textFieldName, type FieldProblem } from './website-content';

const FORMS = { main: websiteForm, texts: websiteTextsForm };

/** The refusals of a publish that have their own words in website:errors. */
const PUBLISH_CODES = [
  'WEBSITE_NOT_INCLUDED',
  'SLUG_TAKEN',
  'SLUG_HELD',
  'SLUG_FORMAT',
  'SLUG_RESERVED',
] as const;
type PublishError =
  (typeof PUBLISH_CODES)[number] | 'tooManyPublishes' | 'publishFailed' | 'unpublishFailed' | 'saveFirst';

type Outcome =
  | { kind: 'published' | 'unpublished' }
  | { kind: 'error'; error: PublishError }
  | { kind: 'incomplete'; problems: FieldProblem[] };

const SLUG_MESSAGES: Record<Exclude<SlugVerdict, 'idle'>, { key: string; color: string }> = {
  checking: { key: 'slug.checking', color: 'dimmed' },
  available: { key: 'slug.available', color: 'green.9' },
  taken: { key: 'slug.taken', color: 'red.9' },
  held: { key: 'slug.held', color: 'red.9' },
  reserved: { key: 'slug.reserved', color: 'red.9' },
  format: { key: 'slug.format', color: 'red.9' },
  limited: { key: 'slug.tooMany', color: 'dimmed' },
  unknown: { key: 'slug.unknown', color: 'dimmed' },
};

/** The verdicts that mean the address cannot be used. */
const REFUSED_SLUGS: ReadonlySet<SlugVerdict> = new Set(['taken', 'held', 'reserved', 'format']);

/** An address of the server (the site's page), absolute, for a link that opens in a new tab. */
const absolute = (path: string) => new URL(path, env.apiBaseUrl || window.location.origin).href;

export interface PublishSectionProps {
  website: Website;
  /** The draft as it stands on screen: the problems of a refused publish go as they are fixed. */
  content: WebsiteContent;
  /** Sends the draft's last edits before publishing: the server publishes what it holds. */
  flush: () => Promise<boolean>;
  onWebsite: (website: Website) => void;
  /** The server found fields missing: the page shows them in the forms. */
  onIncomplete: (problems: FieldProblem[]) => void;
  /** Takes the user to one field. */
  onGoTo: (problem: FieldProblem) => void;
  /** Edits on screen not yet saved (they are not online either). */
  unsavedEdits: boolean;
  api?: typeof websiteApi;
}

/**
 * Putting the site online: its address (checked as it is typed), Publish, and once online the public
 * link, the date, Republish and Unpublish. Without the package, what unlocks it.
 */
export function PublishSection(props: PublishSectionProps) {
  const { website, content, flush, onWebsite, onIncomplete, onGoTo, unsavedEdits, api = websiteApi } = props;
  const { t, i18n } = useTranslation('website');
  const [typedSlug, setTypedSlug] = useState<string | null>(website.slug);
  // Until the user types one, the address follows the site's name.
  const slug = typedSlug ?? suggestSlug(content.siteName);
  const verdict = useSlugCheck(slug, website.canPublish, api);
  const [busy, setBusy] = useState<'publish' | 'unpublish' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const slugInput = useRef<HTMLInputElement>(null);
  const { published, canPublish } = website;
  const changes = published !== null && (website.unpublishedChanges || unsavedEdits);

  const publish = async () => {
    setOutcome(null);
    const local = slugProblem(slug);
    if (local) {
      setOutcome({ kind: 'error', error: local === 'format' ? 'SLUG_FORMAT' : 'SLUG_RESERVED' });
      slugInput.current?.focus();
      return;
    }
    setBusy('publish');
    if (!(await flush())) {
      setOutcome({ kind: 'error', error: 'saveFirst' });
      setBusy(null);
      return;
    }
    try {
      onWebsite(await api.publish(slug));
      setTypedSlug(slug);
      setOutcome({ kind: 'published' });
    } catch (error) {
      const code = errorCode(error);
      if (code === 'WEBSITE_INCOMPLETE') {
        const problems = fieldProblems(incompleteFields(error));
        setOutcome({ kind: 'incomplete', problems });
        onIncomplete(problems);
      } else if (isTooMany(error)) {
        setOutcome({ kind: 'error', error: 'tooManyPublishes' });
      } else {
        const known = PUBLISH_CODES.find((candidate) => candidate === code);
        if (!known) console.error('Publishing the website failed', error);
        setOutcome({ kind: 'error', error: known ?? 'publishFailed' });
      }
    }
    setBusy(null);
  };

  const unpublish = async () => {
    setOutcome(null);
    setBusy('unpublish');
    try {
      onWebsite(await api.unpublish());
      setOutcome({ kind: 'unpublished' });
    } catch (error) {
      console.error('Unpublishing the website failed', error);
      setOutcome({ kind: 'error', error: 'unpublishFailed' });
    }
    setBusy(null);
  };

  const fieldName = (problem: FieldProblem) => {
    // A photo's text alternative: photos.<index>.alt.<language>.
    const [, index, , photoLanguage] = problem.path.split('.');
    if (problem.field === 'photos' && index !== undefined && photoLanguage)
      return t('photos.alt', {
        number: Number(index) + 1,
        language: t(`publish.languageInText.${photoLanguage}` as never),
      });
    const key = `website:fields.${problem.field}.title`;
    const name = i18n.exists(key) ? t(key as never) : problem.path;
    // The language named in the interface's own language ("Accroche (anglais)").
    return problem.language
      ? t('publish.fieldInLanguage', {
          field: name,
          language: t(`publish.languageInText.${problem.language}`),
        })
      : name;
  };
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' });
  // The address the site is online at is not "available": it is the site's.
  const isCurrentAddress = published !== null && website.slug !== null && slug === website.slug;
  const slugMessage = isCurrentAddress
    ? { key: 'slug.current', color: 'dimmed' }
    : verdict === 'idle'
      ? null
      : SLUG_MESSAGES[verdict];
  // The texts of the site's languages still marked "to translate": said before publishing.
  const untranslated = content.languages
    .map((language) => ({ language, paths: content.texts[language]?.untranslated ?? [] }))
    .filter(({ paths }) => paths.length > 0);
  // What a refused publish named and the draft still lacks.
  const open = useMemo(() => openProblemPaths(content, FORMS), [content]);
  const problems =
    outcome?.kind === 'incomplete' ? outcome.problems.filter((problem) => open.has(problem.path)) : [];

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="website-publish-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="h3" id="website-publish-title">
            {t('publish.title')}
          </Title>
          <Group gap="xs">
            <Badge color={published ? 'green.9' : 'gray.7'} variant={published ? 'filled' : 'outline'}>
              {published ? t('publish.online') : t('publish.offline')}
            </Badge>
            {changes ? (
              <Badge color="yellow.4" variant="filled" autoContrast data-testid="website-unpublished-changes">
                {t('publish.unpublishedChanges')}
              </Badge>
            ) : null}
          </Group>
        </Group>
        {published ? (
          <Stack gap={4}>
            <Text size="sm">
              {t('publish.address')}{' '}
              <Anchor
                href={absolute(published.url)}
                target="_blank"
                rel="noopener noreferrer"
                fw={600}
                data-testid="website-public-url"
                style={{ overflowWrap: 'anywhere' }}
              >
                {absolute(published.url)}
                <IconExternalLink size={14} aria-hidden="true" style={{ marginInlineStart: 4 }} />
                <VisuallyHidden>{` ${t('publish.newTab')}`}</VisuallyHidden>
              </Anchor>
            </Text>
            <Text size="sm" c="dimmed">
              {t('publish.publishedAt', { date: dateFormat.format(new Date(published.publishedAt)) })}
            </Text>
            {changes ? <Text size="sm">{t('publish.changesHelp')}</Text> : null}
          </Stack>
        ) : (
          <Text size="sm">{t('publish.notPublished')}</Text>
        )}
        {untranslated.map(({ language, paths }) => (
          <Alert
            key={language}
            color="orange"
            variant="light"
            icon={<IconAlertTriangle aria-hidden="true" />}
            data-testid={`website-publish-untranslated-${language}`}
          >
            <Text size="sm">
              {t('translation.publishWarning', {
                language: t(`publish.languageInText.${language}`),
                fields: paths.map((path) => textFieldName(t as never, path)).join(', '),
              })}
            </Text>
          </Alert>
        ))}
        {canPublish ? (
          <>
            <TextInput
              ref={slugInput}
              label={t('slug.label')}
              description={t('slug.help', { url: absolute(`/sites/${slug || '…'}`) })}
              value={slug}
              onChange={(event) => setTypedSlug(event.currentTarget.value.toLowerCase())}
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
              id="website-slug"
              // Mantine names its description `<id>-description`; the verdict is read out with it.
              aria-describedby="website-slug-description website-slug-status"
              // Mantine sets aria-invalid from `error` (over an aria-invalid prop); the words are below.
              error={REFUSED_SLUGS.has(verdict)}
              data-testid="website-slug"
            />
            <Text
              id="website-slug-status"
              size="sm"
              c={slugMessage?.color}
              role="status"
              aria-live="polite"
              data-testid="website-slug-status"
              data-verdict={isCurrentAddress ? 'current' : verdict}
            >
              {slugMessage ? t(slugMessage.key as never) : null}
            </Text>
            <Group gap="sm">
              <Button
                onClick={() => void publish()}
                loading={busy === 'publish'}
                disabled={busy !== null}
                leftSection={<IconWorldUpload size={16} aria-hidden="true" />}
              >
                {published ? t('publish.republish') : t('publish.publish')}
              </Button>
              {published ? (
                <Button
                  variant="default"
                  onClick={() => void unpublish()}
                  loading={busy === 'unpublish'}
                  disabled={busy !== null}
                >
                  {t('publish.unpublish')}
                </Button>
              ) : null}
            </Group>
          </>
        ) : (
          <>
            <PublishLocked />
            {published ? (
              <Group>
                <Button variant="default" onClick={() => void unpublish()} loading={busy === 'unpublish'}>
                  {t('publish.unpublish')}
                </Button>
              </Group>
            ) : null}
          </>
        )}
        {outcome?.kind === 'published' || outcome?.kind === 'unpublished' ? (
          <Text size="sm" c="green.9" role="status" fw={600}>
            {t(`publish.${outcome.kind}Now`)}
          </Text>
        ) : null}
        {outcome?.kind === 'error' ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden="true" />}>
            <Text size="sm">{t(`errors.${outcome.error}`)}</Text>
            {outcome.error === 'WEBSITE_NOT_INCLUDED' ? (
              <Anchor component={Link} to={paths.plans} size="sm" fw={600}>
                {t('publish.seePlans')}
              </Anchor>
            ) : null}
          </Alert>
        ) : null}
        {outcome?.kind === 'incomplete' && problems.length === 0 ? (
          <Text size="sm" c="green.9" role="status" fw={600} data-testid="website-incomplete-fixed">
            {t('publish.incompleteFixed')}
          </Text>
        ) : null}
        {problems.length > 0 ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={t('errors.WEBSITE_INCOMPLETE')}
            icon={<IconAlertTriangle aria-hidden="true" />}
            data-testid="website-incomplete"
          >
            <Text size="sm" mb="xs">
              {t('publish.incompleteIntro')}
            </Text>
            <List size="sm" spacing={4}>
              {problems.map((problem) => (
                <List.Item key={problem.path}>
                  <Anchor component="button" type="button" size="sm" fw={600} onClick={() => onGoTo(problem)}>
                    {fieldName(problem)}
                  </Anchor>
                  {` — ${problem.message}`}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}

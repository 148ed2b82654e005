import { Alert, Anchor, Badge, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { SchemaFormHandle } from '@/forms/schema-form';
import { isLanguage } from '@/lib/i18n/languages';
import { SITE_LANGUAGES, type SiteLanguage } from '@/shared/website';
import { DomainSection } from './domain-section';
import { GallerySection } from './gallery-section';
import { MessagesSection } from './messages-section';
import { PublishSection } from './publish-section';
import { SaveStatusLine } from './save-status';
import { SitePreview } from './site-preview';
import { useWebsiteDraft, type WebsiteDraft } from './use-website-draft';
import type { Website } from './website-api';
import type { FieldProblem } from './website-content';
import { WebsiteEditor } from './website-editor';
import { WebsiteLook } from './website-look';
import classes from './website.module.css';

/** From this width the form and the preview sit side by side; below, each is a tab. */
const WIDE_SCREEN = '(min-width: 62em)';

/** The page's heading, its lead and the unread messages (a link down to them). */
function PageFrame({ unread, children }: { unread: number; children: ReactNode }) {
  const { t } = useTranslation('website');
  return (
    <Container size="xl" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Group gap="sm" align="center">
            <Title order={1}>{t('page.title')}</Title>
            {unread > 0 ? (
              <Badge
                component="a"
                href="#website-messages"
                color="red.9"
                size="lg"
                className={classes.unreadBadge}
                data-testid="website-unread-badge"
              >
                {t('page.unread', { count: unread })}
              </Badge>
            ) : null}
          </Group>
          <Text size="lg" c="dimmed" maw={760}>
            {t('page.lead')}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}

/** The control of a problem's field: the field itself, or the first control inside it (a list). */
function focusField(elementId: string) {
  const element = document.getElementById(elementId);
  if (!element) return;
  const focusable = 'input, textarea, select, button, [tabindex]';
  const target = element.matches(focusable) ? element : element.querySelector<HTMLElement>(focusable);
  (target ?? element).scrollIntoView({ block: 'center' });
  (target ?? element).focus();
}

function Builder({
  draft,
  website,
  onUnread,
}: {
  draft: WebsiteDraft;
  website: Website;
  onUnread: (count: number) => void;
}) {
  const { t, i18n } = useTranslation('website');
  const wide = useMediaQuery(WIDE_SCREEN, false, { getInitialValueInEffect: false });
  const [view, setView] = useState<'edit' | 'preview'>('edit');
  const content = draft.content ?? website.content;
  const uiLanguage: SiteLanguage = isLanguage(i18n.language) ? i18n.language : 'fr';
  const [textsLanguage, setTextsLanguage] = useState<SiteLanguage>(content.languages[0] ?? uiLanguage);
  const mainHandle = useRef<SchemaFormHandle>(null);
  const frHandle = useRef<SchemaFormHandle>(null);
  const enHandle = useRef<SchemaFormHandle>(null);
  const roHandle = useRef<SchemaFormHandle>(null);
  const textsHandles = useMemo<Record<SiteLanguage, RefObject<SchemaFormHandle>>>(
    () => ({ fr: frHandle, en: enHandle, ro: roHandle }),
    [],
  );

  const goTo = useCallback(
    (problem: FieldProblem) => {
      setView('edit');
      if (problem.language) setTextsLanguage(problem.language);
      // Once the tab shows, the field's form shows its errors and the field gets the focus.
      setTimeout(() => {
        (problem.language ? textsHandles[problem.language] : mainHandle).current?.validate();
        focusField(problem.elementId);
      }, 0);
    },
    [textsHandles],
  );

  const showProblems = useCallback(
    (problems: FieldProblem[]) => {
      const [first] = problems;
      if (!first) return;
      // The texts' tab goes to the first language with a problem, whatever field comes first.
      const texts = problems.find((problem) => problem.language);
      if (texts?.language) setTextsLanguage(texts.language);
      // Every form with a problem shows its errors; the focus ends on the first field named.
      setTimeout(() => {
        if (problems.some((problem) => !problem.language)) mainHandle.current?.validate();
        for (const language of SITE_LANGUAGES)
          if (problems.some((problem) => problem.language === language))
            textsHandles[language].current?.validate();
      }, 0);
      goTo(first);
    },
    [goTo, textsHandles],
  );

  const panel = (value: 'edit' | 'preview') =>
    wide
      ? {}
      : {
          role: 'tabpanel',
          id: `website-view-panel-${value}`,
          'aria-labelledby': `website-view-tab-${value}`,
          hidden: view !== value,
        };

  const editPanel = panel('edit');
  const previewPanel = panel('preview');

  return (
    <>
      <PublishSection
        website={website}
        content={content}
        flush={draft.flush}
        onWebsite={draft.receive}
        onIncomplete={showProblems}
        onGoTo={goTo}
        unsavedEdits={draft.status !== 'saved'}
      />
      <Tabs
        value={view}
        onChange={(value) => setView(value === 'preview' ? 'preview' : 'edit')}
        id="website-view"
      >
        {wide ? null : (
          <Tabs.List grow aria-label={t('view.label')} mb="md">
            <Tabs.Tab value="edit">{t('view.edit')}</Tabs.Tab>
            <Tabs.Tab value="preview">{t('view.preview')}</Tabs.Tab>
          </Tabs.List>
        )}
        <div className={wide ? classes.columns : undefined}>
          <div {...editPanel}>
            <Stack gap="sm">
              <SaveStatusLine status={draft.status} onRetry={() => void draft.flush()} />
              <WebsiteEditor
                website={website}
                languages={content.languages}
                current={draft.current}
                change={draft.change}
                onWebsite={draft.receive}
                textsLanguage={textsLanguage}
                onTextsLanguage={setTextsLanguage}
                mainHandle={mainHandle}
                textsHandles={textsHandles}
              />
              <GallerySection
                website={website}
                content={content}
                change={draft.change}
                onWebsite={draft.receive}
              />
              <WebsiteLook content={content} change={draft.change} />
            </Stack>
          </div>
          <div {...previewPanel} className={wide ? classes.previewColumn : undefined}>
            <SitePreview content={content} logo={website.logo} slug={website.slug} language={uiLanguage} />
          </div>
        </div>
      </Tabs>
      <DomainSection website={website} onWebsite={draft.receive} />
      <MessagesSection onUnread={onUnread} />
    </>
  );
}

/**
 * /create-your-website: the founder's promotional website. The builder's forms beside the published
 * page itself as a live preview, the draft saved as it is typed, publishing at /sites/<slug>, and the
 * messages visitors send through the site's contact form.
 */
export function WebsitePage() {
  const { t } = useTranslation('website');
  const draft = useWebsiteDraft();
  // The messages' own count once they are loaded; until then, the site's.
  const [unread, setUnread] = useState<number | null>(null);

  return (
    <PageFrame unread={unread ?? draft.website?.unreadMessages ?? 0}>
      {draft.phase === 'ready' && draft.website ? (
        <Builder draft={draft} website={draft.website} onUnread={setUnread} />
      ) : draft.phase === 'loading' ? (
        <Text role="status">{t('page.loading')}</Text>
      ) : (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden="true" />}>
          <Text size="sm">{t('page.loadError')}</Text>
          <Anchor component="button" type="button" size="sm" fw={600} mt="xs" onClick={draft.reload}>
            {t('page.retry')}
          </Anchor>
        </Alert>
      )}
    </PageFrame>
  );
}

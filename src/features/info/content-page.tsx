import { Alert, Anchor, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { contentPageFor } from '@/config/content-pages';
import { inlineText, parseMarkdown, usesVariables, type MarkdownPage } from '@/shared/markdown';
import { MarkdownContent } from './markdown-content';
import classes from './content.module.css';
import { seededContentPageText } from './page-texts';
import { useSiteInfo } from './use-site-info';

// Each page in each language is a chunk of its own, fetched when the page is opened.
const PAGE_FILES = import.meta.glob<string>('/locales/*/pages/*.md', { query: '?raw', import: 'default' });

type PageState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; page: MarkdownPage };

function usePageText(language: string, slug: string) {
  const [attempt, setAttempt] = useState(0);
  const key = `${language}/${slug}#${attempt}`;
  // The answer is kept with the request it answers: another page or language reads as loading.
  const [result, setResult] = useState<{ key: string; state: PageState } | null>(() => {
    const text = seededContentPageText(language, slug);
    return text === undefined ? null : { key, state: { status: 'ready', page: parseMarkdown(text) } };
  });
  useEffect(() => {
    if (result?.key === key) return undefined;
    let current = true;
    const load =
      PAGE_FILES[`/locales/${language}/pages/${slug}.md`] ?? PAGE_FILES[`/locales/fr/pages/${slug}.md`];
    const loading = load ? load() : Promise.reject(new Error(`No page ${slug}`));
    loading.then(
      (text) => current && setResult({ key, state: { status: 'ready', page: parseMarkdown(text) } }),
      (error: unknown) => {
        console.warn(`Could not load the page ${slug}.`, error);
        if (current) setResult({ key, state: { status: 'error' } });
      },
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new key (page, language, retry) loads; a result does not
  }, [key, language, slug]);
  // A failed chunk stays failed in the browser's module map: the page is loaded afresh, unless it was
  // only a missing file (then asking again is enough).
  const retry = useCallback(() => {
    if (result?.state.status === 'error' && PAGE_FILES[`/locales/fr/pages/${slug}.md`])
      window.location.reload();
    else setAttempt((count) => count + 1);
  }, [result, slug]);
  const state: PageState = result?.key === key ? result.state : { status: 'loading' };
  return { state, retry };
}

function formatDate(date: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/**
 * A page whose words are locales/<lang>/pages/<slug>.md (terms, privacy, legal notice, cookies, about):
 * its title, the date it changed, a table of its sections, and the text, with the operator's identity
 * filled in (and marked where it is still an example).
 */
export function ContentPage() {
  const { t, i18n } = useTranslation('info');
  const { pathname } = useLocation();
  const content = contentPageFor(pathname);
  const slug = content?.slug ?? 'about';
  const { state, retry } = usePageText(i18n.language, slug);
  const page = state.status === 'ready' ? state.page : null;
  const needsSite = useMemo(() => usesVariables(page?.blocks ?? []), [page]);
  const site = useSiteInfo(needsSite);
  const siteInfo = site.status === 'ready' ? site.info : null;
  const sections = (page?.blocks ?? []).filter((block) => block.kind === 'heading' && block.level === 2);
  const showsExamples = needsSite && siteInfo !== null && siteInfo.examples.length > 0;
  const metaKey = content?.metaKey ?? 'about';

  return (
    <Container size="lg" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t(`meta.${metaKey}.title`)}</Title>
          {page?.updated ? (
            <Text size="sm" c="dimmed">
              {t('content.updated', { date: formatDate(page.updated, i18n.language) })}
            </Text>
          ) : null}
        </Stack>
        {state.status === 'loading' ? <PageLoader /> : null}
        {state.status === 'error' ? (
          <Alert color="red" role="alert" title={t('content.loadFailed')}>
            <Button variant="light" color="red" mt="sm" onClick={retry}>
              {t('content.retry')}
            </Button>
          </Alert>
        ) : null}
        {needsSite && site.status === 'error' ? (
          <Alert color="red" role="alert" title={t('content.siteFailed')}>
            <Button variant="light" color="red" mt="sm" onClick={() => window.location.reload()}>
              {t('content.retry')}
            </Button>
          </Alert>
        ) : null}
        {showsExamples ? (
          <Alert
            color="orange"
            title={t('content.examplesTitle')}
            className={classes.examples}
            classNames={{ title: classes.alertTitle }}
          >
            {t('content.examplesText')}
          </Alert>
        ) : null}
        {page ? (
          <div className={classes.layout}>
            <MarkdownContent blocks={page.blocks} site={siteInfo} />
            {sections.length > 2 ? (
              <nav className={classes.toc} aria-labelledby="content-toc">
                <Text id="content-toc" fw={700} size="sm" mb="xs">
                  {t('content.contents')}
                </Text>
                <Stack gap={4}>
                  {sections.map((section) =>
                    section.kind === 'heading' ? (
                      <Anchor key={section.id} href={`#${section.id}`} size="sm" className={classes.tocLink}>
                        {inlineText(section.children, siteInfo?.values)}
                      </Anchor>
                    ) : null,
                  )}
                </Stack>
              </nav>
            ) : null}
          </div>
        ) : null}
      </Stack>
    </Container>
  );
}

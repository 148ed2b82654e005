import { Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { i18n as I18n } from 'i18next';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NATIVE_NAMES } from '@/lib/i18n/languages';
import { useSiteInfo } from '@/features/info/use-site-info';
import { renderSitePage, siteLabels, type SiteLabels, type SiteLogo } from '@/shared/site-page';
import type { SiteLanguage, WebsiteContent } from '@/shared/website';
import classes from './website.module.css';

/** The `site` namespace's words in `language`, loaded first when this language has not needed them yet. */
async function loadSiteLabels(i18n: I18n, language: SiteLanguage): Promise<SiteLabels> {
  if (!i18n.hasResourceBundle(language, 'site')) await i18n.reloadResources([language], ['site']);
  // The site's words are a namespace of their own, shared with the server that renders the real pages.
  const t = i18n.getFixedT(language, 'site' as never);
  return siteLabels((key, options) => String(t(key as never, options as never)));
}

/** Where the preview stands in for the published address before the first publish. */
const PREVIEW_SLUG = 'preview';

export interface SitePreviewProps {
  content: WebsiteContent;
  logo: SiteLogo | null;
  slug: string | null;
  /** The interface language, shown first when the site has it. */
  language: SiteLanguage;
}

/**
 * The published page itself, rendered in the browser by the server's own code (src/shared/site-page.ts)
 * and shown in a sandboxed frame that allows nothing (no script, no form sent, no navigation). A switch
 * shows the site in each of its languages.
 */
export function SitePreview({ content, logo, slug, language }: SitePreviewProps) {
  const { t, i18n } = useTranslation('website');
  const languages: SiteLanguage[] = content.languages.length > 0 ? content.languages : [language];
  const [chosen, setChosen] = useState<SiteLanguage | null>(null);
  const shown = chosen && languages.includes(chosen) ? chosen : (languages[0] ?? language);
  const [labels, setLabels] = useState<{ language: SiteLanguage; labels: SiteLabels } | null>(null);
  // Typing stays quick: the frame follows the content when the browser has time.
  const deferred = useDeferredValue(content);
  // The legal notice names the host (us: we store and serve the site), as the published page will.
  const siteInfo = useSiteInfo();
  const host = useMemo(
    () =>
      siteInfo.status === 'ready'
        ? {
            name: siteInfo.info.values.publisherName,
            address: `${siteInfo.info.values.publisherAddress}\n${siteInfo.info.values.publisherPhone}`,
          }
        : null,
    [siteInfo],
  );

  useEffect(() => {
    let current = true;
    loadSiteLabels(i18n, shown).then(
      (loaded) => {
        if (current) setLabels({ language: shown, labels: loaded });
      },
      (error: unknown) => console.error('Loading the preview words failed', error),
    );
    return () => {
      current = false;
    };
  }, [i18n, shown]);

  const html = useMemo(() => {
    if (!labels) return null;
    const site = { slug: slug ?? PREVIEW_SLUG, content: deferred, logo };
    return renderSitePage(site, labels.language, labels.labels, {
      origin: '',
      preview: true,
      ...(host ? { host } : {}),
    }).html;
  }, [labels, deferred, logo, slug, host]);

  const languageName = LANGUAGE_NATIVE_NAMES[labels?.language ?? shown];
  return (
    <Stack gap="sm" component="section" aria-labelledby="website-preview-title" className={classes.preview}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} fz="h3" id="website-preview-title">
          {t('preview.title')}
        </Title>
        {languages.length > 1 ? (
          <SegmentedControl
            size="xs"
            aria-label={t('preview.language')}
            value={shown}
            onChange={(value) => setChosen(value as SiteLanguage)}
            data={languages.map((code) => ({
              value: code,
              label: (
                <span lang={code} data-testid={`website-preview-language-${code}`}>
                  {LANGUAGE_NATIVE_NAMES[code]}
                </span>
              ),
            }))}
          />
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {t('preview.note')}
      </Text>
      {html === null ? (
        <Text role="status">{t('preview.loading')}</Text>
      ) : (
        <iframe
          className={classes.frame}
          // No allowance at all: the page's links and its form do nothing here.
          sandbox=""
          srcDoc={html}
          title={t('preview.frameTitle', { language: languageName })}
          data-testid="website-preview"
          data-language={labels?.language}
        />
      )}
    </Stack>
  );
}

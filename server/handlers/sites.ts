/**
 * Operations tagged `sites`: published websites as visitors see them. Pages are the HTML prerendered
 * at publish time (only the contact form's time stamp is filled in here), each under a
 * Content-Security-Policy that allows its one inline stylesheet, by hash, and nothing else: no
 * script, no other origin. The contact form is a plain HTML form: every answer is a page, never JSON.
 * A slug its site left less than 30 days ago (services/website/slug-holds.ts) sends visitors to the
 * same page at the site's new slug, or says the site closed (410) when its account was deleted.
 * A site with a verified domain of its own is served there (app.ts rewrites that host's paths to
 * these routes), its pages rendered for that address; its /sites/<slug> pages send visitors there.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  renderSitePage,
  renderSiteNotFound,
  renderSiteThanks,
  siteRobots,
  siteSitemap,
  type SiteFormState,
  type SiteHost,
} from '../../src/shared/site-page';
import { SITE_HONEYPOT_FIELD, SITE_STARTED_FIELD, type SiteLanguage } from '../../src/shared/website';
import { isServerLanguage, pageLanguage, translator } from '../services/i18n';
import { checkSiteContact, siteCsp } from '../services/website/site-contact-form';
import { requestHost } from '../services/website/site-domains';
import type { SiteInbox } from '../services/website/site-inbox';
import {
  serverSiteLabels,
  type PublishedSite,
  type WebsiteService,
} from '../services/website/website-service';
import type { Handler } from './types';

type SiteParams = { slug: string; lang?: string };

function sendPage(reply: FastifyReply, status: number, page: { html: string; css: string }) {
  return (
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', siteCsp(page.css))
      // The form's time stamp changes with every answer: a stored copy would soon be refused.
      .header('cache-control', 'no-cache')
      .send(page.html)
  );
}

export function sitesHandlers(websites: WebsiteService, inbox: SiteInbox, publicUrl: string, host: SiteHost) {
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const language = pageLanguage(request.headers);
    return sendPage(reply, 404, renderSiteNotFound(language, serverSiteLabels(language)));
  };

  /**
   * A slug no site has: while its site's hold lasts, the same page (`rest`) at the site's new slug
   * (a 302: the old slug is freed after 30 days; a 307 for a form, sent again as it is), or a page
   * in the visitor's language saying the site closed (410); otherwise a 404.
   */
  const elsewhere = async (
    request: FastifyRequest<{ Params: SiteParams }>,
    reply: FastifyReply,
    rest: string,
    status: 302 | 307 = 302,
  ) => {
    const former = await websites.formerAddress(request.params.slug);
    if (former === 'gone') {
      const language = pageLanguage(request.headers);
      return sendPage(reply, 410, renderSiteNotFound(language, serverSiteLabels(language), 'gone'));
    }
    // At a founder's domain (a rewritten URL), /sites/… is no address: the domain follows the site's
    // new slug at this instance's next reading of the domains.
    if (former && request.originalUrl === request.url)
      return reply.redirect(`/sites/${former.movedTo}${rest}`, status);
    return notFound(request, reply);
  };

  /** The site's language named by a form or a query, else its first. */
  const siteLanguage = (site: PublishedSite, wanted: unknown): SiteLanguage =>
    isServerLanguage(wanted) && site.content.languages.includes(wanted)
      ? wanted
      : (site.content.languages[0] ?? 'fr');

  /**
   * Where the request found the site: at its own domain (pages at the root, links to it), or at
   * /sites/<slug> on ours.
   */
  const addressOf = (request: FastifyRequest, site: PublishedSite) =>
    site.domain !== null && requestHost(request.headers.host) === site.domain
      ? { origin: `https://${site.domain}`, base: '', onDomain: true }
      : { origin: publicUrl, base: `/sites/${site.slug}`, onDomain: false };

  /**
   * A site with its own domain is read there: its pages at /sites/<slug> send visitors to the same
   * page at the domain (temporary: the domain goes back to /sites/<slug> if its records go).
   */
  const toDomain = (request: FastifyRequest, reply: FastifyReply, site: PublishedSite, path: string) =>
    site.domain !== null && !addressOf(request, site).onDomain
      ? reply.redirect(`https://${site.domain}${path}`, 302)
      : null;

  const pageOf = (site: PublishedSite, language: SiteLanguage, base: string) =>
    site.content.languages[0] === language ? base || '/' : `${base}/${language}`;

  /** The page in `language`: prerendered for /sites/<slug>, or for the address of its domain. */
  const sitePage = (request: FastifyRequest, site: PublishedSite, language: SiteLanguage) =>
    websites.pageHtml(
      site,
      language,
      addressOf(request, site).onDomain ? (site.domain ?? undefined) : undefined,
    );

  const getPublishedSite: Handler<unknown, SiteParams> = async (request, reply) => {
    const site = await websites.findPublished(request.params.slug);
    if (!site) return elsewhere(request, reply, '');
    const moved = toDomain(request, reply, site, '/');
    if (moved) return moved;
    const page = sitePage(request, site, siteLanguage(site, null));
    return page ? sendPage(reply, 200, page) : notFound(request, reply);
  };

  const getPublishedSiteInLanguage: Handler<unknown, SiteParams> = async (request, reply) => {
    const site = await websites.findPublished(request.params.slug);
    const { lang } = request.params;
    if (!site) return elsewhere(request, reply, isServerLanguage(lang) ? `/${lang}` : '');
    if (!isServerLanguage(lang) || !site.content.languages.includes(lang)) return notFound(request, reply);
    const moved = toDomain(request, reply, site, pageOf(site, lang, ''));
    if (moved) return moved;
    // Temporary: the owner may put another language first, and a browser keeps a 301 for good.
    if (lang === site.content.languages[0])
      return reply.redirect(pageOf(site, lang, addressOf(request, site).base), 302);
    const page = sitePage(request, site, lang);
    return page ? sendPage(reply, 200, page) : notFound(request, reply);
  };

  const getPublishedSiteThanks: Handler<unknown, SiteParams, { lang?: string }> = async (request, reply) => {
    const site = await websites.findPublished(request.params.slug);
    const { lang } = request.query;
    if (!site) return elsewhere(request, reply, `/thanks${isServerLanguage(lang) ? `?lang=${lang}` : ''}`);
    const language = siteLanguage(site, request.query.lang);
    const { origin, base } = addressOf(request, site);
    return sendPage(
      reply,
      200,
      renderSiteThanks(site, language, serverSiteLabels(language), { origin, base, host }),
    );
  };

  const sendPublishedSiteMessage: Handler<Record<string, unknown> | undefined, SiteParams> = async (
    request,
    reply,
  ) => {
    const site = await websites.findPublished(request.params.slug);
    if (!site) return elsewhere(request, reply, '/contact', 307);
    const body = request.body && typeof request.body === 'object' ? request.body : {};
    const language = siteLanguage(site, body.lang);
    const t = translator(language);
    const { origin, base } = addressOf(request, site);
    const thanks = `${base}/thanks${language === site.content.languages[0] ? '' : `?lang=${language}`}`;
    // A filled trap is a bot's: it is told "thank you" and nothing is kept or sent.
    const trap = body[SITE_HONEYPOT_FIELD];
    if (trap !== undefined && trap !== '') return reply.redirect(thanks, 303);

    const { values, errors } = checkSiteContact(body, language);
    const again = (status: number, form: SiteFormState) =>
      sendPage(
        reply,
        status,
        renderSitePage(site, language, serverSiteLabels(language), {
          origin,
          base,
          host,
          form: { values, ...form },
          started: websites.formStamp(site.id),
        }),
      );
    if (Object.keys(errors).length > 0) return again(400, { errors, failure: t('site:errors.fields') });
    const stamp = websites.checkStamp(site.id, body[SITE_STARTED_FIELD]);
    // Sent faster than a person types, or from a page too old: the page comes back, filled in, to send again.
    if ('problem' in stamp) return again(400, { failure: t(`site:errors.${stamp.problem}`) });
    const refused = await inbox.receive(site, { ...values, language }, request.ip, stamp.spendKey);
    // A stamp that sent a message already (a page sent twice) is no limit: the page comes back, with
    // a fresh stamp to send it with.
    if (refused) return again(refused === 'used' ? 400 : 429, { failure: t(`site:errors.${refused}`) });
    return reply.redirect(thanks, 303);
  };

  const getSiteLogo: Handler<unknown, { logoId: string; variant: string }> = async (request, reply) => {
    const image = await websites.logoImage(request.params.logoId, request.params.variant);
    if (!image) return reply.code(404).send({ message: 'No such logo', error: 'Not Found' });
    return (
      reply
        .header('content-type', image.contentType)
        // A logo is never changed (a new one gets a new id).
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(image.bytes)
    );
  };

  /** The site's sitemap: each language's page, with its alternates. */
  const getPublishedSiteSitemap: Handler<unknown, SiteParams> = async (request, reply) => {
    const site = await websites.findPublished(request.params.slug);
    if (!site) return elsewhere(request, reply, '/sitemap.xml');
    const moved = toDomain(request, reply, site, '/sitemap.xml');
    if (moved) return moved;
    const { origin, base } = addressOf(request, site);
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(siteSitemap(site, origin, site.publishedAt, base));
  };

  /** The site's robots.txt: what crawlers read at its own domain's root. */
  const getPublishedSiteRobots: Handler<unknown, SiteParams> = async (request, reply) => {
    const site = await websites.findPublished(request.params.slug);
    if (!site) return elsewhere(request, reply, '/robots.txt');
    const moved = toDomain(request, reply, site, '/robots.txt');
    if (moved) return moved;
    const { origin, base } = addressOf(request, site);
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(siteRobots(origin, base));
  };

  /** Caddy's on-demand TLS asks before getting a certificate: only for a domain a site has proved. */
  const checkSiteDomainAllowed: Handler<unknown, unknown, { domain: string }> = async (request, reply) => {
    const domain = request.query.domain;
    if (await websites.isVerifiedDomain(domain)) return { domain };
    return reply.code(404).send({ message: 'No site has verified this domain', error: 'Not Found' });
  };

  const getSitePhoto: Handler<unknown, { photoId: string; variant: string }> = async (request, reply) => {
    const image = await websites.photoImage(request.params.photoId, request.params.variant);
    if (!image) return reply.code(404).send({ message: 'No such photo', error: 'Not Found' });
    // A photo is never changed (uploaded again, it gets a new id).
    return reply
      .header('content-type', image.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(image.bytes);
  };

  return {
    getPublishedSite,
    getPublishedSiteInLanguage,
    getPublishedSiteThanks,
    sendPublishedSiteMessage,
    getSiteLogo,
    getSitePhoto,
    getPublishedSiteSitemap,
    getPublishedSiteRobots,
    checkSiteDomainAllowed,
  };
}

/** The API reference (/api/docs) and the answer to unknown routes. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { json, startTestServer, type TestServer } from './harness';

const contract = parse(readFileSync(new URL('../../openapi/openapi.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string }>>;
};
const OPERATION_IDS = [
  'acceptInvitation',
  'checkFiling',
  'checkSiteDomainAllowed',
  'checkWebsiteSlug',
  'createCheckoutSession',
  'deleteAccount',
  'deleteWebsiteLogo',
  'deleteWebsitePhoto',
  'downloadDocument',
  'downloadFilingPack',
  'downloadInvoice',
  'downloadSigningDocument',
  'downloadSigningEvidence',
  'exportUserData',
  'forgotPassword',
  'getCheckoutQuote',
  'getCheckoutSummary',
  'getCompanyFile',
  'getHealth',
  'getInvitation',
  'getJwtToken',
  'getOrder',
  'getPublishedSite',
  'getPublishedSiteInLanguage',
  'getPublishedSiteRobots',
  'getPublishedSiteSitemap',
  'getPublishedSiteThanks',
  'getReadiness',
  'getSharedFile',
  'getSigningRound',
  'getSiteInfo',
  'getSiteLogo',
  'getSitePhoto',
  'getUserInfo',
  'getWebsite',
  'giveFileAct',
  'inviteFileMember',
  'leaveSharedFile',
  'listCompanyFileEvents',
  'listDocuments',
  'listFileActs',
  'listFileMembers',
  'listInvoices',
  'listOffers',
  'listOrders',
  'listProducts',
  'listSharedFiles',
  'listWebsiteMessages',
  'login',
  'logout',
  'markRegistrationStep',
  'markWebsiteMessageRead',
  'previewDocument',
  'previewSigningDocument',
  'publishWebsite',
  'register',
  'removeWebsiteDomain',
  'resendFileInvitation',
  'resendVerificationEmail',
  'resetPassword',
  'revokeFileMember',
  'saveCompanyFileDraft',
  'saveCompanyIdentifiers',
  'saveWebsiteDraft',
  'sendContactMessage',
  'sendPublishedSiteMessage',
  'sendSigningCode',
  'setWebsiteDomain',
  'signDocuments',
  'startSigningRound',
  'stripeWebhook',
  'submitCompanyFile',
  'unmarkRegistrationStep',
  'unpublishWebsite',
  'updateOwnPersonRecord',
  'updateProfile',
  'uploadWebsiteLogo',
  'uploadWebsitePhoto',
  'verifyEmail',
  'verifyWebsiteDomain',
  'withdrawFromOrder',
];

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: false });
}, 120_000);
afterAll(() => server?.close());

describe('/api/docs', () => {
  it.each(['/api/docs', '/api/docs/'])('serves the API reference page at %s', async (url) => {
    const response = await server.request(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/<html/i);
    expect(response.body).toContain('Swagger UI');
  });

  it('serves the contract of openapi/openapi.yaml at /api/docs/json', async () => {
    const response = await server.request('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const document = json<{ openapi: string; info: { title: string }; paths: typeof contract.paths }>(
      response,
    );
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Kreo API');
    const operationIds = Object.values(document.paths)
      .flatMap((operations) => Object.values(operations).map((operation) => operation.operationId))
      .filter(Boolean)
      .sort();
    expect(operationIds).toEqual(OPERATION_IDS);
    expect(Object.keys(document.paths).sort()).toEqual(Object.keys(contract.paths).sort());
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/api/whatever'],
    ['POST', '/api/whatever'],
    ['GET', '/api/user/info/extra'],
    ['DELETE', '/api/user/info'],
  ] as const)('answer %s %s with 404 JSON {message}', async (method, url) => {
    const response = await server.app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = json(response);
    expect(body.message).toBe(`No route for ${method} ${url}`);
    expect(body.error).toBe('Not Found');
  });

  it('leaves the query string out of the message', async () => {
    const response = await server.request('/api/whatever?token=secret');
    expect(json(response).message).toBe('No route for GET /api/whatever');
  });

  it('answers 404 JSON outside /api when no SPA is built', async () => {
    const response = await server.request('/some/page');
    expect(response.statusCode).toBe(404);
    expect(typeof json(response).message).toBe('string');
  });
});

/**
 * The mail a founder gets on submitting the company file (issue 34, honest words): the file is saved
 * in Kreo, filed nowhere; what comes next (documents when a package is owned, else the plans), the
 * dashboard's guide. Queued once, on the first submission, in the founder's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import stepsFile from '../../schemas/wizard/steps.json';
import { completeCompanyFile } from '../fixtures/company-file';
import { buyLocally, startTestServer, type SignedUpUser, type TestServer } from './harness';

const STANDARD = { offerSku: 'STANDARD_PACKAGE', planSku: 'STANDARD_PACKAGE_ONE_TIME' };

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server?.close());

async function submit(user: SignedUpUser, data: Record<string, unknown>) {
  const response = await server.request('/api/company-file/submit', {
    body: { data, version: stepsFile.version },
    token: user.accessToken,
  });
  expect(response.statusCode, response.body).toBe(200);
  await server.app.mailQueue.drain();
}

const WORDS = {
  fr: {
    subject: 'Votre dossier est enregistré chez Kreo (il n’est pas encore déposé)',
    saved: 'Le dossier de création de Boulangerie Dupont est enregistré chez Kreo.',
    notFiled: 'Il n’a été transmis à aucun greffe, registre ou administration',
    founderDoes: 'déposez le dossier au registre et payez les frais d’immatriculation',
    plans: 'choisissez une offre (http://kreo.test/plans)',
    documents: 'vos documents vous attendent sur la page Documents',
  },
  en: {
    subject: 'Your file is saved in Kreo (it is not filed yet)',
    saved: 'The company file of Boulangerie Dupont is saved in Kreo.',
    notFiled: 'It has not been filed with any registry or authority',
    founderDoes: 'file with the registry and pay the registration fees',
    plans: 'choose a package (http://kreo.test/plans)',
    documents: 'your documents are waiting on the Documents page',
  },
  ro: {
    subject: 'Dosarul dumneavoastră a fost salvat în Kreo (nu este încă depus)',
    saved: 'Dosarul de înființare pentru Boulangerie Dupont a fost salvat în Kreo.',
    notFiled: 'Nu a fost transmis niciunui registru sau vreunei autorități',
    founderDoes: 'depuneți dosarul la registru și plătiți taxele de înmatriculare',
    plans: 'alegeți un pachet (http://kreo.test/plans)',
    documents: 'documentele vă așteaptă pe pagina Documente',
  },
} as const;

describe('the mail of a submitted file', () => {
  it.each(['fr', 'en', 'ro'] as const)(
    'says the file is saved in Kreo, not filed, and points to the plans (%s)',
    async (language) => {
      const user = await server.signup({ language });
      await submit(user, completeCompanyFile());
      const words = WORDS[language];
      const mails = server.mail.to(user.email).filter((mail) => mail.subject === words.subject);
      expect(mails).toHaveLength(1);
      const text = mails[0]?.text ?? '';
      expect(text).toContain(words.saved);
      expect(text).toContain(words.notFiled);
      expect(text).toContain(words.founderDoes);
      expect(text).toContain(words.plans);
      expect(text).not.toContain(words.documents);
      expect(text).toContain('http://kreo.test/dashboard');
      // Nothing that reads as if a registry had it.
      expect(text).not.toMatch(/envoyé|bien reçu|\bsent\b|trimis/i);
      expect(mails[0]?.html).toContain('href="http://kreo.test/dashboard"');
    },
  );

  it('points to the documents when a package is owned, and is sent once however often the file is submitted again', async () => {
    const user = await server.signup({ language: 'en' });
    await buyLocally(server, user, STANDARD);
    await submit(user, completeCompanyFile());
    await submit(user, { ...completeCompanyFile(), companyName: 'Boulangerie Dupont et Fils' });
    const mails = server.mail.to(user.email).filter((mail) => mail.subject === WORDS.en.subject);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(WORDS.en.documents);
    expect(mails[0]?.text).not.toContain(WORDS.en.plans);
  });
});

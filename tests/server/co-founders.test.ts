/**
 * Co-founders on one company file (issue 35, openapi tag coFounders): invitations, joining, the
 * redacted shared file, a co-founder's own record, the acts and their re-approval after a change.
 * The API decides who may write what: a co-founder only their own person record.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/lib/api/schema';
import {
  companyFiles,
  fileActs,
  fileMembers,
  signatures,
  signingDocuments,
  signingRounds,
} from '../../server/db/schema';
import { fileDigest } from '../../server/services/co-founders/file-digest';
import { translator } from '../../server/services/i18n';
import stepsFile from '../../schemas/wizard/steps.json';
import { completeCompanyFile } from '../fixtures/company-file';
import { json, startTestServer, type SignedUpUser, type TestServer } from './harness';

type FileMemberList = components['schemas']['FileMemberList'];
type FileMember = components['schemas']['FileMember'];
type InvitationInfo = components['schemas']['InvitationInfo'];
type SharedFile = components['schemas']['SharedFile'];
type SharedFileSummary = components['schemas']['SharedFileSummary'];
type FileActList = components['schemas']['FileActList'];
type Timeline = components['schemas']['CompanyFileTimeline'];

let server: TestServer;
let founder: SignedUpUser;
/** p2: an associate and the directeur général; joins in English. */
let cofounder: SignedUpUser;
/** p3: an associate; invited in Romanian. */
let third: SignedUpUser;
let stranger: SignedUpUser;
const P2_EMAIL = 'alex.p2@example.test';
const P3_EMAIL = 'ioana.p3@example.test';

/** A submitted French SAS: the founder (p1, président), Alex (p2, associate and DG), p3 (associate). */
function fileData(): Record<string, unknown> {
  const data = completeCompanyFile(3, '2026-01-15');
  const persons = data.persons as Record<string, unknown>[];
  persons[1] = { ...persons[1], fatherName: 'Paul Subscriber', motherName: 'Anne Martin' };
  persons[2] = { ...persons[2], firstNames: 'Ioana', fatherName: 'Ion Popescu', motherName: 'Maria Ionescu' };
  return { ...data, directorGeneralId: 'p2' };
}

const submit = (user: SignedUpUser, data: Record<string, unknown>) =>
  server.request('/api/company-file/submit', {
    body: { data, version: stepsFile.version },
    token: user.accessToken,
  });
const invite = (user: SignedUpUser, personId: string, email: string, language: 'fr' | 'en' | 'ro') =>
  server.request('/api/company-file/members', {
    body: { personId, email, language },
    token: user.accessToken,
  });
const members = async (user: SignedUpUser) => {
  const response = await server.request('/api/company-file/members', { token: user.accessToken });
  expect(response.statusCode, response.body).toBe(200);
  return json<FileMemberList>(response).members;
};
const memberOf = async (personId: string) => (await members(founder)).find((m) => m.personId === personId);
/** The token of the last invitation link mailed to `email`. */
const invitationToken = (email: string) => {
  const link = server.mail.lastLinkTo(email);
  expect(link).toMatch(/^http:\/\/kreo\.test\/invitations\/[A-Za-z0-9_-]{43}$/);
  return link.split('/').at(-1) ?? '';
};
const accept = (user: SignedUpUser, token: string) =>
  server.request(`/api/invitations/${token}/accept`, { method: 'POST', token: user.accessToken });
/** A signing round of `data` whose statuts one person signed (rows as the signing service writes them). */
async function signedRound(
  data: Record<string, unknown>,
  status: 'open' | 'complete' | 'voided',
  signature: { signer: SignedUpUser; personId: string; name: string; words: string; language: string },
  trail: { ipAddress?: string; userAgent?: string } = {},
) {
  const [round] = await server.db
    .insert(signingRounds)
    .values({
      ownerId: founder.userId,
      mode: 'electronic',
      status,
      digest: fileDigest(data),
      data,
      documentsDate: new Date(),
    })
    .returning();
  const sha256 = 'b'.repeat(64);
  const [document] = await server.db
    .insert(signingDocuments)
    .values({
      roundId: round?.id ?? '',
      sku: 'LEGAL_STATUSES',
      title: 'Statuts',
      language: 'fr',
      fileName: 'statuts.pdf',
      rank: 1,
      signatories: [{ personId: signature.personId, name: signature.name, role: 'associate' }],
      pdf: new Uint8Array([37, 80, 68, 70]),
      sha256,
    })
    .returning();
  await server.db.insert(signatures).values({
    documentId: document?.id ?? '',
    personId: signature.personId,
    userId: signature.signer.userId,
    words: signature.words,
    language: signature.language,
    documentSha256: sha256,
    codeSentTo: signature.signer.email,
    codeVerifiedAt: new Date(),
    ...trail,
  });
  return round;
}

const sharedFile = (user: SignedUpUser, fileId = founder.userId) =>
  server.request(`/api/company-files/${fileId}`, { token: user.accessToken });
const putRecord = (user: SignedUpUser, personId: string, body: unknown, fileId = founder.userId) =>
  server.request(`/api/company-files/${fileId}/persons/${personId}`, {
    method: 'PUT',
    body,
    token: user.accessToken,
  });
const actsOf = async (user: SignedUpUser) => {
  const response = await server.request(`/api/company-files/${founder.userId}/acts`, {
    token: user.accessToken,
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<FileActList>(response);
};
const giveAct = (user: SignedUpUser, body: Record<string, unknown>, fileId = founder.userId) =>
  server.request(`/api/company-files/${fileId}/acts`, {
    body: { language: 'en', ...body },
    token: user.accessToken,
    headers: { 'user-agent': 'CoFounderTest/1.0' },
  });
const personsOf = (file: SharedFile) => file.data.persons as Record<string, unknown>[];
const timeline = async (user: SignedUpUser) =>
  json<Timeline>(await server.request('/api/company-file/events', { token: user.accessToken })).events;
const lastMail = (email: string) => server.mail.to(email).at(-1);
/** Text with its non-breaking spaces as plain ones. */
const plainText = (text: string | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

beforeAll(async () => {
  server = await startTestServer();
  founder = await server.signup({ firstname: 'Camille', lastname: 'Dupont', language: 'fr' });
  // Their accounts' addresses are the invited ones (written in another case for Alex).
  cofounder = await server.signup({
    firstname: 'Alex',
    lastname: 'Subscriber',
    language: 'en',
    email: 'Alex.P2@Example.test',
  });
  third = await server.signup({
    firstname: 'Ioana',
    lastname: 'Subscriber',
    language: 'ro',
    email: P3_EMAIL,
  });
  stranger = await server.signup({ firstname: 'Sam', lastname: 'Stranger', language: 'en' });
  const submitted = await submit(founder, fileData());
  expect(submitted.statusCode, submitted.body).toBe(200);
}, 120_000);
afterAll(() => server?.close());

describe('invitations', () => {
  it('lists the invitable persons: not the founder, with their roles', async () => {
    const list = await members(founder);
    expect(json<SharedFile>(await sharedFile(founder)).submittedData).toEqual(fileData());
    expect(list.map((m) => [m.personId, m.roles, m.state, m.recordComplete])).toEqual([
      ['p2', ['associate', 'directorGeneral'], 'notInvited', true],
      ['p3', ['associate'], 'notInvited', true],
    ]);
    expect(list[0]?.acts.map((act) => `${act.act}:${act.state}`)).toEqual([
      'acceptAppointment:missing',
      'honourStatement:missing',
      'approveFile:missing',
    ]);
  });

  it('refuses a person who is not in the file, or cannot be invited', async () => {
    const missing = await invite(founder, 'p9', P2_EMAIL, 'en');
    expect(missing.statusCode).toBe(400);
    expect(json(missing).code).toBe('PERSON_NOT_FOUND');
    const self = await invite(founder, 'p1', P2_EMAIL, 'en');
    expect(self.statusCode).toBe(400);
    expect(json(self).code).toBe('PERSON_NOT_INVITABLE');
  });

  it('mails the invitation in the language chosen for the invitee, once', async () => {
    const response = await invite(founder, 'p2', P2_EMAIL, 'en');
    expect(response.statusCode, response.body).toBe(200);
    const member = json<FileMember>(response);
    expect(member).toMatchObject({ personId: 'p2', state: 'invited', email: P2_EMAIL, language: 'en' });
    const mail = lastMail(P2_EMAIL);
    expect(mail?.subject).toBe('Camille Dupont invites you to create Boulangerie Dupont SAS together');
    expect(mail?.text).toContain('names you in it as shareholder, managing director (directeur général)');
    expect(mail?.text).toContain('accept your appointment and make your honour statement');
    expect(mail?.text).toContain('approve the final company file');
    expect(mail?.text).toContain('sign online the documents that name you');
    expect(mail?.text).toMatch(/works until \d+ \w+ 20\d\d/);
    invitationToken(P2_EMAIL);

    const again = await invite(founder, 'p2', 'other@example.test', 'fr');
    expect(again.statusCode).toBe(409);
    expect(json(again).code).toBe('ALREADY_INVITED');
  });

  it('tells the invitation page what the link invites to; an unknown link is a 404', async () => {
    const response = await server.request(`/api/invitations/${invitationToken(P2_EMAIL)}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(json<InvitationInfo>(response)).toEqual({
      state: 'pending',
      company: 'Boulangerie Dupont SAS',
      inviter: 'Camille Dupont',
      personName: 'Alex Subscriber2',
      language: 'en',
      email: P2_EMAIL,
    });
    expect((await server.request(`/api/invitations/${'x'.repeat(43)}`)).statusCode).toBe(404);
  });

  it('sends again at most every 10 minutes and 5 times, each time with a new link', async () => {
    const first = invitationToken(P2_EMAIL);
    const tooSoon = await server.request('/api/company-file/members/p2/resend', {
      method: 'POST',
      token: founder.accessToken,
    });
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    const past = new Date(Date.now() - 11 * 60 * 1000);
    await server.db.update(fileMembers).set({ lastSentAt: past }).where(eq(fileMembers.personId, 'p2'));
    const resent = await server.request('/api/company-file/members/p2/resend', {
      method: 'POST',
      token: founder.accessToken,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const second = invitationToken(P2_EMAIL);
    expect(second).not.toBe(first);
    expect((await server.request(`/api/invitations/${first}`)).statusCode).toBe(404);
    expect((await server.request(`/api/invitations/${second}`)).statusCode).toBe(200);

    await server.db
      .update(fileMembers)
      .set({ lastSentAt: past, sendCount: 6 })
      .where(eq(fileMembers.personId, 'p2'));
    const sixth = await server.request('/api/company-file/members/p2/resend', {
      method: 'POST',
      token: founder.accessToken,
    });
    expect(sixth.statusCode).toBe(429);
    expect(invitationToken(P2_EMAIL)).toBe(second);
    await server.db.update(fileMembers).set({ sendCount: 2 }).where(eq(fileMembers.personId, 'p2'));
  });

  it('reminds an unanswered invitation once, three days on, with the same link', async () => {
    const link = server.mail.lastLinkTo(P2_EMAIL);
    expect(await server.app.coFounders.remindInvitations()).toBe(0);
    await server.db
      .update(fileMembers)
      .set({ lastSentAt: new Date(Date.now() - 4 * 24 * 3600 * 1000) })
      .where(eq(fileMembers.personId, 'p2'));
    const [sent, twice] = await Promise.all([
      server.app.coFounders.remindInvitations(),
      server.app.coFounders.remindInvitations(),
    ]);
    expect(sent + twice).toBe(1);
    await server.app.mailQueue.drain();
    expect(lastMail(P2_EMAIL)?.subject).toBe(
      'Reminder: Camille Dupont is waiting for you to create Boulangerie Dupont SAS',
    );
    expect(lastMail(P2_EMAIL)?.text).toContain('This is the only reminder');
    expect(server.mail.lastLinkTo(P2_EMAIL)).toBe(link);
    expect(await server.app.coFounders.remindInvitations()).toBe(0);
  });

  it('refuses the founder’s own link and an expired one', async () => {
    const token = invitationToken(P2_EMAIL);
    const own = await accept(founder, token);
    expect(own.statusCode).toBe(409);
    expect(json(own).code).toBe('OWN_FILE');
    await server.db
      .update(fileMembers)
      .set({ tokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(fileMembers.personId, 'p2'));
    const expired = await accept(cofounder, token);
    expect(expired.statusCode).toBe(409);
    expect(json(expired).code).toBe('INVITATION_EXPIRED');
    expect(json<InvitationInfo>(await server.request(`/api/invitations/${token}`)).state).toBe('expired');
    expect((await memberOf('p2'))?.state).toBe('expired');
    await server.db
      .update(fileMembers)
      .set({ tokenExpiresAt: new Date(Date.now() + 24 * 3600 * 1000) })
      .where(eq(fileMembers.personId, 'p2'));
  });

  it('refuses an account of another address, naming the invited one (INVITATION_OTHER_ADDRESS)', async () => {
    const refused = await accept(stranger, invitationToken(P2_EMAIL));
    expect(refused.statusCode).toBe(409);
    expect(json(refused).code).toBe('INVITATION_OTHER_ADDRESS');
    expect(json(refused).message).toContain(P2_EMAIL);
    expect((await memberOf('p2'))?.state).toBe('invited');
  });

  it('joins the account of the invited address, once, on the founder’s timeline', async () => {
    const token = invitationToken(P2_EMAIL);
    const response = await accept(cofounder, token);
    expect(response.statusCode, response.body).toBe(200);
    expect(json<SharedFileSummary>(response)).toEqual({
      fileId: founder.userId,
      role: 'coFounder',
      personId: 'p2',
      company: 'Boulangerie Dupont',
      founder: 'Camille Dupont',
      jurisdiction: 'FR',
      legalForm: 'SAS',
    });
    const used = await accept(stranger, token);
    expect(used.statusCode).toBe(409);
    expect(json(used).code).toBe('INVITATION_USED');
    expect(json<InvitationInfo>(await server.request(`/api/invitations/${token}`)).state).toBe('accepted');
    expect((await memberOf('p2'))?.state).toBe('joined');
    const joined = (await timeline(founder)).filter((event) => event.kind === 'memberJoined');
    expect(joined).toHaveLength(1);
    expect(joined[0]?.personName).toBe('Alex Subscriber2');
    const shared = json<SharedFileSummary[]>(
      await server.request('/api/shared-files', { token: cofounder.accessToken }),
    );
    expect(shared.map((file) => [file.fileId, file.personId])).toEqual([[founder.userId, 'p2']]);
  });

  it('revokes a pending invitation (mailed in its language) and lets the person be invited again', async () => {
    expect((await invite(founder, 'p3', P3_EMAIL, 'ro')).statusCode).toBe(200);
    const token = invitationToken(P3_EMAIL);
    expect(lastMail(P3_EMAIL)?.subject).toBe(
      'Camille Dupont vă invită să înființați împreună Boulangerie Dupont SAS',
    );
    const revoked = await server.request('/api/company-file/members/p3', {
      method: 'DELETE',
      token: founder.accessToken,
    });
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect(lastMail(P3_EMAIL)?.subject).toBe(
      'Camille Dupont a retras invitația pentru Boulangerie Dupont SAS',
    );
    const refused = await accept(third, token);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).code).toBe('INVITATION_REVOKED');
    expect(json<InvitationInfo>(await server.request(`/api/invitations/${token}`)).state).toBe('revoked');
    const resend = await server.request('/api/company-file/members/p3/resend', {
      method: 'POST',
      token: founder.accessToken,
    });
    expect(resend.statusCode).toBe(409);
    expect(json(resend).code).toBe('NOT_PENDING');
    const twice = await server.request('/api/company-file/members/p3', {
      method: 'DELETE',
      token: founder.accessToken,
    });
    expect(twice.statusCode).toBe(404);
    expect((await memberOf('p3'))?.state).toBe('revoked');

    expect((await invite(founder, 'p3', P3_EMAIL, 'ro')).statusCode).toBe(200);
    expect((await accept(third, invitationToken(P3_EMAIL))).statusCode).toBe(200);
  });
});

describe('what a co-founder sees', () => {
  it('the file without the other persons’ identity numbers and parents, and never what was set aside', async () => {
    const response = await sharedFile(cofounder);
    expect(response.statusCode, response.body).toBe(200);
    const file = json<SharedFile>(response);
    expect(file).toMatchObject({
      role: 'coFounder',
      personId: 'p2',
      founder: 'Camille Dupont',
      status: 'submitted',
    });
    expect(file).not.toHaveProperty('setAside');
    const [p1, p2, p3] = personsOf(file);
    for (const other of [p1, p3]) {
      for (const field of [
        'fatherName',
        'motherName',
        'cnp',
        'idNumber',
        'idSeries',
        'idType',
        'idIssuedBy',
        'idIssuedOn',
      ])
        expect(other).not.toHaveProperty(field);
      expect(other).toHaveProperty('lastName');
      expect(other).toHaveProperty('address');
    }
    expect(p2).toMatchObject({ fatherName: 'Paul Subscriber', motherName: 'Anne Martin' });
    expect(response.body).not.toContain('Jean Dupont');
    expect(response.body).not.toContain('Ion Popescu');

    const own = json<SharedFile>(await sharedFile(founder));
    expect(own.role).toBe('founder');
    expect(personsOf(own)[0]).toMatchObject({ fatherName: 'Jean Dupont' });
  });

  it('redacts a Romanian file’s CNP and identity documents', async () => {
    const roFounder = await server.signup({ firstname: 'Andrei', lastname: 'Pop', language: 'ro' });
    const roMember = await server.signup({ language: 'ro' });
    const data = completeCompanyFile(2, '2026-01-15', 'RO-SRL');
    expect((await submit(roFounder, data)).statusCode).toBe(200);
    const email = roMember.email;
    expect((await invite(roFounder, 'p2', email, 'ro')).statusCode).toBe(200);
    expect((await accept(roMember, invitationToken(email))).statusCode).toBe(200);
    expect(lastMail(email)?.text).toContain(
      'cu semnătura dumneavoastră electronică calificată sau pe hârtie',
    );
    const file = json<SharedFile>(await sharedFile(roMember, roFounder.userId));
    const [p1, p2] = personsOf(file);
    expect(p1).not.toHaveProperty('idNumber');
    expect(p1).not.toHaveProperty('idIssuedBy');
    expect(p1).not.toHaveProperty('idType');
    expect(p2).toMatchObject({ idNumber: '19CD10000', idType: 'passport' });

    // The founder's draft lacks part of the co-founder's record; the co-founder completes it.
    const current = json<SharedFile>(await sharedFile(roFounder, roFounder.userId));
    const persons = personsOf(current).map((person) =>
      person.id === 'p2' ? { ...person, idIssuedBy: undefined } : person,
    );
    const draft = await server.request('/api/company-file/draft', {
      body: {
        data: { ...current.data, persons },
        step: 1,
        baseRevision: current.revision,
        version: stepsFile.version,
      },
      token: roFounder.accessToken,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const completed = await putRecord(
      roMember,
      'p2',
      { person: { ...p2, idIssuedBy: 'SPCLEP Cluj' }, baseRevision: current.revision + 1 },
      roFounder.userId,
    );
    expect(completed.statusCode, completed.body).toBe(200);
    expect(json<SharedFile>(completed).status).toBe('amended');
    const toFounder = lastMail(roFounder.email);
    expect(toFounder?.subject).toBe('Alex Subscriber2 și-a completat datele');
    expect(toFounder?.text).toContain('Modificarea este salvată în dosar');
    expect(toFounder?.text).not.toContain('SPCLEP');
  });

  it('a stranger learns nothing: 404 everywhere', async () => {
    const fileId = founder.userId;
    const current = json<SharedFile>(await sharedFile(founder));
    const p2 = personsOf(current)[1];
    const digest = (await actsOf(founder)).digest;
    const answers = [
      await sharedFile(stranger),
      await putRecord(stranger, 'p2', { person: p2, baseRevision: current.revision }),
      await server.request(`/api/company-files/${fileId}/acts`, { token: stranger.accessToken }),
      await giveAct(stranger, { personId: 'p2', act: 'approveFile', digest }),
      await server.request(`/api/company-files/${fileId}/membership`, {
        method: 'DELETE',
        token: stranger.accessToken,
      }),
      // Founder-only operations act on the caller's own file: a stranger has none.
      await server.request('/api/company-file/members', { token: stranger.accessToken }),
      await invite(stranger, 'p2', 'x@example.test', 'en'),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    // A file id that is nobody's.
    expect((await sharedFile(cofounder, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('a co-founder writes only their own person record', () => {
  it('refuses every other write with 403 and leaves the founder’s file as it was', async () => {
    const before = json<SharedFile>(await sharedFile(founder));
    const [p1, , p3] = personsOf(before);
    const digest = (await actsOf(cofounder)).digest;
    const forbidden = [
      await putRecord(cofounder, 'p1', {
        person: { ...p1, address: 'Elsewhere' },
        baseRevision: before.revision,
      }),
      await putRecord(cofounder, 'p3', {
        person: { ...p3, address: 'Elsewhere' },
        baseRevision: before.revision,
      }),
      await giveAct(cofounder, { personId: 'p1', act: 'approveFile', digest }),
      await giveAct(cofounder, { personId: 'p3', act: 'approveFile', digest }),
      // The founder writes in the wizard, and cannot leave their own file.
      await putRecord(founder, 'p1', { person: p1, baseRevision: before.revision }),
      await server.request(`/api/company-files/${founder.userId}/membership`, {
        method: 'DELETE',
        token: founder.accessToken,
      }),
    ];
    expect(forbidden.map((answer) => answer.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    // The founder's operations (invite, resend, revoke, the list) reach only the caller's own file:
    // a co-founder who has none is told only a founder may.
    const own = [
      await invite(cofounder, 'p3', 'x@example.test', 'en'),
      await server.request('/api/company-file/members/p3/resend', {
        method: 'POST',
        token: cofounder.accessToken,
      }),
      await server.request('/api/company-file/members/p3', {
        method: 'DELETE',
        token: cofounder.accessToken,
      }),
      await server.request('/api/company-file/members', { token: cofounder.accessToken }),
    ];
    expect(own.map((answer) => answer.statusCode)).toEqual([403, 403, 403, 403]);
    expect(own[0]?.body).toContain('Only the founder of a company file can manage its invitations');
    // The wizard's save writes the co-founder's own file, never the founder's.
    const draft = await server.request('/api/company-file/draft', {
      body: {
        data: { ...before.data, companyName: 'Hijacked' },
        step: 1,
        baseRevision: 0,
        version: stepsFile.version,
      },
      token: cofounder.accessToken,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const after = json<SharedFile>(await sharedFile(founder));
    expect(after.revision).toBe(before.revision);
    expect(after.data).toEqual(before.data);
    expect((await memberOf('p3'))?.state).toBe('joined');
  });

  it('refuses a record whose id or kind changed, too big, or that breaks the People step (422 under its path)', async () => {
    const file = json<SharedFile>(await sharedFile(cofounder));
    const p2 = personsOf(file)[1] ?? {};
    const base = { baseRevision: file.revision };
    const id = await putRecord(cofounder, 'p2', { ...base, person: { ...p2, id: 'p3' } });
    expect(id.statusCode).toBe(400);
    const kind = await putRecord(cofounder, 'p2', { ...base, person: { ...p2, kind: 'legal' } });
    expect(kind.statusCode).toBe(400);
    const big = await putRecord(cofounder, 'p2', { ...base, person: { ...p2, address: 'x'.repeat(20_000) } });
    expect(big.statusCode).toBe(400);
    const invalid = await putRecord(cofounder, 'p2', {
      ...base,
      person: { ...p2, dateOfBirth: '2999-01-01', lastName: undefined },
    });
    expect(invalid.statusCode, invalid.body).toBe(422);
    const errors = json<{ errors: { path: string; params: Record<string, unknown> }[] }>(invalid).errors;
    expect(errors.map((error) => error.path)).toContain('/persons/1/dateOfBirth');
    expect(errors.find((error) => error.params.missingProperty === 'lastName')?.path).toBe('/persons/1');
    expect(errors.every(({ path }) => path === '/persons/1' || path.startsWith('/persons/1/'))).toBe(true);
    const extra = await putRecord(cofounder, 'p2', {
      ...base,
      person: { ...p2, shares: 1000, cnp: '1900101000000' },
    });
    expect(extra.statusCode).toBe(422);
    // A CNP is Romanian: not a field of a French file's person.
    expect(json<{ errors: { path: string }[] }>(extra).errors.map((error) => error.path)).toEqual([
      '/persons/1/shares',
      '/persons/1/cnp',
    ]);
    expect(json<SharedFile>(await sharedFile(founder)).revision).toBe(file.revision);
  });

  it('saves the record with compare-and-set on the revision (409 with the redacted file)', async () => {
    const file = json<SharedFile>(await sharedFile(cofounder));
    const p2 = personsOf(file)[1] ?? {};
    const stale = await putRecord(cofounder, 'p2', { person: p2, baseRevision: file.revision + 5 });
    expect(stale.statusCode).toBe(409);
    const conflict = json<{ code: string; file: SharedFile }>(stale);
    expect(conflict.code).toBe('REVISION_CONFLICT');
    expect(conflict.file.revision).toBe(file.revision);
    expect(personsOf(conflict.file)[0]).not.toHaveProperty('fatherName');
  });
});

describe('acts', () => {
  it('lists what the submitted file asks of each person', async () => {
    const list = await actsOf(cofounder);
    expect(list.submitted).toBe(true);
    expect(list.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(list.acts.map((act) => `${act.personId}:${act.act}:${act.state}`)).toEqual([
      'p1:acceptAppointment:missing',
      'p1:honourStatement:missing',
      'p1:approveFile:missing',
      'p2:acceptAppointment:missing',
      'p2:honourStatement:missing',
      'p2:approveFile:missing',
      'p3:approveFile:missing',
    ]);
  });

  it('refuses an act on another version (FILE_CHANGED), or one the file does not ask (ACT_NOT_CALLED_FOR)', async () => {
    const changed = await giveAct(cofounder, { personId: 'p2', act: 'approveFile', digest: '0'.repeat(64) });
    expect(changed.statusCode).toBe(409);
    expect(json(changed).code).toBe('FILE_CHANGED');
    const { digest } = await actsOf(third);
    const notAsked = await giveAct(third, { personId: 'p3', act: 'acceptAppointment', digest });
    expect(notAsked.statusCode).toBe(400);
    expect(json(notAsked).code).toBe('ACT_NOT_CALLED_FOR');
  });

  it('refuses an act before the file is submitted (NOT_SUBMITTED)', async () => {
    const drafting = await server.signup();
    const saved = await server.request('/api/company-file/draft', {
      body: { data: fileData(), step: 1, baseRevision: 0, version: stepsFile.version },
      token: drafting.accessToken,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const response = await giveAct(
      drafting,
      { personId: 'p1', act: 'approveFile', digest: 'a'.repeat(64) },
      drafting.userId,
    );
    expect(response.statusCode).toBe(409);
    expect(json(response).code).toBe('NOT_SUBMITTED');
  });

  it('records the words shown in the chosen language, the address and the browser, once', async () => {
    const { digest } = await actsOf(cofounder);
    const response = await giveAct(cofounder, { personId: 'p2', act: 'approveFile', digest });
    expect(response.statusCode, response.body).toBe(200);
    const given = json<FileActList>(response).acts.find(
      (act) => act.personId === 'p2' && act.act === 'approveFile',
    );
    expect(given?.state).toBe('given');
    expect(given?.words).toContain('Alex Subscriber2');
    expect(given?.words).toContain('Boulangerie Dupont SAS');
    // The words of the page (legal-acts.json), in the language the page named.
    expect(given?.words).toBe(
      translator('en')('legal-acts:acts.approveFile.FR.words', {
        name: 'Alex Subscriber2',
        company: 'Boulangerie Dupont SAS',
      }),
    );
    expect((await giveAct(cofounder, { personId: 'p2', act: 'approveFile', digest })).statusCode).toBe(200);
    const rows = await server.db
      .select()
      .from(fileActs)
      .where(and(eq(fileActs.personId, 'p2'), eq(fileActs.ownerId, founder.userId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: cofounder.userId,
      digest,
      language: 'en',
      userAgent: 'CoFounderTest/1.0',
    });
    expect(rows[0]?.ipAddress).toBeTruthy();
    expect(rows[0]?.words).toBe(given?.words);

    const french = await giveAct(founder, { personId: 'p1', act: 'approveFile', digest, language: 'fr' });
    expect(french.statusCode, french.body).toBe(200);
    expect(
      json<FileActList>(french).acts.find((act) => act.personId === 'p1' && act.act === 'approveFile')?.words,
    ).toMatch(/^Je soussigné\(e\) Camille Dupont/);
    expect(
      (await giveAct(third, { personId: 'p3', act: 'approveFile', digest, language: 'ro' })).statusCode,
    ).toBe(200);
    const events = (await timeline(founder)).filter((event) => event.kind === 'actGiven');
    expect(events.map((event) => [event.personName, event.act])).toEqual([
      ['Alex Subscriber2', 'approveFile'],
      ['Camille Dupont', 'approveFile'],
      ['Ioana Subscriber3', 'approveFile'],
    ]);
    expect((await memberOf('p2'))?.acts.find((act) => act.act === 'approveFile')?.state).toBe('given');
  });

  it('a co-founder’s correction re-submits the file, voids the approvals, says what changed, mails the founder', async () => {
    const file = json<SharedFile>(await sharedFile(cofounder));
    const p2 = personsOf(file)[1] ?? {};
    const founderMails = server.mail.to(founder.email).length;
    const response = await putRecord(cofounder, 'p2', {
      person: { ...p2, address: '8 avenue Foch, 75116 Paris, France' },
      baseRevision: file.revision,
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = json<SharedFile>(response);
    expect(saved.revision).toBe(file.revision + 1);
    expect(saved.status).toBe('submitted');
    expect(personsOf(saved)[0]).not.toHaveProperty('fatherName');

    const list = await actsOf(cofounder);
    expect(list.digest).toBe(fileDigest(json<SharedFile>(await sharedFile(founder)).data));
    const approval = (personId: string) =>
      list.acts.find((act) => act.personId === personId && act.act === 'approveFile');
    for (const personId of ['p1', 'p2', 'p3']) {
      expect(approval(personId)?.state).toBe('changed');
      expect(approval(personId)?.changes).toEqual([{ path: '/persons/1/address', personId: 'p2' }]);
    }

    // The founder (French): the record was corrected, and their approval is asked again.
    const toFounder = server.mail.to(founder.email).slice(founderMails);
    expect(toFounder.map((mail) => mail.subject).sort()).toEqual([
      'Alex Subscriber2 a corrigé ses informations',
      'Boulangerie Dupont SAS : le dossier a changé, donnez à nouveau votre accord',
    ]);
    const again = toFounder.find((mail) => mail.subject.includes('donnez à nouveau'));
    expect(again?.text).toContain('• Alex Subscriber2 – Domicile');
    expect(again?.text).not.toContain('avenue Foch');
    // Ioana, who joined in Romanian, is asked again in Romanian; Alex made the change and is not.
    const toThird = lastMail(third.email);
    expect(toThird?.subject).toBe('Boulangerie Dupont SAS: dosarul s-a schimbat, dați-vă din nou acordul');
    expect(toThird?.text).toContain('• Alex Subscriber2 – Domiciliul');
    expect(toThird?.text).not.toContain('Foch');
    expect(
      server.mail.to(cofounder.email).some((mail) => mail.subject.includes('give your approval again')),
    ).toBe(false);

    // Approving again is possible on the new version.
    const renewed = await giveAct(cofounder, { personId: 'p2', act: 'approveFile', digest: list.digest });
    expect(renewed.statusCode).toBe(200);
  });

  it('the founder’s new submission asks the co-founders’ approvals again, in their language', async () => {
    const { digest } = await actsOf(third);
    expect(
      (await giveAct(third, { personId: 'p3', act: 'approveFile', digest, language: 'ro' })).statusCode,
    ).toBe(200);
    const founderMails = server.mail.to(founder.email).length;
    const data = json<SharedFile>(await sharedFile(founder)).data;
    const resubmitted = await submit(founder, { ...data, corporatePurpose: 'Bakery, pastry and catering.' });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    const toThird = lastMail(third.email);
    expect(toThird?.subject).toBe('Boulangerie Dupont SAS: dosarul s-a schimbat, dați-vă din nou acordul');
    expect(toThird?.text).toContain('• Obiect de activitate');
    expect(toThird?.text).not.toContain('catering');
    // Alex had approved on this version too: asked again in English.
    expect(lastMail(cofounder.email)?.subject).toBe(
      'Boulangerie Dupont SAS: the file changed, give your approval again',
    );
    expect(lastMail(cofounder.email)?.text).toContain('• Corporate Purpose');
    // The founder made the change.
    expect(
      server.mail
        .to(founder.email)
        .slice(founderMails)
        .map((mail) => mail.subject),
    ).not.toContain('Boulangerie Dupont SAS : le dossier a changé, donnez à nouveau votre accord');
    expect((await actsOf(third)).acts.find((act) => act.personId === 'p3')?.changes).toEqual([
      { path: '/corporatePurpose' },
    ]);
  });

  it('asks before voiding signatures (SIGNATURES_WOULD_BE_VOIDED), and voids the round once confirmed', async () => {
    const current = json<SharedFile>(await sharedFile(founder));
    const round = await signedRound(current.data, 'open', {
      signer: founder,
      personId: 'p1',
      name: 'Camille Dupont',
      words: 'Je signe les statuts.',
      language: 'fr',
    });
    const p2 = personsOf(json<SharedFile>(await sharedFile(cofounder)))[1] ?? {};
    const body = { person: { ...p2, placeOfBirth: 'Rennes, France' }, baseRevision: current.revision };
    const refused = await putRecord(cofounder, 'p2', body);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).code).toBe('SIGNATURES_WOULD_BE_VOIDED');
    expect(json<SharedFile>(await sharedFile(founder)).revision).toBe(current.revision);
    const confirmed = await putRecord(cofounder, 'p2', { ...body, confirmVoidSignatures: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(json<SharedFile>(confirmed).status).toBe('submitted');
    const [voided] = await server.db
      .select()
      .from(signingRounds)
      .where(eq(signingRounds.id, round?.id ?? ''));
    expect(voided?.status).toBe('voided');
    expect(voided?.voidedChanges).toEqual([{ path: '/persons/1/placeOfBirth', personId: 'p2' }]);
  });

  it('once the documents are signed, a co-founder’s correction waits in the draft for the founder', async () => {
    const current = json<SharedFile>(await sharedFile(founder));
    expect(current.status).toBe('submitted');
    const [round] = await server.db
      .insert(signingRounds)
      .values({
        ownerId: founder.userId,
        mode: 'electronic',
        status: 'complete',
        digest: fileDigest(current.data),
        data: current.data,
        documentsDate: new Date(),
        completedAt: new Date(),
      })
      .returning();
    const digestBefore = (await actsOf(cofounder)).digest;
    const p2 = personsOf(json<SharedFile>(await sharedFile(cofounder)))[1] ?? {};
    const founderMails = server.mail.to(founder.email).length;
    // Even with the confirmation, a co-founder cannot void a signed pack alone.
    const response = await putRecord(cofounder, 'p2', {
      person: { ...p2, placeOfBirth: 'Brest, France' },
      baseRevision: current.revision,
      confirmVoidSignatures: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = json<SharedFile>(response);
    expect(saved.status).toBe('amended');
    expect(saved.revision).toBe(current.revision + 1);
    expect(personsOf(saved)[1]?.placeOfBirth).toBe('Brest, France');
    // The submitted answers, redacted as the draft is: what the acts approve and the page shows.
    const submittedPersons = (saved.submittedData?.persons ?? []) as Record<string, unknown>[];
    expect(submittedPersons[1]?.placeOfBirth).toBe('Rennes, France');
    expect(submittedPersons[0]).not.toHaveProperty('fatherName');
    expect(fileDigest(json<SharedFile>(await sharedFile(founder)).submittedData ?? {})).toBe(digestBefore);
    const [kept] = await server.db
      .select()
      .from(signingRounds)
      .where(eq(signingRounds.id, round?.id ?? ''));
    expect(kept?.status).toBe('complete');
    // The acts and the signed answers are those submitted: unchanged.
    expect((await actsOf(cofounder)).digest).toBe(digestBefore);
    const toFounder = server.mail.to(founder.email).slice(founderMails);
    expect(toFounder.map((mail) => mail.subject)).toEqual(['Alex Subscriber2 a corrigé ses informations']);
    expect(plainText(toFounder[0]?.text)).toContain(
      'Les documents sont déjà signés sur le dossier validé : la modification reste en attente dans le brouillon',
    );
    // The founder decides: submitting the change voids the signed round.
    await server.db
      .update(signingRounds)
      .set({ status: 'voided' })
      .where(eq(signingRounds.id, round?.id ?? ''));
  });
});

describe('a person taken out of the file takes their membership with them', () => {
  let owner: SignedUpUser;
  let bob: SignedUpUser;
  let carol: SignedUpUser;
  const revisionOf = async () => json<SharedFile>(await sharedFile(owner, owner.userId)).revision;
  const saveDraft = async (data: Record<string, unknown>) =>
    server.request('/api/company-file/draft', {
      body: { data, step: 1, baseRevision: await revisionOf(), version: stepsFile.version },
      token: owner.accessToken,
    });
  const inviteAndToken = async (personId: string, user: SignedUpUser, language: 'fr' | 'en' | 'ro') => {
    const response = await server.request('/api/company-file/members', {
      body: { personId, email: user.email, language },
      token: owner.accessToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    return invitationToken(user.email);
  };
  const stateOf = async (personId: string) => {
    const response = await server.request('/api/company-file/members', { token: owner.accessToken });
    return json<FileMemberList>(response).members.find((m) => m.personId === personId)?.state;
  };
  const liveRows = async () =>
    (await server.db.select().from(fileMembers).where(eq(fileMembers.ownerId, owner.userId))).filter(
      (row) => row.status === 'invited' || row.status === 'joined',
    );

  beforeAll(async () => {
    owner = await server.signup({ firstname: 'Camille', lastname: 'Dupont', language: 'fr' });
    bob = await server.signup({ firstname: 'Bob', lastname: 'Subscriber3', language: 'en' });
    carol = await server.signup({ firstname: 'Carol', lastname: 'Subscriber2', language: 'ro' });
    expect((await submit(owner, fileData())).statusCode).toBe(200);
  });

  it('a saved draft ends the invitation of a person left with no role, and mails them', async () => {
    const token = await inviteAndToken('p2', carol, 'ro');
    const data = fileData();
    // p2 stays a person of the file, but neither associate nor directeur général.
    const subscribers = (data.subscribers as { personId: string }[]).filter((s) => s.personId !== 'p2');
    const saved = await saveDraft({ ...data, subscribers, directorGeneralId: undefined });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(lastMail(carol.email)?.subject).toBe(
      'Invitația la dosarul Boulangerie Dupont SAS nu mai este valabilă',
    );
    expect(lastMail(carol.email)?.text).toContain('persoana căreia îi era destinată invitația');
    expect(json<InvitationInfo>(await server.request(`/api/invitations/${token}`)).state).toBe('revoked');
    expect((await accept(carol, token)).statusCode).toBe(409);
    expect((await liveRows()).map((row) => row.personId)).toEqual([]);
  });

  it('accepting checks the person can still be invited; access needs the person in the file', async () => {
    expect((await saveDraft(fileData())).statusCode).toBe(200);
    const token = await inviteAndToken('p3', bob, 'en');
    // Answers changed without the save's clean-up (an older server, a hand edit): accept refuses.
    const [row] = await server.db.select().from(companyFiles).where(eq(companyFiles.userId, owner.userId));
    const data = row?.data ?? {};
    const without = (personId: string) => ({
      ...data,
      persons: (data.persons as { id: string }[]).filter((person) => person.id !== personId),
    });
    await server.db
      .update(companyFiles)
      .set({ data: without('p3') })
      .where(eq(companyFiles.userId, owner.userId));
    const refused = await accept(bob, token);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).code).toBe('INVITATION_REVOKED');
    await server.db.update(companyFiles).set({ data }).where(eq(companyFiles.userId, owner.userId));
    expect((await accept(bob, token)).statusCode).toBe(200);
    expect((await sharedFile(bob, owner.userId)).statusCode).toBe(200);
    await server.db
      .update(companyFiles)
      .set({ data: without('p3') })
      .where(eq(companyFiles.userId, owner.userId));
    expect((await sharedFile(bob, owner.userId)).statusCode).toBe(404);
    await server.db.update(companyFiles).set({ data }).where(eq(companyFiles.userId, owner.userId));
    expect((await sharedFile(bob, owner.userId)).statusCode).toBe(200);
  });

  it('a submission without the person ends a joined membership; a new person given the same id is not theirs', async () => {
    // p3 (Bob) removed: the file has two associates.
    const submitted = await submit(owner, completeCompanyFile(2, '2026-01-15'));
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(lastMail(bob.email)?.subject).toBe(
      'You no longer have access to the file of Boulangerie Dupont SAS',
    );
    expect(lastMail(bob.email)?.text).toContain('took your person record out of the company file');
    expect(await stateOf('p3')).toBeUndefined();
    expect(await liveRows()).toEqual([]);
    expect((await sharedFile(bob, owner.userId)).statusCode).toBe(404);

    // Carol is added next: the wizard gives her the free id p3. Bob does not get her record.
    const data = completeCompanyFile(3, '2026-01-15');
    const persons = data.persons as Record<string, unknown>[];
    persons[2] = { ...persons[2], firstNames: 'Carol', lastName: 'Newcomer' };
    expect((await saveDraft(data)).statusCode).toBe(200);
    expect((await sharedFile(bob, owner.userId)).statusCode).toBe(404);
    expect(await stateOf('p3')).toBe('revoked');
    expect(await liveRows()).toEqual([]);
  });
});

describe('leaving and deleted accounts', () => {
  it('a co-founder leaves: no access, the founder is mailed', async () => {
    const left = await server.request(`/api/company-files/${founder.userId}/membership`, {
      method: 'DELETE',
      token: third.accessToken,
    });
    expect(left.statusCode, left.body).toBe(204);
    expect(lastMail(founder.email)?.subject).toBe(
      'Ioana Subscriber3 a quitté le dossier de Boulangerie Dupont SAS',
    );
    expect((await sharedFile(third)).statusCode).toBe(404);
    expect((await memberOf('p3'))?.state).toBe('left');
  });

  it('removing a co-founder who joined mails them in their account’s language', async () => {
    const response = await server.request('/api/company-file/members/p2', {
      method: 'DELETE',
      token: founder.accessToken,
    });
    expect(response.statusCode).toBe(204);
    expect(lastMail(cofounder.email)?.subject).toBe(
      'You no longer have access to the file of Boulangerie Dupont SAS',
    );
    expect((await sharedFile(cofounder)).statusCode).toBe(404);
    expect((await invite(founder, 'p2', cofounder.email, 'en')).statusCode).toBe(200);
    expect((await accept(cofounder, invitationToken(cofounder.email))).statusCode).toBe(200);
  });

  it('exports a co-founder’s memberships, acts and signatures; their deleted account loses access', async () => {
    const current = json<SharedFile>(await sharedFile(founder));
    await signedRound(
      current.data,
      'voided',
      {
        signer: cofounder,
        personId: 'p2',
        name: 'Alex Subscriber2',
        words: 'I sign the Statuts.',
        language: 'en',
      },
      { ipAddress: '203.0.113.9', userAgent: 'CoFounderTest/1.0' },
    );
    const exported = json<{
      coFounders: {
        memberships: unknown[];
        actsGiven: { words: string }[];
        signaturesGiven: Record<string, unknown>[];
      };
    }>(await server.request('/api/user/export', { token: cofounder.accessToken }));
    expect(exported.coFounders.memberships).toHaveLength(2);
    expect(exported.coFounders.actsGiven.length).toBeGreaterThanOrEqual(2);
    expect(exported.coFounders.signaturesGiven).toEqual([
      expect.objectContaining({
        fileId: founder.userId,
        document: 'Statuts',
        sku: 'LEGAL_STATUSES',
        personId: 'p2',
        words: 'I sign the Statuts.',
        documentSha256: 'b'.repeat(64),
        codeSentTo: cofounder.email,
        ipAddress: '203.0.113.9',
        userAgent: 'CoFounderTest/1.0',
      }),
    ]);
    const founderExport = json<{ coFounders: { signaturesGiven: { words: string }[] } }>(
      await server.request('/api/user/export', { token: founder.accessToken }),
    );
    expect(founderExport.coFounders.signaturesGiven.map((row) => row.words)).toEqual([
      'Je signe les statuts.',
    ]);
    const sent = json<{ coFounders: { invitationsSent: unknown[] } }>(
      await server.request('/api/user/export', { token: founder.accessToken }),
    );
    expect(sent.coFounders.invitationsSent.length).toBeGreaterThanOrEqual(4);

    const deleted = await server.request('/api/user/delete-account', {
      body: { password: cofounder.password },
      token: cofounder.accessToken,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await memberOf('p2'))?.state).toBe('left');
    // Their acts stay in the file's history, and the person can be invited again.
    expect(
      (await actsOf(founder)).acts.find((act) => act.personId === 'p2' && act.act === 'approveFile')?.state,
    ).toBe('changed');
    expect((await invite(founder, 'p2', 'new.p2@example.test', 'fr')).statusCode).toBe(200);
  });

  it('the founder’s deleted account takes the invitations with it', async () => {
    const deleted = await server.request('/api/user/delete-account', {
      body: { password: founder.password },
      token: founder.accessToken,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await server.db.select().from(fileMembers).where(eq(fileMembers.ownerId, founder.userId))).toEqual(
      [],
    );
    expect(await server.db.select().from(fileActs).where(eq(fileActs.ownerId, founder.userId))).toEqual([]);
  });
});

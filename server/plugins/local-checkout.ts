/** The local provider's payment page: GET shows it, POST …/pay charges (in test mode), POST …/cancel leaves. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import { DECLINED_TEST_CARDS, checkCard, type CardForm } from '../services/payments/card';
import { CARD_FORMAT_SCRIPT, CARD_FORMAT_SCRIPT_PATH } from '../services/payments/card-format-script';
import { renderCheckoutPage, renderMessagePage, renderRefundPage } from '../services/payments/checkout-page';
import { describeOrder, type CheckoutService } from '../services/payments/checkout';
import { pageLanguage } from '../services/i18n';

interface Options {
  db: Database;
  checkout: CheckoutService;
  publicUrl: string;
  /**
   * The refund page takes the session id as its only key, as the payment page does: fine for
   * test payments on a developer's machine, not where the test checkout runs in production.
   */
  refunds?: boolean;
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    // The page's one script is this server's file (no inline script), and it posts only to this server.
    .header(
      'content-security-policy',
      "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    )
    .send(body);

export async function localCheckoutPlugin(app: FastifyInstance, options: Options) {
  const { db, checkout, publicUrl } = options;

  async function load(id: string) {
    const session = await checkout.findSession(id);
    if (!session || session.provider !== 'local' || !session.userId) return null;
    const [user] = await db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, session.userId));
    const language = user?.language ?? 'fr';
    return {
      session,
      language,
      description: await describeOrder(db, session.offerSku, language),
    };
  }

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    html(reply, 404, renderMessagePage(pageLanguage(request.headers), 'notFound', `${publicUrl}/plans`));

  /** Paid already → the success page; ended → a message; open → null (show the form). */
  function settled(reply: FastifyReply, loaded: NonNullable<Awaited<ReturnType<typeof load>>>) {
    const { session, language } = loaded;
    if (session.status === 'paid')
      return reply.redirect(`${publicUrl}/success?session_id=${session.id}`, 303);
    if (session.status === 'canceled' || session.expiresAt.getTime() <= Date.now()) {
      return html(reply, 410, renderMessagePage(language, 'ended', `${publicUrl}/plans`));
    }
    return null;
  }

  // The card fields' formatting (card-format-script.ts). A static path wins over '/checkout/local/:id'.
  app.get(CARD_FORMAT_SCRIPT_PATH, (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(CARD_FORMAT_SCRIPT),
  );

  app.get<{ Params: { id: string } }>('/checkout/local/:id', async (request, reply) => {
    const loaded = await load(request.params.id);
    if (!loaded) return notFound(request, reply);
    const done = settled(reply, loaded);
    if (done) return done;
    const { session, language, description } = loaded;
    return html(
      reply,
      200,
      renderCheckoutPage({
        language,
        sessionId: session.id,
        description,
        amountCents: session.amountCents,
        currency: session.currency,
      }),
    );
  });

  app.post<{ Params: { id: string }; Body: CardForm | undefined }>(
    '/checkout/local/:id/pay',
    // A card form is a few hundred bytes (forms are parsed app-wide: see app.ts).
    { bodyLimit: 4096 },
    async (request, reply) => {
      const loaded = await load(request.params.id);
      if (!loaded) return notFound(request, reply);
      const done = settled(reply, loaded);
      if (done) return done;
      const { session, language, description } = loaded;
      const form = typeof request.body === 'object' && request.body !== null ? request.body : {};
      const { digits, problems } = checkCard(form);
      const values = {
        cardholder: typeof form.cardholder === 'string' ? form.cardholder.slice(0, 100) : '',
        expiry: typeof form.expiry === 'string' ? form.expiry.slice(0, 7) : '',
      };
      const model = {
        language,
        sessionId: session.id,
        description,
        amountCents: session.amountCents,
        currency: session.currency,
        values,
      };
      if (problems.length > 0) return html(reply, 422, renderCheckoutPage({ ...model, problems }));
      if (DECLINED_TEST_CARDS.has(digits)) {
        checkout.declined(session);
        return html(reply, 402, renderCheckoutPage({ ...model, declined: true }));
      }
      await checkout.fulfil(session.id);
      return reply.redirect(`${publicUrl}/success?session_id=${session.id}`, 303);
    },
  );

  // Refunds of test payments: what the operator does in Stripe's dashboard, here for the local
  // provider. The session id (unguessable) is the key, as for paying.
  const refundPage = async (
    request: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
    refund: boolean,
  ) => {
    const loaded = options.refunds === false ? null : await load(request.params.id);
    if (!loaded || (loaded.session.status !== 'paid' && loaded.session.status !== 'refunded'))
      return notFound(request, reply);
    const done = refund ? await checkout.refund(loaded.session.id) : false;
    const session = (await checkout.findSession(loaded.session.id)) ?? loaded.session;
    return html(
      reply,
      200,
      renderRefundPage(loaded.language, {
        sessionId: session.id,
        description: loaded.description,
        amountCents: session.amountCents,
        refundedCents: session.refundedCents,
        currency: session.currency,
        done,
      }),
    );
  };
  app.get<{ Params: { id: string } }>('/checkout/local/:id/refund', (request, reply) =>
    refundPage(request, reply, false),
  );
  app.post<{ Params: { id: string } }>('/checkout/local/:id/refund', (request, reply) =>
    refundPage(request, reply, true),
  );

  app.post<{ Params: { id: string } }>('/checkout/local/:id/cancel', async (request, reply) => {
    const loaded = await load(request.params.id);
    if (loaded && loaded.session.status === 'open') await checkout.cancel(loaded.session.id);
    return reply.redirect(`${publicUrl}/cancel`, 303);
  });
}

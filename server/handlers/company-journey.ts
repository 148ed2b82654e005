/**
 * The founder's path after the wizard: listCompanyFileEvents, markRegistrationStep,
 * unmarkRegistrationStep, saveCompanyIdentifiers (tag companyFile), listInvoices, downloadInvoice (tag invoices) and
 * getCheckoutSummary (tag checkout).
 */
import { STATUS_CODES } from 'node:http';
import { IdentifiersInvalid, type TimelineService } from '../services/company-journey/timeline';
import { pageLanguage, translator } from '../services/i18n';
import { InvoiceNotFoundError, type InvoiceService } from '../services/invoices/invoice-service';
import type { CheckoutService } from '../services/payments/checkout';
import { currentUserId, type BodyOf, type Handler, type ParamsOf } from './types';
import type { Database } from '../db/database';
import { offers } from '../db/schema';
import { eq } from 'drizzle-orm';

export function companyJourneyHandlers(deps: {
  db: Database;
  timeline: TimelineService;
  invoices: InvoiceService;
  checkout: CheckoutService;
}) {
  const { db, timeline, invoices, checkout } = deps;

  const listCompanyFileEvents: Handler = async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await timeline.timeline(currentUserId(request)));

  const markRegistrationStep: Handler<
    BodyOf<'/api/company-file/steps/{stepId}', 'put'>,
    ParamsOf<'/api/company-file/steps/{stepId}', 'put'>
  > = async (request) =>
    timeline.markStep(currentUserId(request), request.params.stepId, request.body.doneOn);

  const unmarkRegistrationStep: Handler<
    unknown,
    ParamsOf<'/api/company-file/steps/{stepId}', 'delete'>
  > = async (request) => timeline.unmarkStep(currentUserId(request), request.params.stepId);

  const saveCompanyIdentifiers: Handler<BodyOf<'/api/company-file/identifiers', 'put'>> = async (
    request,
    reply,
  ) => {
    try {
      return await timeline.saveIdentifiers(currentUserId(request), request.body);
    } catch (error) {
      if (!(error instanceof IdentifiersInvalid)) throw error;
      // Each field's problem, in the words the dashboard's form shows under it.
      const t = translator(pageLanguage(request.headers));
      const fields = Object.fromEntries(
        Object.entries(error.problems).map(([field, problem]) => [
          field,
          t(`dashboard:identifiers.errors.${field}.${problem}`),
        ]),
      );
      return reply.code(422).send({
        message: t('dashboard:identifiers.errors.invalid'),
        error: STATUS_CODES[422],
        code: 'IDENTIFIERS_INVALID',
        fields,
      });
    }
  };

  const listInvoices: Handler = async (request, reply) =>
    reply.header('cache-control', 'no-store').send({ invoices: await invoices.list(currentUserId(request)) });

  const downloadInvoice: Handler<unknown, ParamsOf<'/api/invoices/{invoiceId}', 'get'>> = async (
    request,
    reply,
  ) => {
    let file;
    try {
      file = await invoices.pdf(request.params.invoiceId, currentUserId(request));
    } catch (error) {
      if (!(error instanceof InvoiceNotFoundError)) throw error;
      return reply.code(404).send({ message: 'No such invoice', error: 'Not Found' });
    }
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  };

  const getCheckoutSummary: Handler<unknown, ParamsOf<'/api/checkout/sessions/{sessionId}', 'get'>> = async (
    request,
    reply,
  ) => {
    const session = await checkout.findSession(request.params.sessionId);
    if (!session || session.userId !== currentUserId(request))
      return reply.code(404).send({ message: 'No such payment', error: 'Not Found' });
    const [offer] = await db
      .select({ name: offers.name })
      .from(offers)
      .where(eq(offers.sku, session.offerSku));
    return reply.header('cache-control', 'no-store').send({
      id: session.id,
      status: session.status,
      offerSku: session.offerSku,
      offerName: offer?.name ?? { fr: session.offerSku, en: session.offerSku, ro: session.offerSku },
      amountCents: session.amountCents,
      currency: session.currency,
      productSkus: session.productSkus,
      invoice: await invoices.invoiceOfSession(session.id),
    });
  };

  return {
    listCompanyFileEvents,
    markRegistrationStep,
    unmarkRegistrationStep,
    saveCompanyIdentifiers,
    listInvoices,
    downloadInvoice,
    getCheckoutSummary,
  };
}

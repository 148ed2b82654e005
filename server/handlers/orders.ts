/** Operations tagged `orders`: listOrders, getOrder, withdrawFromOrder (the withdrawal function). */
import { WithdrawalRefusal, type OrderService } from '../services/sales/orders';
import { currentUserId, type BodyOf, type Handler, type ParamsOf } from './types';

export function orderHandlers(orders: OrderService) {
  const listOrders: Handler = async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await orders.list(currentUserId(request)));

  const getOrder: Handler<unknown, ParamsOf<'/api/orders/{orderId}', 'get'>> = async (request, reply) => {
    const order = await orders.get(currentUserId(request), request.params.orderId);
    if (!order)
      return reply
        .code(404)
        .send({ message: 'No paid order of this account has this id', error: 'Not Found' });
    return reply.header('cache-control', 'no-store').send(order);
  };

  const withdrawFromOrder: Handler<
    BodyOf<'/api/orders/{orderId}/withdrawal', 'post'>,
    ParamsOf<'/api/orders/{orderId}/withdrawal', 'post'>
  > = async (request, reply) => {
    try {
      return await orders.withdraw(
        currentUserId(request),
        request.params.orderId,
        request.body.name,
        request.body.email,
      );
    } catch (error) {
      if (!(error instanceof WithdrawalRefusal)) throw error;
      if (error.statusCode === 502)
        request.log.error({ err: error.cause }, 'The provider could not refund a withdrawal');
      return reply.code(error.statusCode).send({
        message: error.message,
        error: error.statusCode === 404 ? 'Not Found' : error.statusCode === 409 ? 'Conflict' : 'Bad Gateway',
        ...(error.publicCode ? { code: error.publicCode } : {}),
      });
    }
  };

  return { listOrders, getOrder, withdrawFromOrder };
}

import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { AppError } from '../../../shared/errors';
import type { App, AppDeps } from '../../http/types';
import { stripeClient } from './stripe-client';
import { handleStripeEvent } from './webhooks';

/**
 * POST /api/stripe/webhook. The signature covers the exact bytes Stripe sent, so this route alone (its own
 * plugin scope) keeps the body raw; every other route still parses JSON.
 */
export function registerStripeWebhookRoute(app: App, deps: AppDeps) {
  void app.register(async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    scope.post('/api/stripe/webhook', { config: { access: 'public', billingExempt: true, refusals: [503] } }, async (req) => {
      const config = deps.config.stripe;
      if (!config) throw new AppError('UNAVAILABLE', 'Payments are not configured on this server.');
      const signature = req.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(req.body)) throw new AppError('BAD_REQUEST', 'Missing Stripe signature');
      const stripe = stripeClient(config);
      let event: Stripe.Event;
      try {
        // Default tolerance (300 s): an old, replayed signature is refused like a wrong one.
        event = stripe.webhooks.constructEvent(req.body, signature, config.webhookSecret);
      } catch {
        throw new AppError('BAD_REQUEST', 'Invalid Stripe signature');
      }
      const outcome = await handleStripeEvent(deps.database.db, event, deps.now(), stripe, config);
      return { received: true, outcome };
    });
  });
}

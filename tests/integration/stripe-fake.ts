import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the few Stripe API endpoints the app calls, shaped after Stripe's API reference:
 * POST /v1/customers, POST /v1/subscriptions, GET /v1/subscriptions/:id. Form-encoded bodies, the
 * Idempotency-Key header replays the first answer, and `expand[]` of the latest invoice's confirmation secret
 * and the pending set-up intent is honoured. Every request is kept for the tests to inspect.
 *
 * `setSubscription` plays Stripe's side of a timeline (a payment, a failed renewal, a cancellation): it
 * writes the subscription as GET /v1/subscriptions/:id answers it (API 2025-03-31 and later: the period on
 * the item), and the test then delivers the events that Stripe would send about it, in any order.
 */
export interface FakeRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey?: string;
  authorization?: string;
}

/** Stripe's state of one subscription; times in Unix seconds, as Stripe gives them. */
export interface SubscriptionState {
  id: string;
  customer: string;
  status: 'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';
  price: string;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd?: boolean;
  cancelAt?: number | null;
  endedAt?: number | null;
  metadata?: Record<string, string>;
}

/** A subscription object as Stripe's API returns it (the fields the app reads, and their neighbours). */
export function subscriptionObject(s: SubscriptionState): Record<string, unknown> {
  const cancelAt = s.cancelAt ?? (s.cancelAtPeriodEnd ? s.periodEnd : null);
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customer,
    status: s.status,
    metadata: s.metadata ?? { planType: 'professional' },
    cancel_at: cancelAt,
    cancel_at_period_end: !!s.cancelAtPeriodEnd,
    canceled_at: s.endedAt ?? null,
    ended_at: s.endedAt ?? null,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${s.id}`,
          object: 'subscription_item',
          price: { id: s.price, object: 'price' },
          quantity: 1,
          current_period_start: s.periodStart,
          current_period_end: s.periodEnd,
        },
      ],
    },
    latest_invoice: { id: `in_latest_${s.id}`, object: 'invoice', status: s.status === 'active' ? 'paid' : 'open' },
    pending_setup_intent: null,
  };
}

export interface StripeFake {
  url: string;
  requests: FakeRequest[];
  subscriptions: Map<string, Record<string, unknown>>;
  /** Stripe's side moves: the subscription now reads as `state`. */
  setSubscription(state: SubscriptionState): void;
  /** The GET requests made for one subscription. */
  reads(id: string): FakeRequest[];
  /** The next `times` API calls answer with this Stripe error instead (the SDK retries once). */
  failNext(status: number, message: string, times?: number): void;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

export async function startStripeFake(): Promise<StripeFake> {
  let seq = 0;
  const nextId = (prefix: string) => `${prefix}_fake${(++seq).toString().padStart(6, '0')}`;
  const requests: FakeRequest[] = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  const subscriptions = new Map<string, Record<string, unknown>>();
  let failure: { status: number; message: string; times: number } | undefined;

  const expandedSubscription = (sub: Record<string, unknown>, expand: string[]) => {
    const out = { ...sub };
    const invoice = sub.latest_invoice as Record<string, unknown>;
    out.latest_invoice = expand.includes('latest_invoice.confirmation_secret') ? { ...invoice } : invoice.id;
    const setup = sub.pending_setup_intent as Record<string, unknown> | null;
    out.pending_setup_intent = setup && (expand.includes('pending_setup_intent') ? setup : setup.id);
    return out;
  };

  const createSubscription = (params: URLSearchParams) => {
    const id = nextId('sub');
    const now = Math.floor(Date.now() / 1000);
    const trialEnd = params.get('trial_end');
    const price = params.get('items[0][price]');
    const metadata: Record<string, string> = {};
    for (const [k, v] of params) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m) metadata[m[1]] = v;
    }
    const invoiceId = nextId('in');
    const periodEnd = trialEnd ? Number(trialEnd) : now + 30 * 86400;
    const sub = {
      ...subscriptionObject({
        id,
        customer: params.get('customer') ?? '',
        status: trialEnd ? 'trialing' : 'incomplete',
        price: price ?? '',
        periodStart: now,
        periodEnd,
        metadata,
      }),
      latest_invoice: {
        id: invoiceId,
        object: 'invoice',
        status: trialEnd ? 'paid' : 'open',
        amount_due: trialEnd ? 0 : 2900,
        confirmation_secret: trialEnd ? null : { client_secret: `pi_fake_secret_${invoiceId}`, type: 'payment_intent' },
      },
      pending_setup_intent: trialEnd ? { id: nextId('seti'), object: 'setup_intent', client_secret: `seti_fake_secret_${id}` } : null,
    };
    subscriptions.set(id, sub);
    return sub;
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await readBody(req);
    const params = new URLSearchParams(req.method === 'GET' ? url.search : body);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    requests.push({ method: req.method ?? '', path: url.pathname, params, idempotencyKey, authorization: req.headers.authorization });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': nextId('req') });
      res.end(JSON.stringify(payload));
    };
    if (failure) {
      const f = failure;
      if (--failure.times <= 0) failure = undefined;
      return send(f.status, { error: { type: 'api_error', message: f.message } });
    }
    const replayKey = idempotencyKey && `${req.method} ${url.pathname} ${idempotencyKey}`;
    if (replayKey && replies.has(replayKey)) {
      const r = replies.get(replayKey)!;
      return send(r.status, r.body);
    }
    const expand = params.getAll('expand[]').concat([...params].filter(([k]) => /^expand\[\d+\]$/.test(k)).map(([, v]) => v));
    let status = 200;
    let reply: unknown;
    if (req.method === 'POST' && url.pathname === '/v1/customers') {
      reply = { id: nextId('cus'), object: 'customer', email: params.get('email'), name: params.get('name') };
    } else if (req.method === 'POST' && url.pathname === '/v1/subscriptions') {
      if (!params.get('customer') || !params.get('items[0][price]')) {
        status = 400;
        reply = { error: { type: 'invalid_request_error', message: 'Missing required param: customer or items.' } };
      } else reply = expandedSubscription(createSubscription(params), expand);
    } else if (req.method === 'GET' && url.pathname.startsWith('/v1/subscriptions/')) {
      const sub = subscriptions.get(url.pathname.split('/').pop() ?? '');
      if (sub) reply = expandedSubscription(sub, expand);
      else {
        status = 404;
        reply = { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' } };
      }
    } else {
      status = 404;
      reply = { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } };
    }
    if (replayKey) replies.set(replayKey, { status, body: reply });
    send(status, reply);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    setSubscription: (state) => {
      const before = subscriptions.get(state.id);
      // Keeps what the payment form reads (the invoice's secret, the set-up intent) of a subscription the app made.
      subscriptions.set(state.id, { ...before, ...subscriptionObject(state), ...(before && { latest_invoice: before.latest_invoice }) });
    },
    reads: (id) => requests.filter((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${id}`),
    failNext: (status, message, times = 1) => {
      failure = { status, message, times };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { proPriceId, stripePrice } from './stripe/objects';

export * from './stripe/objects';

/**
 * A small server speaking enough of Stripe's REST protocol (https://docs.stripe.com/api) for
 * the Stripe adapter, written from the public API reference and the installed SDK's types:
 *
 * - `POST /v1/checkout/sessions`: a Checkout Session (`cs_test_…`, `url` on checkout.stripe.com);
 *   an unknown price, an unknown customer, `customer` with `customer_email`, a one-time price in
 *   subscription mode or a missing `mode`/`success_url` answer Stripe's 400s.
 * - `POST /v1/billing_portal/sessions`: a portal session for a known customer.
 * - `DELETE /v1/customers/{id}`: deletes a known customer (`{ id, object: 'customer', deleted: true }`)
 *   and cancels its subscriptions at once, as Stripe does; an unknown or deleted one is a 404
 *   `resource_missing`.
 * - `GET /v1/checkout/sessions/{id}` and `POST /v1/checkout/sessions/{id}/expire`: a session
 *   created here (or marked paid with `completeCheckoutSession`); only an open one expires, else
 *   Stripe's 400.
 * - `DELETE /v1/subscriptions/{id}`: cancels a seeded subscription at once (the same
 *   `Idempotency-Key` answers the first result); an unknown one is a 404.
 * - `GET /v1/invoice_payments?invoice=…`: a seeded paid invoice's payment (PaymentIntent `pi_{invoice id}`).
 * - `POST /v1/refunds` with `payment_intent`: a full refund of it; the same `Idempotency-Key`
 *   answers the same refund, as Stripe does.
 * - `GET /v1/invoices`: the seeded invoices, newest first, filtered by `status`, `customer`,
 *   `subscription` and `created[gte|gt|lte|lt]`, paged by `limit` (1 to 100, default 10),
 *   `starting_after` / `ending_before`, answered as `{ object: 'list', data, has_more, url }`.
 *
 * Request bodies and queries are form-encoded with Stripe's bracket syntax
 * (`metadata[userId]=…`, `line_items[0][price]=…`), decoded here into objects. Every request
 * needs `Authorization: Bearer sk_…` (or `rk_…`), the server's key when one is set: else 401.
 * Errors are Stripe's `{ error: { type, message, code, param, doc_url } }`. The server records
 * every request it received (`requests`) for assertions.
 *
 * The builders of Stripe events and `signedDelivery` (webhooks signed with the SDK's own test
 * helper) are re-exported from `./stripe/objects`.
 */

export interface StripeRequest {
  method: string;
  /** The path without the query: `/v1/checkout/sessions`. */
  path: string;
  /** The decoded query (GET) */
  query: Record<string, any>;
  /** The decoded form body (POST) */
  body: Record<string, any>;
  headers: IncomingHttpHeaders;
}

export interface StripeServerOptions {
  /** The one API key accepted (default: any `sk_…`/`rk_…` key). */
  apiKey?: string;
  /** Prices Checkout accepts (default: the Pro price, 9.99 usd monthly, `proPriceId`). */
  prices?: Stripe.Price[];
  /** Customers the API knows (`cus_…`): checkout with `customer` and portal sessions need one. */
  customers?: string[];
}

export interface StripeServer {
  /** `http://127.0.0.1:{port}`, as `STRIPE_API_URL` takes it. */
  apiUrl: string;
  requests: StripeRequest[];
  /** The requests to one method and path. */
  requestsTo(method: string, path: string): StripeRequest[];
  /** Checkout Sessions created, in order. */
  checkoutSessions: Stripe.Checkout.Session[];
  /** Portal sessions created, in order. */
  portalSessions: Stripe.BillingPortal.Session[];
  prices: Map<string, Stripe.Price>;
  customers: Set<string>;
  invoices: Stripe.Invoice[];
  /** Adds invoices `GET /v1/invoices` lists. */
  seedInvoices(...invoices: Stripe.Invoice[]): void;
  /** Subscriptions `GET /v1/subscriptions` lists (a customer's live subscription refuses a second checkout). */
  subscriptions: Stripe.Subscription[];
  seedSubscriptions(...subscriptions: Stripe.Subscription[]): void;
  /** Answer Checkout Sessions without `url` (as an embedded-mode session is). */
  omitCheckoutUrl: boolean;
  /** Answer every request with Stripe's 500 `api_error`, as when Stripe is down. */
  unavailable: boolean;
  /** Customers deleted, in order. */
  deletedCustomers: string[];
  /** Subscriptions cancelled through `DELETE /v1/subscriptions/{id}`, in order. */
  cancelledSubscriptions: string[];
  /** Refunds created, in order. */
  refunds: Stripe.Refund[];
  /** Marks a session paid, as the member paying on Stripe's page does. */
  completeCheckoutSession(id: string): void;
  /** Forget the requests, sessions and invoices; restore the prices and customers given at start. */
  reset(): void;
  close(): Promise<void>;
}

type StripeErrorBody = { type: 'invalid_request_error' | 'api_error'; message: string; code?: string; param?: string };

/** Stripe's form encoding (`a[b][0][c]=v`) decoded into nested objects and arrays. */
export function decodeStripeForm(encoded: string): Record<string, any> {
  const root: Record<string, any> = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    const path = match ? [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])] : [key];
    let node: any = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[index + 1]);
      const slot = segment === '' && Array.isArray(node) ? node.length : segment;
      if (last) node[slot] = value;
      else node = node[slot] ??= nextIsIndex || path[index + 1] === '' ? [] : {};
    });
  }
  return root;
}

const now = () => Math.floor(Date.now() / 1000);
const randomId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url').replace(/[-_]/g, '').slice(0, 24).padEnd(24, '0')}`;

export async function startStripeServer(options: StripeServerOptions = {}): Promise<StripeServer> {
  const initialPrices = options.prices ?? [stripePrice({ id: proPriceId })];
  const initialCustomers = options.customers ?? [];
  const state: StripeServer = {
    apiUrl: '',
    requests: [],
    requestsTo: (method, path) => state.requests.filter((r) => r.method === method && r.path === path),
    checkoutSessions: [],
    portalSessions: [],
    prices: new Map(initialPrices.map((price) => [price.id, price])),
    customers: new Set(initialCustomers),
    invoices: [],
    seedInvoices: (...invoices) => {
      state.invoices.push(...invoices);
    },
    subscriptions: [],
    seedSubscriptions: (...subscriptions) => {
      state.subscriptions.push(...subscriptions);
    },
    omitCheckoutUrl: false,
    unavailable: false,
    deletedCustomers: [],
    cancelledSubscriptions: [],
    refunds: [],
    completeCheckoutSession: (id) => {
      state.checkoutSessions = state.checkoutSessions.map((session) => (session.id === id ? ({ ...session, status: 'complete', payment_status: 'paid' } as Stripe.Checkout.Session) : session));
    },
    reset: () => {
      state.requests = [];
      state.checkoutSessions = [];
      state.portalSessions = [];
      state.invoices = [];
      state.subscriptions = [];
      state.prices = new Map(initialPrices.map((price) => [price.id, price]));
      state.customers = new Set(initialCustomers);
      state.omitCheckoutUrl = false;
      state.unavailable = false;
      state.deletedCustomers = [];
      state.cancelledSubscriptions = [];
      state.refunds = [];
      refundsByKey.clear();
      cancelsByKey.clear();
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  const refundsByKey = new Map<string, Stripe.Refund>();

  function retrieveCheckoutSession(res: ServerResponse, id: string, expire: boolean) {
    const session = state.checkoutSessions.find((s) => s.id === id);
    if (!session) return fail(res, 404, { type: 'invalid_request_error', code: 'resource_missing', param: 'session', message: `No such checkout.session: '${id}'` });
    if (!expire) return send(res, 200, session);
    if (session.status !== 'open') {
      return fail(res, 400, { type: 'invalid_request_error', message: `Only Checkout Sessions with a status of \`open\` can be expired. This Checkout Session has a status of \`${session.status}\`.` });
    }
    const expired = { ...session, status: 'expired', url: null } as Stripe.Checkout.Session;
    state.checkoutSessions = state.checkoutSessions.map((s) => (s.id === id ? expired : s));
    send(res, 200, expired);
  }

  const cancelsByKey = new Map<string, Stripe.Subscription>();

  function cancelSubscription(res: ServerResponse, id: string, idempotencyKey: string | undefined) {
    const again = idempotencyKey ? cancelsByKey.get(idempotencyKey) : undefined;
    if (again) return send(res, 200, again);
    const subscription = state.subscriptions.find((s) => s.id === id);
    if (!subscription) return fail(res, 404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such subscription: '${id}'` });
    const canceledAt = now();
    const cancelled = { ...subscription, status: 'canceled', canceled_at: canceledAt, ended_at: canceledAt } as Stripe.Subscription;
    state.subscriptions = state.subscriptions.map((s) => (s.id === id ? cancelled : s));
    state.cancelledSubscriptions.push(id);
    if (idempotencyKey) cancelsByKey.set(idempotencyKey, cancelled);
    send(res, 200, cancelled);
  }

  function listInvoicePayments(res: ServerResponse, query: Record<string, any>) {
    const invoice = state.invoices.find((i) => i.id === query.invoice);
    const data =
      invoice && invoice.status === 'paid'
        ? [{ id: `inpay_${invoice.id}`, object: 'invoice_payment', amount_paid: invoice.amount_paid, amount_requested: invoice.amount_paid, currency: invoice.currency, invoice: invoice.id, is_default: true, livemode: invoice.livemode, status: 'paid', payment: { type: 'payment_intent', payment_intent: `pi_${invoice.id}` } }]
        : [];
    send(res, 200, { object: 'list', data, has_more: false, url: '/v1/invoice_payments' });
  }

  function createRefund(res: ServerResponse, body: Record<string, any>, idempotencyKey: string | undefined) {
    const again = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined;
    if (again) return send(res, 200, again);
    if (!body.payment_intent && !body.charge) return missing(res, 'payment_intent');
    const invoice = state.invoices.find((i) => `pi_${i.id}` === body.payment_intent);
    if (!invoice) return noSuch(res, 'payment_intent', String(body.payment_intent), 'payment_intent');
    const refund = {
      id: randomId('re'),
      object: 'refund',
      amount: invoice.amount_paid,
      currency: invoice.currency,
      created: now(),
      metadata: body.metadata ?? {},
      payment_intent: body.payment_intent,
      reason: body.reason ?? null,
      status: 'succeeded',
    } as unknown as Stripe.Refund;
    state.refunds.push(refund);
    if (idempotencyKey) refundsByKey.set(idempotencyKey, refund);
    send(res, 200, refund);
  }

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': randomId('req'), 'stripe-version': Stripe.API_VERSION });
    res.end(JSON.stringify(body, null, 2));
  };
  const fail = (res: ServerResponse, status: number, error: StripeErrorBody) =>
    send(res, status, {
      error: {
        ...(error.code ? { code: error.code, doc_url: `https://stripe.com/docs/error-codes/${error.code.replace(/_/g, '-')}` } : {}),
        message: error.message,
        ...(error.param ? { param: error.param } : {}),
        request_log_url: 'https://dashboard.stripe.com/test/logs',
        type: error.type,
      },
    });
  const missing = (res: ServerResponse, param: string) =>
    fail(res, 400, { type: 'invalid_request_error', code: 'parameter_missing', param, message: `Missing required param: ${param}.` });
  const noSuch = (res: ServerResponse, kind: string, id: string, param: string) =>
    fail(res, 400, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${id}'` });

  function createCheckoutSession(res: ServerResponse, body: Record<string, any>, livemode: boolean) {
    if (!body.mode) return missing(res, 'mode');
    if (!['payment', 'setup', 'subscription'].includes(body.mode)) {
      return fail(res, 400, { type: 'invalid_request_error', param: 'mode', message: `Invalid mode: must be one of payment, setup, or subscription` });
    }
    if (!body.success_url) return missing(res, 'success_url');
    if (body.customer && body.customer_email) {
      return fail(res, 400, { type: 'invalid_request_error', message: 'You may only specify one of these parameters: customer, customer_email.' });
    }
    if (body.customer && !state.customers.has(body.customer)) return noSuch(res, 'customer', body.customer, 'customer');
    const items: any[] = Array.isArray(body.line_items) ? body.line_items : [];
    if (body.mode !== 'setup' && items.length === 0) return missing(res, 'line_items');
    let amount = 0;
    let currency: string | null = null;
    for (const [index, item] of items.entries()) {
      const price = state.prices.get(item?.price);
      if (!price) return noSuch(res, 'price', String(item?.price), `line_items[${index}][price]`);
      if (body.mode === 'subscription' && !price.recurring) {
        return fail(res, 400, { type: 'invalid_request_error', param: `line_items[${index}][price]`, message: 'You must provide at least one recurring price in `subscription` mode when using prices.' });
      }
      amount += (price.unit_amount ?? 0) * Number(item.quantity ?? 1);
      currency = price.currency;
    }
    const id = randomId(livemode ? 'cs_live' : 'cs_test');
    const created = now();
    const session = {
      id,
      object: 'checkout.session',
      after_expiration: null,
      allow_promotion_codes: null,
      amount_subtotal: amount,
      amount_total: amount,
      billing_address_collection: null,
      cancel_url: body.cancel_url ?? null,
      client_reference_id: body.client_reference_id ?? null,
      client_secret: null,
      created,
      currency,
      customer: body.customer ?? null,
      customer_creation: body.customer ? null : 'always',
      customer_details: body.customer_email ? { email: body.customer_email } : null,
      customer_email: body.customer_email ?? null,
      expires_at: created + 24 * 60 * 60,
      invoice: null,
      livemode,
      locale: null,
      metadata: body.metadata ?? {},
      mode: body.mode,
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: body.success_url,
      ui_mode: 'hosted',
      url: state.omitCheckoutUrl ? null : `https://checkout.stripe.com/c/pay/${id}`,
    } as unknown as Stripe.Checkout.Session;
    state.checkoutSessions.push(session);
    send(res, 200, session);
  }

  function createPortalSession(res: ServerResponse, body: Record<string, any>, livemode: boolean) {
    if (!body.customer) return missing(res, 'customer');
    if (!state.customers.has(body.customer)) return noSuch(res, 'customer', body.customer, 'customer');
    const session = {
      id: randomId('bps'),
      object: 'billing_portal.session',
      configuration: 'bpc_skilly_default',
      created: now(),
      customer: body.customer,
      customer_account: null,
      flow: null,
      livemode,
      locale: null,
      on_behalf_of: null,
      return_url: body.return_url ?? null,
      url: `https://billing.stripe.com/p/session/${livemode ? 'live' : 'test'}_${randomBytes(24).toString('base64url')}`,
    } satisfies Stripe.BillingPortal.Session;
    state.portalSessions.push(session);
    send(res, 200, session);
  }

  function createCustomer(res: ServerResponse, body: Record<string, any>, livemode: boolean) {
    const customer = {
      id: randomId('cus'),
      object: 'customer',
      created: now(),
      email: body.email ?? null,
      livemode,
      metadata: body.metadata ?? {},
      name: body.name ?? null,
    } as unknown as Stripe.Customer;
    state.customers.add(customer.id);
    send(res, 200, customer);
  }

  /** Deleting a customer cancels its subscriptions immediately (https://docs.stripe.com/api/customers/delete). */
  function deleteCustomer(res: ServerResponse, id: string) {
    if (!state.customers.has(id)) return fail(res, 404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such customer: '${id}'` });
    state.customers.delete(id);
    state.deletedCustomers.push(id);
    const canceledAt = now();
    state.subscriptions = state.subscriptions.map((subscription) =>
      subscription.customer === id && subscription.status !== 'canceled'
        ? ({ ...subscription, status: 'canceled', canceled_at: canceledAt, ended_at: canceledAt } as Stripe.Subscription)
        : subscription,
    );
    send(res, 200, { id, object: 'customer', deleted: true } satisfies Stripe.DeletedCustomer);
  }

  /** Stripe's default lists every status but canceled and incomplete_expired; `status=all` lists them all. */
  function listSubscriptions(res: ServerResponse, query: Record<string, any>) {
    const over = new Set(['canceled', 'incomplete_expired']);
    const data = state.subscriptions
      .filter((subscription) => query.customer === undefined || subscription.customer === query.customer)
      .filter((subscription) => (query.status === 'all' ? true : query.status !== undefined ? subscription.status === query.status : !over.has(subscription.status)))
      .slice(0, query.limit === undefined ? 10 : Number(query.limit));
    send(res, 200, { object: 'list', data, has_more: false, url: '/v1/subscriptions' });
  }

  function listInvoices(res: ServerResponse, query: Record<string, any>) {
    const limit = query.limit === undefined ? 10 : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return fail(res, 400, { type: 'invalid_request_error', param: 'limit', message: 'This value must be greater than or equal to 1 and less than or equal to 100.' });
    }
    const created = typeof query.created === 'object' ? query.created : query.created !== undefined ? { eq: query.created } : {};
    const bound = (key: string) => (created[key] === undefined ? undefined : Number(created[key]));
    const [gte, gt, lte, lt, eq] = ['gte', 'gt', 'lte', 'lt', 'eq'].map(bound);
    const all = state.invoices
      .filter((invoice) => query.status === undefined || invoice.status === query.status)
      .filter((invoice) => query.customer === undefined || invoice.customer === query.customer)
      .filter((invoice) => query.subscription === undefined || invoice.parent?.subscription_details?.subscription === query.subscription)
      .filter((invoice) => (gte === undefined || invoice.created >= gte) && (gt === undefined || invoice.created > gt))
      .filter((invoice) => (lte === undefined || invoice.created <= lte) && (lt === undefined || invoice.created < lt))
      .filter((invoice) => eq === undefined || invoice.created === eq)
      // Newest first, as Stripe lists; the id breaks ties so that pages never overlap.
      .sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    let from = 0;
    let to = all.length;
    if (query.starting_after !== undefined) {
      const at = all.findIndex((invoice) => invoice.id === query.starting_after);
      if (at < 0 && !state.invoices.some((invoice) => invoice.id === query.starting_after)) {
        return noSuch(res, 'invoice', String(query.starting_after), 'starting_after');
      }
      from = at + 1;
    } else if (query.ending_before !== undefined) {
      const at = all.findIndex((invoice) => invoice.id === query.ending_before);
      if (at < 0 && !state.invoices.some((invoice) => invoice.id === query.ending_before)) {
        return noSuch(res, 'invoice', String(query.ending_before), 'ending_before');
      }
      to = Math.max(0, at);
      from = Math.max(0, to - limit);
    }
    const data = all.slice(from, Math.min(to, from + limit));
    const hasMore = query.ending_before !== undefined ? from > 0 : from + data.length < to;
    send(res, 200, { object: 'list', data, has_more: hasMore, url: '/v1/invoices' });
  }

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (part) => (raw += part));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.local');
      const request: StripeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: decodeStripeForm(url.search.slice(1)),
        body: raw ? decodeStripeForm(raw) : {},
        headers: req.headers,
      };
      state.requests.push(request);

      const key = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!key) {
        return fail(res, 401, {
          type: 'invalid_request_error',
          message: 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. \'Authorization: Bearer YOUR_SECRET_KEY\').',
        });
      }
      if (!/^(sk|rk)_(test|live)_/.test(key) || (options.apiKey !== undefined && key !== options.apiKey)) {
        return fail(res, 401, { type: 'invalid_request_error', code: 'api_key_invalid', message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` });
      }
      if (state.unavailable) return fail(res, 500, { type: 'api_error', message: 'An unknown error occurred' });
      const livemode = /_live_/.test(key);
      const route = `${request.method} ${request.path}`;
      const customer = /^\/v1\/customers\/([^/]+)$/.exec(request.path)?.[1];
      if (request.method === 'DELETE' && customer) return deleteCustomer(res, decodeURIComponent(customer));
      const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(request.path)?.[1];
      if (request.method === 'DELETE' && subscription) return cancelSubscription(res, decodeURIComponent(subscription), req.headers['idempotency-key'] as string | undefined);
      const session = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(request.path);
      if (session && (request.method === 'GET' || (request.method === 'POST' && session[2]))) return retrieveCheckoutSession(res, decodeURIComponent(session[1]), Boolean(session[2]));
      if (route === 'GET /v1/invoice_payments') return listInvoicePayments(res, request.query);
      if (route === 'POST /v1/refunds') return createRefund(res, request.body, req.headers['idempotency-key'] as string | undefined);
      if (route === 'POST /v1/checkout/sessions') return createCheckoutSession(res, request.body, livemode);
      if (route === 'POST /v1/billing_portal/sessions') return createPortalSession(res, request.body, livemode);
      if (route === 'GET /v1/invoices') return listInvoices(res, request.query);
      if (route === 'POST /v1/customers') return createCustomer(res, request.body, livemode);
      if (route === 'GET /v1/subscriptions') return listSubscriptions(res, request.query);
      fail(res, 404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${request.path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

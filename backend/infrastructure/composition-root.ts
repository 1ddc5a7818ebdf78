import { randomBytes } from 'node:crypto';
import type { Config } from './config/config';
import { openPlatform, type PlatformOverrides } from './composition/platform';
import { productOf, type Product } from './slices/product';
import { product as productOfSlices, productSlices, type ProductSlices } from './slices/product-slices';
import type { AnySlice, OverridesOf, ProductFacts, ServicesOf } from './slices/slice';

export type CompositionOverrides = PlatformOverrides & Partial<OverridesOf<ProductSlices>>;

/**
 * The composition root: the only place that knows which adapter implements which port.
 * Opens the platform (database, migrations, event store, runner) with every slice's read
 * models, then builds each slice's context (`composition/<context>.ts`) in the order of the
 * list (`slices/product-slices.ts`), each from the platform and the services of the slices
 * before it. A service a slice's context gives is in `AppServices` and reaches the routes
 * without another edit. Tests may pass a list of their own (a fixture slice added).
 */
export async function compose(config: Config, overrides: CompositionOverrides = {}, slices: readonly AnySlice[] = productSlices) {
  const product: Product = slices === productSlices ? productOfSlices : productOf(slices);
  const platform = await openPlatform(config, overrides, product.projections, product.readModels);
  const services: Record<string, unknown> = {};
  const given = new Map<AnySlice, object>();
  let exportSections: ReturnType<ProductFacts['exportSections']> | undefined;
  const facts: ProductFacts = {
    erasers: slices.flatMap((slice) => slice.erasers?.(platform) ?? []),
    tablesWithoutPersonalData: Object.assign({}, ...slices.map((slice) => slice.tablesWithoutPersonalData ?? {})),
    exportSections: () =>
      (exportSections ??= Object.assign({}, ...slices.map((slice) => slice.exportSections?.(given.get(slice), platform) ?? {}))),
  };
  for (const slice of slices) {
    const gives = await slice.context(platform, builtBefore(services, slice.name), overrides, facts);
    given.set(slice, gives);
    Object.assign(services, gives);
  }
  const background = slices.flatMap((slice) => slice.background?.(given.get(slice)) ?? []);
  const { runner, eventStore, database } = platform;
  return {
    ...platform,
    ...(services as ServicesOf<ProductSlices>),
    product,
    /** What the whole product says of itself: every slice's erasers, tables without personal data and export sections. */
    productFacts: facts,
    /** Starts the slices' timers (the compensation, the sweepers, the email sender): where the projections run. */
    startBackground() {
      for (const task of background) task.start();
    },
    async close() {
      for (const task of background) await task.stop();
      await runner.stop();
      await eventStore.close();
      await database.close();
    },
  };
}

/** The services of the slices built so far; reading one not built yet says which slice to move. */
function builtBefore(services: Record<string, unknown>, sliceName: string): never {
  return new Proxy(services, {
    get(target, key) {
      if (typeof key === 'string' && !(key in target)) {
        throw new Error(`The ${sliceName} slice needs "${key}", which no slice before it gives: list it after the slice that does (slices/product-slices.ts)`);
      }
      return target[key as string];
    },
  }) as never;
}

export type Composition = Awaited<ReturnType<typeof compose>>;

/**
 * Start-up admin: ADMIN_EMAIL/ADMIN_PASSWORD create or promote that admin; with neither
 * set and no account at all, an admin with a random password is created and printed once.
 */
export async function bootstrapAdmin(services: Composition): Promise<void> {
  const { config, identity, logger } = services;
  const origin = { actor: null, requestId: 'startup' };
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const { created } = await identity.ensureAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD, origin);
    logger.info({ email: config.ADMIN_EMAIL }, created ? 'admin account created' : 'admin account ensured');
    return;
  }
  if (await identity.hasAnyUser()) return;
  const email = 'admin@skilly.local';
  const password = randomBytes(12).toString('base64url');
  await identity.ensureAdmin(email, password, origin);
  // Not under a `password` key: the logger redacts those, and this one must be shown once.
  logger.warn({ email, initialPassword: password }, 'created the first admin account; this password is shown only once');
}

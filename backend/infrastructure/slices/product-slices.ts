import { accountSlice } from '../composition/account';
import { adminActionsSlice } from '../composition/admin-actions';
import { adminContentSlice } from '../composition/admin-content';
import { adminMembersSlice } from '../composition/admin-members';
import { adminStatsSlice } from '../composition/admin-stats';
import { aiConfigSlice } from '../composition/ai-config';
import { billingSlice } from '../composition/billing';
import { blogSlice } from '../composition/blog';
import { creditsSlice } from '../composition/credits';
import { emailSlice } from '../composition/email';
import { identitySlice } from '../composition/identity';
import { ideasSlice } from '../composition/ideas';
import { plansSlice } from '../composition/plans';
import { sitePagesSlice } from '../composition/site-pages';
import { supportSlice } from '../composition/support';
import { platformSlice } from './platform-slice';
import { productOf } from './product';

/**
 * Every slice of the product: the one list a new slice is added to (docs/adding-an-aggregate.md).
 * A slice comes after the slices whose services it takes (plans after credits and ideas); the
 * composition root says which one is missing when it is not.
 */
export const productSlices = [
  platformSlice,
  identitySlice,
  creditsSlice,
  ideasSlice,
  plansSlice,
  supportSlice,
  billingSlice,
  accountSlice,
  adminMembersSlice,
  adminStatsSlice,
  adminContentSlice,
  blogSlice,
  adminActionsSlice,
  aiConfigSlice,
  sitePagesSlice,
  emailSlice,
] as const;

export type ProductSlices = typeof productSlices;

/** The product's read models, projections, route folders and aggregates, derived from the list above. */
export const product = productOf(productSlices);

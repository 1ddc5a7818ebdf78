/**
 * The monthly credit allowances of each tier, as the one policy decides them
 * (domain/credits/allowances.ts), for screens that show them before or beside a member's own
 * ledger: the upsell page's Free vs Pro comparison and its Pro feature list. Never retyped.
 */
export { monthlyAllowances } from '../../domain/credits/allowances';

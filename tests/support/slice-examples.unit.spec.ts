import { describe, expect, it } from 'vitest';
import { kindOf, knownIdFor } from './slice-examples';

describe('the kind of an id, as the cross-member and fuzz checks read a route', () => {
  it('is the id field without its Id, or the segment before {id} in the singular and camel case', () => {
    expect(kindOf('planId', '/api/plans/{planId}/milestones')).toBe('plan');
    expect(kindOf('id', '/api/plans/{id}')).toBe('plan');
    expect(kindOf('id', '/api/fixture-notes/{id}')).toBe('fixtureNote');
    expect(kindOf('id', '/api/saved-searches/{id}')).toBe('savedSearch');
    expect(kindOf('id', '/api/categories/{id}')).toBe('category');
    expect(kindOf('id', '/api/admin/skilly-urls/{id}')).toBe('skillyUrl');
    expect(kindOf('id', '/api/boxes/{id}/open')).toBe('box');
    expect(kindOf('id', '/api/stripe/test-checkout/{id}/pay')).toBe('testCheckout');
  });

  it('finds a known id exactly, else by the longest kind the asked one ends with, else none', () => {
    const ids = { ticket: 't1', plan: 'p1', supportNote: 'n1' };
    expect(knownIdFor('id', '/api/support/tickets/{id}/messages', ids)).toBe('t1');
    expect(knownIdFor('id', '/api/admin/support-tickets/{id}', ids)).toBe('t1');
    expect(knownIdFor('planId', '/api/plans/{planId}', ids)).toBe('p1');
    expect(knownIdFor('id', '/api/admin/users/{id}', ids)).toBeUndefined();
  });
});

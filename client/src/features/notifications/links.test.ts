import { describe, expect, it } from 'vitest';
import { dropdownLinkOf, viewLinkOf } from './links.ts';

const of = (type: string, data: Record<string, unknown> | null) =>
  ({ type, data, userId: 1 }) as Parameters<typeof viewLinkOf>[0];

describe('crew call notifications (issue 36)', () => {
  it('take the owner to the applications, the applicant to the call, and crew to the list', () => {
    expect(viewLinkOf(of('call_application', { callId: 7, applicationId: 3 }))).toBe('/calls/7#applications');
    expect(viewLinkOf(of('application_update', { callId: 7, applicationId: 3 }))).toBe('/calls/7');
    expect(viewLinkOf(of('call_match', { count: 2 }))).toBe('/calls');
  });

  it('have no link without the call they are about', () => {
    expect(viewLinkOf(of('call_application', {}))).toBeNull();
    expect(viewLinkOf(of('application_update', null))).toBeNull();
  });

  it('lead straight there from the dropdown', () => {
    expect(dropdownLinkOf(of('call_application', { callId: 7 }))).toBe('/calls/7#applications');
    expect(dropdownLinkOf(of('application_update', {}))).toBe('/notifications');
  });
});

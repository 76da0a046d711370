import { describe, expect, it } from 'vitest';
import { ALL_GROUPS, NECESSARY_ONLY, type ConsentGroupId, type ConsentState } from '@/lib/tracking/consent/consentGroups';
import { parseStoredConsent } from '@/lib/tracking/consent/consentStore';
import { consentsToExperiments, enrollableVisitor, isVariantKey, parseVisitorId } from './experiment';

const VISITOR = 'AbCdEfGhIjKlMnOpQr-_09';
const answered = (...groups: ConsentGroupId[]): ConsentState => ({ decided: true, groups: new Set<ConsentGroupId>(['C0001', ...groups]) });

describe('parseVisitorId', () => {
  it('takes 22 base64url characters, what the browser makes of 128 random bits', () => {
    expect(parseVisitorId(VISITOR)).toBe(VISITOR);
  });

  it.each([
    ['nothing', undefined],
    ['a number', 42],
    ['21 characters', VISITOR.slice(1)],
    ['23 characters', `${VISITOR}A`],
    ['standard base64', 'AbCdEfGhIjKlMnOpQr+/09'],
    ['padding', 'AbCdEfGhIjKlMnOpQrSt=='],
    ['a space', 'AbCdEfGhIjKlMnOpQr 09x'],
    ['a line after it', `${VISITOR}\n`],
  ])('refuses %s', (_case, raw) => {
    expect(parseVisitorId(raw)).toBeNull();
  });
});

describe('consentsToExperiments', () => {
  it('is the analytics group (C0002) once answered, never before', () => {
    expect(consentsToExperiments({ decided: false })).toBe(false);
    expect(consentsToExperiments({ decided: true, groups: NECESSARY_ONLY })).toBe(false);
    expect(consentsToExperiments(answered('C0004'))).toBe(false);
    expect(consentsToExperiments(answered('C0002'))).toBe(true);
    expect(consentsToExperiments({ decided: true, groups: ALL_GROUPS })).toBe(true);
  });
});

describe('enrollableVisitor', () => {
  it('is nobody before an answer, whatever id is left behind (a lapsed record is no consent)', () => {
    expect(enrollableVisitor(VISITOR, { decided: false })).toBeNull();
    expect(enrollableVisitor(VISITOR, parseStoredConsent(undefined))).toBeNull();
  });

  it('is nobody without a well-formed visitor id, whatever the consent', () => {
    for (const cookie of [undefined, '', 'short', `${VISITOR}!`]) {
      expect(enrollableVisitor(cookie, answered('C0002'))).toBeNull();
    }
  });

  it('follows the built-in record (pj_consent) over a pj_vid left behind', () => {
    expect(enrollableVisitor(VISITOR, parseStoredConsent('v1:C0001,C0002'))).toBe(VISITOR);
    expect(enrollableVisitor(VISITOR, parseStoredConsent('v1:C0001,C0002,C0003,C0004'))).toBe(VISITOR);
    // Refused, or granted only other groups: the id is not used.
    expect(enrollableVisitor(VISITOR, parseStoredConsent('v1:C0001'))).toBeNull();
    expect(enrollableVisitor(VISITOR, parseStoredConsent('v1:C0001,C0003,C0004'))).toBeNull();
    // A record we cannot read (another version) is no answer, so no consent.
    expect(enrollableVisitor(VISITOR, parseStoredConsent('v0:C0001,C0002'))).toBeNull();
  });
});

describe('isVariantKey', () => {
  it('knows A to D only', () => {
    expect(['A', 'B', 'C', 'D'].every(isVariantKey)).toBe(true);
    for (const value of ['E', 'a', '', 'AB', 1, null]) expect(isVariantKey(value), String(value)).toBe(false);
  });
});

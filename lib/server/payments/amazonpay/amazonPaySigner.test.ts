import { constants, createHash, generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { amazonPayDate, canonicalQuery, canonicalRequest, rfc3986, signButtonPayload, signRequest } from './amazonPaySigner';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');
/** Verifies as Amazon does: RSASSA-PSS, SHA-256, MGF1/SHA-256, the given salt length. */
const pssVerify = (text: string, signature: string, saltLength = 32) =>
  verify(
    'sha256',
    Buffer.from(text),
    { key: publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength },
    Buffer.from(signature, 'base64'),
  );

describe('canonical request', () => {
  it('writes x-amz-pay-date in ISO 8601 basic format, UTC', () => {
    expect(amazonPayDate(new Date('2019-09-23T23:19:08.123Z'))).toBe('20190923T231908Z');
  });

  it('percent-encodes after RFC 3986, including the characters encodeURIComponent leaves', () => {
    expect(rfc3986("a b!'()*~-_.")).toBe('a%20b%21%27%28%29%2A~-_.');
    expect(canonicalQuery({ startTime: '2020-01-01T00:00:00Z', endTime: 'x y', a: '1' })).toBe(
      'a=1&endTime=x%20y&startTime=2020-01-01T00%3A00%3A00Z',
    );
    expect(canonicalQuery({})).toBe('');
  });

  it('lower-cases, trims and sorts the signed headers, leaves a blank line, and ends with the body hash', () => {
    const body = '{"chargeAmount":{"amount":"25.00","currencyCode":"USD"}}';
    const { canonical, signedHeaders } = canonicalRequest({
      method: 'post',
      path: '/sandbox/v2/checkoutSessions/abc-123/complete',
      headers: {
        'X-Amz-Pay-Region': 'na',
        accept: 'application/json',
        'Content-Type': ' application/json ',
        'x-amz-pay-date': '20190923T231908Z',
        'x-amz-pay-host': 'pay-api.amazon.com',
        'x-amz-pay-idempotency-key': 'k1',
      },
      body,
    });
    expect(signedHeaders).toBe('accept;content-type;x-amz-pay-date;x-amz-pay-host;x-amz-pay-idempotency-key;x-amz-pay-region');
    expect(canonical).toBe(
      [
        'POST',
        '/sandbox/v2/checkoutSessions/abc-123/complete',
        '',
        'accept:application/json',
        'content-type:application/json',
        'x-amz-pay-date:20190923T231908Z',
        'x-amz-pay-host:pay-api.amazon.com',
        'x-amz-pay-idempotency-key:k1',
        'x-amz-pay-region:na',
        '',
        signedHeaders,
        sha256Hex(body),
      ].join('\n'),
    );
  });

  it('hashes an empty body for a GET', () => {
    const { canonical } = canonicalRequest({ method: 'GET', path: '/v2/charges/S01-1', headers: { accept: 'application/json' }, body: '' });
    expect(canonical.endsWith(`\naccept\n${sha256Hex('')}`)).toBe(true);
  });
});

describe('signRequest', () => {
  const url = new URL('https://pay-api.amazon.eu/sandbox/v2/checkoutSessions/abc/complete');
  const at = new Date('2026-11-21T12:00:00Z');
  const body = '{"chargeAmount":{"amount":"9.99","currencyCode":"GBP"}}';

  it('signs every header it sends, and the authorization verifies with RSASSA-PSS (salt 32) over the string to sign', () => {
    const headers = signRequest({
      method: 'POST',
      url,
      body,
      region: 'eu',
      publicKeyId: 'AGPTYXGL5VH6PZ2KBM2ALPQY',
      privateKey,
      at,
      idempotencyKey: 'attempt-1',
    });
    expect(headers).toMatchObject({
      accept: 'application/json',
      'content-type': 'application/json',
      'x-amz-pay-date': '20261121T120000Z',
      'x-amz-pay-host': 'pay-api.amazon.eu',
      'x-amz-pay-region': 'eu',
      'x-amz-pay-idempotency-key': 'attempt-1',
    });
    const match =
      /^AMZN-PAY-RSASSA-PSS-V2 PublicKeyId=AGPTYXGL5VH6PZ2KBM2ALPQY, SignedHeaders=([a-z;-]+), Signature=([A-Za-z0-9+/=]+)$/.exec(
        headers.authorization ?? '',
      );
    expect(match?.[1]).toBe('accept;content-type;x-amz-pay-date;x-amz-pay-host;x-amz-pay-idempotency-key;x-amz-pay-region');
    // The canonical request rebuilt here by hand, independently of the signer.
    const canonical = `POST\n/sandbox/v2/checkoutSessions/abc/complete\n\naccept:application/json\ncontent-type:application/json\nx-amz-pay-date:20261121T120000Z\nx-amz-pay-host:pay-api.amazon.eu\nx-amz-pay-idempotency-key:attempt-1\nx-amz-pay-region:eu\n\n${match?.[1]}\n${sha256Hex(body)}`;
    const stringToSign = `AMZN-PAY-RSASSA-PSS-V2\n${sha256Hex(canonical)}`;
    expect(pssVerify(stringToSign, match?.[2] ?? '')).toBe(true);
    // Salt length 20 is the legacy algorithm's: a V2 signature must not pass as one.
    expect(pssVerify(stringToSign, match?.[2] ?? '', 20)).toBe(false);
    const tampered = canonical.replace(sha256Hex(body), sha256Hex(body.replace('9.99', '0.99')));
    expect(pssVerify(`AMZN-PAY-RSASSA-PSS-V2\n${sha256Hex(tampered)}`, match?.[2] ?? '')).toBe(false);
  });

  it('sends no idempotency key unless given, and a fresh random salt each time', () => {
    const a = signRequest({ method: 'GET', url, body: '', region: 'eu', publicKeyId: 'K', privateKey, at });
    const b = signRequest({ method: 'GET', url, body: '', region: 'eu', publicKeyId: 'K', privateKey, at });
    expect(a['x-amz-pay-idempotency-key']).toBeUndefined();
    expect(a.authorization).toContain('SignedHeaders=accept;content-type;x-amz-pay-date;x-amz-pay-host;x-amz-pay-region,');
    expect(a.authorization).not.toBe(b.authorization);
  });

  it('names the port in x-amz-pay-host when the API is not on 443 (a local fake)', () => {
    expect(
      signRequest({
        method: 'GET',
        url: new URL('http://127.0.0.1:4010/v2/charges/x'),
        body: '',
        region: 'na',
        publicKeyId: 'K',
        privateKey,
        at,
      })['x-amz-pay-host'],
    ).toBe('127.0.0.1:4010');
  });
});

describe('signButtonPayload', () => {
  it('signs "AMZN-PAY-RSASSA-PSS-V2\\n" + hex SHA-256 of the exact payload string', () => {
    const payloadJSON =
      '{"webCheckoutDetails":{"checkoutReviewReturnUrl":"https://example.com/r?a=1&b=2"},"storeId":"amzn1.application-oa2-client.x","scopes":["name","email"]}';
    const signature = signButtonPayload(payloadJSON, privateKey);
    expect(pssVerify(`AMZN-PAY-RSASSA-PSS-V2\n${sha256Hex(payloadJSON)}`, signature)).toBe(true);
    // The same object written with other whitespace is another string: it must not verify.
    const reformatted = JSON.stringify(JSON.parse(payloadJSON), null, 1);
    expect(pssVerify(`AMZN-PAY-RSASSA-PSS-V2\n${sha256Hex(reformatted)}`, signature)).toBe(false);
    expect(signButtonPayload(payloadJSON, privateKey)).not.toBe(signature);
  });
});

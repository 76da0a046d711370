import { X509Certificate } from 'node:crypto';
import { rootCertificates } from 'node:tls';

/**
 * The trust half of PayPal's webhook signature check: the certificate PayPal names must be
 * issued, through the intermediates PayPal serves with it, by a certificate authority the
 * system trusts (Node's root store, tls.rootCertificates), each certificate valid now; a key
 * of the sender's own making, self-signed in PayPal's name, is refused.
 */

/** Intermediates followed at most: PayPal's chain has one or two. */
const MAX_INTERMEDIATES = 4;
/** A served PEM with more certificates than this is not PayPal's. */
const MAX_CERTIFICATES = 8;

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Every certificate in a PEM text, in order (the signing one first); throws on none, too many, or one unreadable. */
export function readCertificateChain(pem: string): X509Certificate[] {
  const blocks = pem.match(PEM_BLOCK) ?? [];
  if (blocks.length === 0) throw new Error('no certificate in the PEM');
  if (blocks.length > MAX_CERTIFICATES) throw new Error(`more than ${MAX_CERTIFICATES} certificates in the PEM`);
  return blocks.map((block) => new X509Certificate(block));
}

let systemRoots: readonly X509Certificate[] | null = null;

/** Node's root certificate authorities (Mozilla's store), read once. */
export function systemTrustAnchors(): readonly X509Certificate[] {
  systemRoots ??= rootCertificates.flatMap((pem) => {
    try {
      return [new X509Certificate(pem)];
    } catch {
      return [];
    }
  });
  return systemRoots;
}

const validAt = (certificate: X509Certificate, at: number) =>
  at >= Date.parse(certificate.validFrom) && at <= Date.parse(certificate.validTo);

/** Whether `issuer` issued `certificate`: its name, and its key's signature over it. */
function issuedBy(certificate: X509Certificate, issuer: X509Certificate): boolean {
  try {
    return certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey);
  } catch {
    return false;
  }
}

const nameOf = (certificate: X509Certificate) => certificate.subject.replace(/\n/g, ', ');

/**
 * Checks that `chain[0]` leads to one of `anchors` through certificate authorities among the
 * rest of `chain`, every certificate on the way (the anchor too) valid at `at`. Throws an
 * Error saying what failed; returns the anchor reached.
 */
export function verifyCertificateChain(chain: readonly X509Certificate[], anchors: readonly X509Certificate[], at: Date): X509Certificate {
  const [leaf, ...served] = chain;
  if (!leaf) throw new Error('no certificate');
  const time = at.getTime();
  let current = leaf;
  for (let step = 0; step <= MAX_INTERMEDIATES; step += 1) {
    if (!validAt(current, time)) throw new Error(`${nameOf(current)} is not valid at ${at.toISOString()}`);
    const anchor = anchors.find((candidate) => issuedBy(current, candidate));
    if (anchor) {
      if (!validAt(anchor, time)) throw new Error(`the authority ${nameOf(anchor)} is not valid at ${at.toISOString()}`);
      return anchor;
    }
    // Only a certificate authority issues; the one at hand is never its own issuer.
    const next = served.findIndex((candidate) => candidate !== current && candidate.ca && issuedBy(current, candidate));
    if (next < 0) throw new Error(`${nameOf(current)} is not issued by a trusted certificate authority`);
    current = served.splice(next, 1)[0]!;
  }
  throw new Error(`the chain is longer than ${MAX_INTERMEDIATES} intermediates`);
}

/** The subject's common names (CN=…), as X509Certificate writes the subject one attribute per line. */
export function commonNames(certificate: X509Certificate): string[] {
  return certificate.subject
    .split('\n')
    .filter((line) => line.startsWith('CN='))
    .map((line) => line.slice('CN='.length));
}

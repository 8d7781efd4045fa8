/**
 * The EIP-4361 (Sign-In with Ethereum) message, formatted exactly as the standard's ABNF and the
 * server's parser (npm siwe) expect. Kept here instead of bundling the siwe package and its parser.
 */
export interface SiweFields {
  domain: string;
  address: string;
  statement: string;
  uri: string;
  chainId: number;
  nonce: string;
  issuedAt: string;
  expirationTime?: string;
}

export function siweMessage(f: SiweFields): string {
  return [
    `${f.domain} wants you to sign in with your Ethereum account:`,
    f.address,
    '',
    f.statement,
    '',
    `URI: ${f.uri}`,
    'Version: 1',
    `Chain ID: ${f.chainId}`,
    `Nonce: ${f.nonce}`,
    `Issued At: ${f.issuedAt}`,
    ...(f.expirationTime ? [`Expiration Time: ${f.expirationTime}`] : []),
  ].join('\n');
}

/** UTF-8 text as 0x-hex, the form personal_sign expects. */
export function toHex(text: string): string {
  return `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Where wallet sign-in can work: MetaMask's extension exists for desktop Chrome, Firefox, Edge and Brave
 * only. Decided from the user agent (Brave also exposes navigator.brave), not feature probing, because
 * the answer must be known before asking the wallet anything.
 */
export type WalletSupport = 'supported' | 'mobile' | 'unsupported-browser';

export function walletSupport(userAgent: string, hasBrave = false): WalletSupport {
  if (/Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(userAgent)) return 'mobile';
  if (hasBrave) return 'supported';
  if (/Edg\//.test(userAgent)) return 'supported';
  if (/Firefox\//.test(userAgent)) return 'supported';
  // Chrome and Chromium, but not the other Chromium browsers that name themselves (Opera, Samsung, ...).
  if (/(Chrome|Chromium)\//.test(userAgent) && !/OPR\/|SamsungBrowser|YaBrowser|Vivaldi/.test(userAgent)) return 'supported';
  // Safari (and everything else) cannot run MetaMask.
  return 'unsupported-browser';
}

export function currentWalletSupport(): WalletSupport {
  if (typeof navigator === 'undefined') return 'unsupported-browser';
  return walletSupport(navigator.userAgent, Boolean((navigator as Navigator & { brave?: unknown }).brave));
}

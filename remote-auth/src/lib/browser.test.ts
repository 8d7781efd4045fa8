import { walletSupport } from './browser';

const ua = {
  chrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  firefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0',
  safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  opera: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};

describe('walletSupport', () => {
  it.each([
    ['desktop Chrome', ua.chrome, false, 'supported'],
    ['Brave (Chrome user agent plus navigator.brave)', ua.chrome, true, 'supported'],
    ['Edge', ua.edge, false, 'supported'],
    ['Firefox', ua.firefox, false, 'supported'],
    ['Safari', ua.safari, false, 'unsupported-browser'],
    ['Opera', ua.opera, false, 'unsupported-browser'],
    ['iPhone Safari', ua.iphone, false, 'mobile'],
    ['Android Chrome', ua.android, false, 'mobile'],
  ])('%s -> %s', (_name, agent, brave, expected) => {
    expect(walletSupport(agent, brave)).toBe(expected);
  });
});

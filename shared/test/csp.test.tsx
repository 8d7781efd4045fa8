/**
 * The page's CSP nonce reaches every <style> the apps inject: read from the meta tag the server writes
 * into index.html (or given by an embedding page), put on injectStyles' elements, on antd's through
 * ConfigProvider, and on the scroll-lock styles @rc-component/util inserts without one; zod never probes
 * for eval. (jsdom does not enforce CSP: these check the attributes the browser would check.)
 */
import { render } from '@testing-library/react';
import ConfigProvider from 'antd/es/config-provider';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { z } from 'zod';
import { antdCsp, cspNonce, injectStyles, prepareForCsp } from '../src/ui';

const NONCE = 'b2d1f0c9a8e7d6c5b4a3928170f6e5d4';

beforeAll(() => {
  const meta = document.createElement('meta');
  meta.setAttribute('property', 'csp-nonce');
  meta.setAttribute('nonce', NONCE);
  document.head.appendChild(meta);
  prepareForCsp();
});

test('the nonce is read from the meta tag the server writes into index.html', () => {
  expect(cspNonce()).toBe(NONCE);
  expect(antdCsp()).toEqual({ nonce: NONCE });
});

test("injectStyles' element carries the nonce", () => {
  injectStyles('od-test-styles', '.x { color: red; }');
  expect((document.getElementById('od-test-styles') as HTMLStyleElement).nonce).toBe(NONCE);
});

test("antd's CSS-in-JS styles carry the nonce given to ConfigProvider", () => {
  render(
    <ConfigProvider csp={antdCsp()}>
      <Button>ok</Button>
    </ConfigProvider>,
  );
  const antd = [...document.head.querySelectorAll('style')].filter((s) => s.textContent?.includes('.ant-btn'));
  expect(antd.length).toBeGreaterThan(0);
  for (const style of antd) expect(style.nonce).toBe(NONCE);
});

test("a modal's scroll lock (a <style> @rc-component/util inserts with no way to pass a nonce) gets it; nothing else is touched", () => {
  render(
    <ConfigProvider csp={antdCsp()}>
      <Modal open title="t">body</Modal>
    </ConfigProvider>,
  );
  const lock = [...document.head.querySelectorAll('style')].find((s) => s.textContent?.includes('overflow-y: hidden'));
  expect(lock).toBeDefined();
  expect(lock!.nonce).toBe(NONCE);
  const other = document.createElement('style');
  document.head.appendChild(other);
  expect(other.nonce).toBe('');
  const div = document.head.insertBefore(document.createElement('div'), null);
  expect(div.parentNode).toBe(document.head);
});

test('zod parses without probing for eval (jitless), as z.config() reports', () => {
  expect(z.config().jitless).toBe(true);
  expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
});

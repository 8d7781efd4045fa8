import { parseSse } from './sse';

describe('parseSse', () => {
  it('splits complete events and keeps the unfinished rest', () => {
    expect(parseSse('event: delta\ndata: {"text":"a"}\n\nevent: del')).toEqual({ events: [{ event: 'delta', data: '{"text":"a"}' }], rest: 'event: del' });
  });
  it('joins data lines, skips comments, defaults the name and reads CRLF', () => {
    expect(parseSse(': keep-alive\r\n\r\ndata: one\r\ndata: two\r\n\r\n').events).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });
});

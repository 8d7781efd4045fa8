import { createEventBus } from '../src/bus/eventBus';

interface Events { 'a:changed/v1': { n: number }; 'b:other/v1': string }

describe('event bus', () => {
  it('delivers to subscribers and stops after unsubscribe', () => {
    const bus = createEventBus<Events>();
    const seen: number[] = [];
    const off = bus.on('a:changed/v1', ({ n }) => seen.push(n));
    bus.emit('a:changed/v1', { n: 1 });
    off();
    bus.emit('a:changed/v1', { n: 2 });
    expect(seen).toEqual([1]);
  });

  it('lets a late subscriber read the last value', () => {
    const bus = createEventBus<Events>();
    bus.emit('a:changed/v1', { n: 7 });
    const seen: number[] = [];
    bus.on('a:changed/v1', ({ n }) => seen.push(n), { replay: true });
    expect(seen).toEqual([7]);
    expect(bus.last('a:changed/v1')).toEqual({ n: 7 });
    expect(bus.last('b:other/v1')).toBeUndefined();
  });

  it('keeps delivering when one subscriber throws', () => {
    const bus = createEventBus<Events>();
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const seen: string[] = [];
    bus.on('b:other/v1', () => {
      throw new Error('broken remote');
    });
    bus.on('b:other/v1', (s) => seen.push(s));
    bus.emit('b:other/v1', 'x');
    expect(seen).toEqual(['x']);
    error.mockRestore();
  });

  it('is one instance per page even when the module is bundled twice', () => {
    let first: unknown;
    let second: unknown;
    jest.isolateModules(() => {
      first = require('../src/bus/eventBus').bus;
    });
    jest.isolateModules(() => {
      second = require('../src/bus/eventBus').bus;
    });
    expect(first).toBe(second);
  });
});

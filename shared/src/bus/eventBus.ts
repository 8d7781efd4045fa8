import type { BusEvents } from './events';

type Handler<T> = (payload: T) => void;

export interface EventBus<E> {
  emit<K extends keyof E>(name: K, payload: E[K]): void;
  /** Subscribes; with `replay`, a late subscriber is called at once with the last value. Returns unsubscribe. */
  on<K extends keyof E>(name: K, handler: Handler<E[K]>, options?: { replay?: boolean }): () => void;
  /** The last value emitted for an event, if any. */
  last<K extends keyof E>(name: K): E[K] | undefined;
}

export function createEventBus<E>(): EventBus<E> {
  const handlers = new Map<keyof E, Set<Handler<never>>>();
  const lastValues = new Map<keyof E, unknown>();
  return {
    emit(name, payload) {
      lastValues.set(name, payload);
      for (const handler of [...(handlers.get(name) ?? [])]) {
        try {
          (handler as Handler<typeof payload>)(payload);
        } catch (error) {
          // One failing subscriber (e.g. a broken remote) must not stop the others.
          console.error(`[bus] handler for ${String(name)} failed`, error);
        }
      }
    },
    on(name, handler, options) {
      const set = handlers.get(name) ?? new Set();
      set.add(handler as Handler<never>);
      handlers.set(name, set);
      if (options?.replay && lastValues.has(name)) handler(lastValues.get(name) as never);
      return () => set.delete(handler as Handler<never>);
    },
    last(name) {
      return lastValues.get(name) as never;
    },
  };
}

/**
 * One bus per page: pinned on globalThis under a versioned symbol, so that copies of this module bundled
 * into separately built remotes still meet on the same instance. Bump the version only with an
 * incompatible change to the bus itself (event payload changes get new event names instead).
 */
const BUS_KEY = Symbol.for('oncodesk.event-bus/v1');

export function getEventBus(): EventBus<BusEvents> {
  const g = globalThis as unknown as Record<symbol, EventBus<BusEvents> | undefined>;
  return (g[BUS_KEY] ??= createEventBus<BusEvents>());
}

export const bus = getEventBus();

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this instance is draining (shutting down) and what to do when it starts. */
    lifecycle: Lifecycle;
  }
}

interface Lifecycle {
  /** True from the start of a drain (SIGTERM) or of app.close(): readiness is false. */
  readonly draining: boolean;
  /**
   * Starts a drain (docs/decisions/043-object-storage-metrics-and-health.md): readiness goes
   * false, every answer closes its connection, the `onDrain` callbacks run (live streams end so
   * their clients reconnect to another instance), then it waits `delayMs` so the load balancer
   * stops sending here before the listener closes. The caller closes the app afterwards.
   */
  drain(delayMs: number): Promise<void>;
  /** Runs `callback` once, when the drain starts (or at app.close() if there was none). */
  onDrain(callback: () => void | Promise<void>): void;
}

/** Waits `ms` unless it is 0 (tests and single-instance runs). */
const wait = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

export const lifecyclePlugin = fp(
  async (app: FastifyInstance) => {
    let draining = false;
    const callbacks: Array<() => void | Promise<void>> = [];
    const startDrain = async () => {
      if (draining) return;
      draining = true;
      for (const callback of callbacks.splice(0)) {
        await Promise.resolve(callback()).catch((err: unknown) => app.log.warn({ err }, 'drain step failed'));
      }
    };
    app.decorate('lifecycle', {
      get draining() {
        return draining;
      },
      async drain(delayMs: number) {
        await startDrain();
        app.log.info({ delayMs }, 'draining: readiness is false');
        await wait(delayMs);
      },
      onDrain(callback: () => void | Promise<void>) {
        callbacks.push(callback);
      },
    } satisfies Lifecycle);
    // app.close() without a drain first (tests, a second signal): the same steps, no delay.
    app.addHook('preClose', startDrain);
    // While draining, answers close their connection: the balancer's kept-alive connections move
    // to other instances, and an idle socket would otherwise hold the process open at close.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (draining) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'lifecycle' },
);

import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { campusRoutes } from './modules/campus/campus.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { campusPlugin } from './plugins/campus.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityPlugin } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';

export interface AppDeps {
  config: Config;
  db: Database;
}

/** Registers plugins and modules, nothing else: starting and stopping live in server.ts. */
export async function buildApp({ config, db }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            ...(config.env === 'development' && process.stdout.isTTY ? { transport: { target: 'pino-pretty' } } : {}),
          },
    trustProxy: config.trustProxy,
    // Fastify answers 503 to requests that arrive while it drains on shutdown.
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(compress);
  await app.register(openapiPlugin);
  await app.register(campusPlugin, { campusHosts: config.campusHosts });

  await app.register(healthRoutes, { db });
  await app.register(campusRoutes, { db });

  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}

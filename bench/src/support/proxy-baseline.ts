import http from 'node:http';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';

/**
 * The gateway benchmark's baseline, each role its own process as the gateway and the leads service are:
 * BASELINE_ROLE=upstream is an express hello-world; BASELINE_ROLE=proxy is express with nothing but
 * http-proxy-middleware in front of TARGET, over a keep-alive agent set up as the gateway's
 * (gateway/src/proxy/upstream-proxy.ts). Both listen on 127.0.0.1:PORT.
 */
function helloWorld(): express.Express {
  const app = express();
  app.use((_req, res) => {
    res.json({ hello: 'world' });
  });
  return app;
}

function bareProxy(target: string): express.Express {
  const agent = new http.Agent({ keepAlive: true, scheduling: 'lifo', timeout: 30_000 });
  const app = express();
  app.use(createProxyMiddleware({ target, agent, changeOrigin: true }));
  return app;
}

const role = process.env.BASELINE_ROLE;
const app = role === 'upstream' ? helloWorld() : role === 'proxy' ? bareProxy(process.env.TARGET!) : undefined;
if (!app) throw new Error(`BASELINE_ROLE must be upstream or proxy, not ${role}`);
app.listen(Number(process.env.PORT), '127.0.0.1');

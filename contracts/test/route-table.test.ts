import { matchRoute, ROUTE_TABLE } from '@crm/gateway';
import { registeredRoutes } from '@crm/platform';
import { SERVICE_DEFINITIONS } from '../src/services';
import { routerOf } from './support/service-deps';

/** The template as a client spells it: a well-formed id in every parameter. */
const spelled = (template: string) => template.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');

describe("the gateway's route table", () => {
  it.each(SERVICE_DEFINITIONS.map((definition) => [definition.name, definition] as const))(
    'routes to %s exactly the public routes it registers, by the same template and method',
    async (name, definition) => {
      const registered = registeredRoutes(await routerOf(definition)).filter(({ path }) => path.startsWith('/api/'));
      // express answers HEAD with a GET route; the table names both.
      const served = registered.flatMap(({ method, path }) => (method === 'GET' ? [`GET ${path}`, `HEAD ${path}`] : [`${method} ${path}`]));
      const routed = ROUTE_TABLE.filter((entry) => entry.service === name).flatMap((entry) => entry.methods.map((method) => `${method} ${entry.path}`));
      expect([...new Set(routed)].sort()).toEqual([...new Set(served)].sort());

      // No earlier entry takes a route's requests (a `:id/` before `export/` would).
      const picked = registered.map(({ method, path }) => {
        const entry = matchRoute(ROUTE_TABLE, method, spelled(path));
        return `${method} ${path} → ${entry?.service} ${entry?.path}`;
      });
      expect(picked).toEqual(registered.map(({ method, path }) => `${method} ${path} → ${name} ${path}`));
    },
  );
});

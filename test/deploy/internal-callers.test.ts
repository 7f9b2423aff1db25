import { serviceUrlSettingName } from '@crm/platform';
import { SERVICES } from '@crm/system';

/** The services each one calls: those named by a `<NAME>_SERVICE_URL` among its settings (serviceUrlSettingName). */
function calledBy(name: string): string[] {
  const setting = serviceUrlSettingName(name);
  return SERVICES.filter(({ definition }) => setting in { ...definition.config, ...definition.extension?.settings }).map(({ definition }) => definition.name);
}

describe('who may call whom (architecture §1)', () => {
  it.each(SERVICES.map(({ definition }) => [definition.name, definition]))(
    'when %s names the services whose internal tokens it accepts, then they are exactly those that call it',
    (name, definition) => {
      expect([...(definition.calledBy ?? [])].sort()).toEqual(calledBy(name).sort());
    },
  );
});

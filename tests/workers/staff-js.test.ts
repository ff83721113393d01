import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientDir } from '../../scripts/lib/workerd.ts';
import { staffJsCheck } from '../../scripts/page-weight.ts';
import { siteTemplate } from '../helpers/run-stack.ts';

/**
 * The admin's JavaScript stays out of every shopper page: no page a shopper can open reaches a
 * module only staff pages load, not even on demand (`npm run weigh -- dist/client --staff` prints the same).
 * The build checked is the run's site build, the one every served-site test serves a copy of.
 */
describe('staff JavaScript', () => {
  it('is reached by no shopper page of the built site', async () => {
    const check = staffJsCheck(clientDir((await siteTemplate()).distDir));
    const names = check.staffModules.map((m) => path.basename(m.url).split('.')[0]);
    // The Reports tab's charts come in a chunk of their own, fetched when the tab opens.
    expect(names).toEqual(expect.arrayContaining(['AdminDashboard', 'AdminSession', 'DriverPage', 'ReportsTab']));
    // The built shopper pages: home, checkout, contact, compare... The catalogue's and the states'
    // pages are rendered by the Worker on request, so they are not files of the build.
    expect(check.shopperPages).toBeGreaterThanOrEqual(8);
    expect(check.leaks).toEqual([]);
  });
});

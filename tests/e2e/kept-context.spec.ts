import { expect, test, type BrowserContext } from './harness';

/**
 * The worker's browser context is kept from test to test (tests/e2e/harness.ts, fixture
 * `context`): what one test leaves in it must not reach the next. Serial: both tests run in one
 * worker, in this order.
 */
test.describe.configure({ mode: 'serial' });

let first: BrowserContext | null = null;

test('a test leaves Web Storage, a granted permission and a second page behind', async ({ page, context }) => {
  first = context;
  await page.goto('/health');
  await page.evaluate(() => {
    localStorage.setItem('dejado', '1');
    sessionStorage.setItem('dejado', '1');
  });
  await context.grantPermissions(['clipboard-read']);
  await context.newPage();
  expect(context.pages()).toHaveLength(2);
});

test('the next test gets the same context with a new page only, and none of it', async ({ page, context }) => {
  // A retry (of both, in order) runs each test in a fresh context of its own, so only the first run shares one.
  if (test.info().retry === 0) expect(context).toBe(first);
  expect(context.pages()).toEqual([page]);
  await page.goto('/health');
  expect(await page.evaluate(() => [localStorage.getItem('dejado'), sessionStorage.getItem('dejado'), localStorage.length])).toEqual([null, null, 0]);
  const clipboard = await page.evaluate(async () => (await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })).state);
  expect(clipboard).not.toBe('granted');
});

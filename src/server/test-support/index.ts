// The server's test support, the one entry tests import: the real app in-process over a fresh
// database (startTestServer, serverFixture), its shoppers and orders, the real server as a child
// process (launchServer), the web component tests' shops (forkShopServer) and the fuzzer's
// requests. The browser tests, benchmarks and scripts import launch.ts alone: it loads neither
// vitest (whose expect clashes with Playwright's) nor the server.
export { fetchUser, legacyScryptHash, signUpAndIn } from './auth.ts';
export {
  followLink,
  lastMailTo,
  mailsTo,
  tokenOf,
  verifyLinkIn,
  type FollowedLink,
  type QueuedMail,
} from './auth-mail.ts';
export {
  authClientFor,
  functionsClientFor,
  storageClientFor,
  type ClientTarget,
} from './clients.ts';
export { pgliteImage } from './database-images.ts';
export {
  databaseTargets,
  pgliteTarget,
  type DatabaseTarget,
  type TestDatabase,
} from './databases.ts';
export { serverFixture, type ServerFixture } from './fixture.ts';
export { forkShopServer, type ForkedShopServer, type ForkOptions } from './forked.ts';
export { requestArbitrary } from './fuzz-requests.ts';
export {
  COMPILED_SERVER,
  freePort,
  launchServer,
  spawnServer,
  type LaunchOptions,
  type ServerProcess,
  type ServerProcessOptions,
} from './launch.ts';
export type { LogEntry } from './logs.ts';
export {
  outputOf,
  watchStatements,
  webhooksDelivered,
  type WatchedDatabase,
  type WatchedStatement,
} from './observe.ts';
export {
  allOrders,
  orderMailsOf,
  ordersOf,
  rowCount,
  seedOrders,
  type OrderRow,
  type SeedOrder,
} from './orders.ts';
export { migrationSetsBefore } from './migrations-before.ts';
export { startPrivateCluster, type PrivateCluster } from './private-postgres.ts';
export { startServerOnTmpfs, type TmpfsServer } from './tmpfs-server.ts';
export type { SandboxKeys } from '../payments/index.ts';
export {
  startTestServer,
  type PayingTestServer,
  type TestClock,
  type TestServer,
  type TestServerOptions,
} from './shop.ts';
export { signUpThenIn, type Shopper } from './shopper.ts';
export { payOrder, signInAgain, signUpStaff, type PaidOrder } from './staff.ts';
export { buildIfStale, root, type WebApp } from './web-dir.ts';
export { waitFor } from './wait.ts';
export { linkIn, startTestSmtp, type ReceivedMail, type TestSmtpServer } from './smtp.ts';

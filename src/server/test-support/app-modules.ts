// The modules that build the app and start the payments sandbox. startTestServer loads them when
// a server starts, not when the entry is imported: the web component tests import the entry under
// jsdom (for forkShopServer), where the sandbox's hosted page cannot read its stylesheet.
export { composeApp } from '../compose.ts';
export { payOnHostedPage, signedWebhook } from './paying.ts';
export { startTestSandbox } from './sandbox.ts';

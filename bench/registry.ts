import type { Benchmark } from './types.ts';
import { api } from './benchmarks/api.ts';
import { checkout } from './benchmarks/checkout.ts';
import { firstLoad } from './benchmarks/first-load.ts';
import { lighthouseBench } from './benchmarks/lighthouse.ts';
import { server } from './benchmarks/server.ts';

/** Every benchmark `npm run bench` knows, in the order they run. Add new ones here. */
export const benchmarks: readonly Benchmark[] = [firstLoad, server, checkout, api, lighthouseBench];

// Health: what GET /healthz checks (a database round trip, free space under DATA_DIR on PGlite, the
// payment provider) and the guard that answers writes 503 before the disk is full.
export { createHealth, type HealthDeps } from './checks.ts';

// lighthouse: Lighthouse 12 (the npm package) driving Debian's Chromium against the real server, for
// #/home, #/keyboard and #/cart and a server-rendered product page (ADR 0049) with the mobile and
// desktop presets, in four categories: performance, accessibility, best practices and SEO. Each
// page and preset runs BENCH_LIGHTHOUSE_RUNS times (default 3); the run with the median
// performance score is reported, with its failing audits and its largest paint's element and
// phases, so a missed target says why.
// BENCH_PORT puts the server (and its sandbox, mailbox and Chromium's debugging port, the next
// three) on fixed ports; BENCH_LIGHTHOUSE_LHR_DIR keeps every run's full report there;
// BENCH_LIGHTHOUSE_ONLY runs some presets or pages (mobile,keyboard,product).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/support/chromium.ts';
import { COMPILED_SERVER, launchServer } from '../../src/server/test-support/launch.ts';
import { seedPhotos } from '../lib/shop/photos.ts';
import type { Benchmark, Metric } from '../types.ts';

const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const BASE_PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
const LHR_DIR = process.env.BENCH_LIGHTHOUSE_LHR_DIR;
const WITH_PHOTOS = process.env.BENCH_LIGHTHOUSE_PHOTOS !== '0';
/** The pages measured, by name: the app's hash routes and a server-rendered product page. */
const PAGES = {
  home: '/keebshop/#/home',
  keyboard: '/keebshop/#/keyboard',
  cart: '/keebshop/#/cart',
  product: '/keebshop/products/mechanical-keyboard-pro',
} as const;
type PageName = keyof typeof PAGES;
/** How a page is named in the metrics and the report: its hash route, or its path in the shop. */
function pageLabel(page: PageName): string {
  const inShop = PAGES[page].slice('/keebshop/'.length);
  return inShop.startsWith('#') ? inShop : `/${inShop}`;
}
const PRESETS = ['mobile', 'desktop'] as const;
/** Some presets or pages (BENCH_LIGHTHOUSE_ONLY=mobile,product); all by default. */
const ONLY = process.env.BENCH_LIGHTHOUSE_ONLY?.split(',') ?? [];
const picked = <T extends string>(all: readonly T[]) =>
  all.some((name) => ONLY.includes(name)) ? all.filter((name) => ONLY.includes(name)) : all;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** The targets of docs/benchmarks.md (lighthouse), on every page. */
export const TARGETS = {
  mobilePerformance: 100,
  /** Largest contentful paint on mobile: home's, for the list pages too. */
  mobileLcpMs: 1500,
  accessibility: 100,
  bestPractices: 100,
};
/**
 * The server-rendered product page's own targets on mobile, besides the above: it is whole HTML
 * from the server's cache, for shoppers arriving from search or a shared link (ADR 0049).
 */
export const PRODUCT_PAGE_TARGETS = { seo: 100, mobileLcpMs: 1200, cls: 0 };
/** The earlier storefront on mobile (docs/benchmarks.md): performance 71-75, LCP 7-14 s. */
export const EARLIER_STOREFRONT = { mobilePerformance: [71, 75], lcpSeconds: [7, 14] } as const;

// chrome-launcher starts Chromium itself, so headless is one of its flags here.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

export interface PageScore {
  page: PageName;
  /** "#/home", or "/products/mechanical-keyboard-pro" for the server-rendered page. */
  label: string;
  preset: (typeof PRESETS)[number];
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** Every performance score of the runs, to show the spread. */
  performanceRuns: number[];
  /** Every run's largest contentful paint (ms), to show the spread. */
  lcpRuns: number[];
  /** The reported run's largest paint: its element and where its time went. */
  lcp: LcpDetails;
  /** Audits that did not pass in the reported run (title, score, display value). */
  failing: { category: string; id: string; title: string; score: number | null; value?: string }[];
}

const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;

function failingAudits(lhr: Result): PageScore['failing'] {
  const failing: PageScore['failing'] = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
      failing.push({
        category: id,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        ...(audit.displayValue ? { value: audit.displayValue } : {}),
      });
    }
  }
  return failing;
}

export interface LcpDetails {
  /** The element's CSS selector and its markup's start, as Lighthouse reports them. */
  selector?: string;
  snippet?: string;
  /** TTFB, load delay, load time, render delay (ms; load phases only for an image). */
  phases: Record<string, number>;
}

interface DetailsTable {
  type: string;
  items?: Record<string, unknown>[];
}

/** The largest-contentful-paint-element audit's two tables: the element, and its phases. */
function lcpDetails(lhr: Result): LcpDetails {
  const list = lhr.audits['largest-contentful-paint-element']?.details as DetailsTable | undefined;
  const [elementTable, phaseTable] = (list?.items ?? []) as unknown as DetailsTable[];
  const node = elementTable?.items?.[0]?.node as
    { selector?: string; snippet?: string } | undefined;
  const phases: Record<string, number> = {};
  for (const row of phaseTable?.items ?? []) {
    phases[String(row.phase)] = Math.round(Number(row.timing));
  }
  return { selector: node?.selector, snippet: node?.snippet, phases };
}

let navigations = 0;

/**
 * One Lighthouse run. Each URL gets its own query string: going from #/keyboard to #/cart on the
 * same document is a hash change, not a page load, and Lighthouse then finds no navigation to
 * trace (NO_NAVSTART). A run that fails anyway is tried once more.
 */
async function audit(url: string, port: number, preset: (typeof PRESETS)[number], name: string) {
  const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
  let problem = '';
  for (let attempt = 0; attempt < 2; attempt++) {
    navigations += 1;
    const result = await lighthouse(
      url.includes('#') ? url.replace('#', `?run=${navigations}#`) : `${url}?run=${navigations}`,
      { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
      config,
    );
    if (result && !result.lhr.runtimeError) {
      if (LHR_DIR) {
        mkdirSync(LHR_DIR, { recursive: true });
        const file = `${preset}-${name}-${navigations}.json`;
        writeFileSync(path.join(LHR_DIR, file), JSON.stringify(result.lhr));
      }
      return result.lhr;
    }
    problem = result?.lhr.runtimeError?.message ?? 'Lighthouse returned nothing';
    console.log(`  ${preset} ${url}: ${problem}; trying again`);
  }
  throw new Error(`${url}: ${problem}`);
}

async function measure(origin: string): Promise<PageScore[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
    ...(BASE_PORT ? { port: BASE_PORT + 3 } : {}),
  });
  try {
    const scores: PageScore[] = [];
    for (const preset of picked(PRESETS)) {
      for (const page of picked(Object.keys(PAGES) as PageName[])) {
        const url = `${origin}${PAGES[page]}`;
        const runs: Result[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await audit(url, chrome.port, preset, page));
        runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
        const lhr = runs[Math.floor(runs.length / 2)]!;
        scores.push({
          page,
          label: pageLabel(page),
          preset,
          performance: score(lhr, 'performance'),
          accessibility: score(lhr, 'accessibility'),
          bestPractices: score(lhr, 'best-practices'),
          seo: score(lhr, 'seo'),
          lcpMs: numeric(lhr, 'largest-contentful-paint'),
          fcpMs: numeric(lhr, 'first-contentful-paint'),
          tbtMs: numeric(lhr, 'total-blocking-time'),
          cls: numeric(lhr, 'cumulative-layout-shift'),
          performanceRuns: runs.map((r) => score(r, 'performance')),
          lcpRuns: runs.map((r) => Math.round(numeric(r, 'largest-contentful-paint'))),
          lcp: lcpDetails(lhr),
          failing: failingAudits(lhr),
        });
        console.log(
          `  ${preset} ${pageLabel(page)}: performance ${runs.map((r) => score(r, 'performance')).join('/')}, ` +
            `accessibility ${score(lhr, 'accessibility')}, best practices ${score(lhr, 'best-practices')}, SEO ${score(lhr, 'seo')}`,
        );
      }
    }
    return scores;
  } finally {
    chrome.kill();
  }
}

function metricsOf(s: PageScore): Metric[] {
  const name = `${s.preset} ${s.label}`;
  const mobile = s.preset === 'mobile';
  const perfBudget = mobile ? { budget: { min: TARGETS.mobilePerformance } } : {};
  // The product page's own targets (mobile): SEO 100, a faster LCP, no layout shift at all.
  const product = mobile && s.page === 'product';
  return [
    { name: `${name} performance`, value: s.performance, unit: 'score', ...perfBudget },
    {
      name: `${name} accessibility`,
      value: s.accessibility,
      unit: 'score',
      budget: { min: TARGETS.accessibility },
    },
    {
      name: `${name} best practices`,
      value: s.bestPractices,
      unit: 'score',
      budget: { min: TARGETS.bestPractices },
    },
    {
      name: `${name} SEO`,
      value: s.seo,
      unit: 'score',
      ...(product ? { budget: { min: PRODUCT_PAGE_TARGETS.seo } } : {}),
    },
    {
      name: `${name} LCP`,
      value: Math.round(s.lcpMs),
      unit: 'ms',
      ...(mobile
        ? {
            budget: {
              max: product ? PRODUCT_PAGE_TARGETS.mobileLcpMs : TARGETS.mobileLcpMs,
            },
          }
        : {}),
    },
    // Google's "good" threshold; the footer jumping under a lazily loaded page once cost 0.15.
    {
      name: `${name} CLS`,
      value: Math.round(s.cls * 1000) / 1000,
      unit: 'score',
      budget: { max: product ? PRODUCT_PAGE_TARGETS.cls : 0.1 },
    },
  ];
}

export const lighthouseBench: Benchmark = {
  name: 'lighthouse',
  description: `Lighthouse 12 on #/home, #/keyboard, #/cart and /products/mechanical-keyboard-pro, mobile and desktop (median of ${RUNS})`,
  async run() {
    const ports = BASE_PORT
      ? { port: BASE_PORT, sandboxPort: BASE_PORT + 1, mailboxPort: BASE_PORT + 2 }
      : {};
    const server = await launchServer({ build: true, entry: COMPILED_SERVER, ...ports });
    try {
      // The shop as an owner runs it: the keyboards have photos, so #/keyboard paints a photo
      // (BENCH_LIGHTHOUSE_PHOTOS=0 measures the drawings instead).
      const photos = WITH_PHOTOS ? await seedPhotos(server.origin, server.options.dataDir) : 0;
      const scores = await measure(server.origin);
      return {
        metrics: scores.flatMap(metricsOf),
        details: {
          runs: RUNS,
          photos: photos > 0 ? `${photos} keyboards with a 2400×1600 JPEG photo each` : 'none',
          chromium: CHROMIUM_PATH,
          targets: TARGETS,
          productPageTargets: PRODUCT_PAGE_TARGETS,
          earlierStorefront: EARLIER_STOREFRONT,
          method:
            'lighthouse npm package, default (mobile: Moto G Power, simulated slow 4G and 4x CPU slowdown) and desktop configs; categories performance, accessibility, best-practices, seo; the run with the median performance score is reported.',
          scores,
        },
      };
    } finally {
      await server.stop();
    }
  },
};

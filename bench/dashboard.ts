/**
 * The dashboard at scale (issue 5, point 8; issue 18, point 2): a 10,000-location account in
 * Chromium at 1280x800 — the JS the sign-in page and the dashboard load, the first render of
 * /dashboard, how fast search and 'Sort Location By' answer — and Lighthouse on / and on
 * /dashboard signed in. Figures are printed as tables, the last one each beside its goal, and
 * saved to bench/results/dashboard.json; nothing passes or fails. `npm run bench:dashboard` runs
 * this part alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { measureInChromium } from './dashboard-chromium';
import { runLighthouse } from './dashboard-lighthouse';
import { report } from './dashboard-report';
import {
  buildWebApp,
  Cleanups,
  entryScripts,
  jsFilesOf,
  round,
  SCALE_LOCATIONS,
  startBenchApp,
  weightOf,
} from './dashboard-support';

/**
 * Builds the web app into a temporary folder, starts the app with the 10,000-location account,
 * measures in Chromium and with Lighthouse, prints and saves; everything it started is closed
 * and the folder removed, also when a step fails.
 */
export async function benchDashboard(): Promise<void> {
  const cleanups = new Cleanups();
  try {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pluvio-bench-web-'));
    cleanups.add(() => fs.rmSync(webDist, { recursive: true, force: true }));
    buildWebApp(webDist);
    const jsFiles = jsFilesOf(webDist);
    const bundle = {
      all: weightOf(jsFiles, jsFiles.keys()),
      entry: weightOf(jsFiles, entryScripts(webDist)),
    };

    const started = performance.now();
    const app = await startBenchApp(webDist);
    cleanups.add(() => app.close());
    console.log(
      `dashboard: app with ${SCALE_LOCATIONS} locations ready in ${round((performance.now() - started) / 1000)} s`,
    );

    const browserFigures = await measureInChromium(app.address, jsFiles);
    const lighthouseRows = await runLighthouse(app.address);
    report(
      { ...bundle, signIn: browserFigures.signInJs, dashboard: browserFigures.dashboardJs },
      browserFigures,
      lighthouseRows,
    );
  } finally {
    await cleanups.run();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchDashboard();

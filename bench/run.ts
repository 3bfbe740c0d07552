/**
 * Benchmarks: the read API beside its goals (`api.ts`: the current user, the locations list, the
 * rainfall data calls for a 250-location account and sign-in, at 10 and 50 connections, each
 * beside a trivial route measured in the same run as this machine's ceiling); then rainfall
 * storage at scale, the alert rules and the daily report at scale, report files (PDF, XLSX, CSV,
 * HTML) of 100 and 1,000 locations, and the dashboard in Chromium with a 10,000-location account
 * (with Lighthouse), and the MRMS decoder beside ecCodes. Figures are printed as tables and saved
 * under bench/results/; nothing here passes or fails.
 */
import { benchApi } from './api';
import { benchDashboard } from './dashboard';
import { benchMrms } from './mrms';
import { benchNotifications } from './notifications';
import { benchRainfallStorage } from './rainfall-storage';
import { benchReports } from './reports';

await benchApi();

await benchRainfallStorage(process.env.DATABASE_URL);

await benchNotifications(process.env.DATABASE_URL);

await benchReports();

await benchMrms();

await benchDashboard();
